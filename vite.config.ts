import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const repoRoot = import.meta.dirname;

export default defineConfig({
  root: path.join(repoRoot, 'web'),
  publicDir: path.join(repoRoot, 'web', 'public'),
  plugins: [react()],
  build: {
    outDir: path.join(repoRoot, 'dist'),
    emptyOutDir: true,
    // The public pages must stay lean; a larger chunk here is a regression worth hearing about.
    chunkSizeWarningLimit: 400,
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  preview: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
