import './app/styles';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { browserPageEffects, createPageLifecycle } from './app/page-lifecycle';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { expireSession } from './app/sign-in-redirect';
import { initI18n } from './i18n';

async function start() {
  // The chosen language's catalog loads before the first paint, behind the splash screen.
  await initI18n();
  const router = createAppRouter();
  const page = createPageLifecycle(browserPageEffects()).watch(router);
  const queryClient = createQueryClient(() => expireSession(router));
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html lacks the #root element.');
  createRoot(root).render(
    <StrictMode>
      <App router={router} queryClient={queryClient} onMounted={page.appMounted} />
    </StrictMode>,
  );
}

void start();
