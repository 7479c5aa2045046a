/**
 * Packages loaded by the first piece of work that needs them, not by every start: sharp with
 * libvips (0.3 s, 25 MB) for images and a ticket's QR code, pdfkit for receipts and exports.
 * Each is imported once and its promise kept, so a receipt does not resolve two imports again
 * (run through a loader, as the benchmarks ran until 2 December, each `import()` was a round
 * trip to the loader's own thread).
 */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => (loading ??= load());
}

export const loadSharp = once(() => import('sharp').then((module) => module.default));
export const loadPdfKit = once(() => import('pdfkit').then((module) => module.default));
