import './app/styles';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { browserPageEffects, createPageLifecycle } from './app/page-lifecycle';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { hasAnySession } from './app/session-store';
import { expireSession } from './app/sign-in-redirect';
import { initI18n } from './i18n';
import { loadSettings } from './app/settings';

async function start() {
  // The chosen language's catalog loads before the first paint, behind the splash screen.
  await Promise.all([initI18n(), loadSettings()]);
  const router = createAppRouter();
  const page = createPageLifecycle(browserPageEffects()).watch(router);
  const queryClient = createQueryClient(() => expireSession(router));
  // Spec 01 §4: stored logins are checked by token before the first screen shows. The check
  // loads on demand, so a visitor who never signed in does not download it.
  if (hasAnySession()) {
    const { verifyStoredSessions } = await import('./features/auth/verify-stored-sessions');
    await verifyStoredSessions(queryClient);
  }
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html lacks the #root element.');
  createRoot(root).render(
    <StrictMode>
      <App router={router} queryClient={queryClient} onMounted={page.appMounted} />
    </StrictMode>,
  );
}

void start();
