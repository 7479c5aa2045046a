/**
 * The stored logins of spec 01 §3: one record per kind (ga, su, mem) in localStorage under
 * `<appVersion>-samaj-user-<kind>`. The functions work on any `Storage` so tests can pass an
 * in-memory one; the module-level exports use the browser's localStorage.
 */
import { version as APP_VERSION } from '../../package.json';
import { SESSION_KINDS, type TSessionKind } from '../../domain/constants';

export interface TStoredSession {
  authToken: string;
  refreshToken?: string;
  expiresIn?: number | string;
  user?: Record<string, unknown>;
}

export interface TSessionStore {
  readSession(kind: TSessionKind): TStoredSession | null;
  saveSession(kind: TSessionKind, value: Partial<TStoredSession>): boolean;
  clearAllSessions(): void;
  hasAnySession(): boolean;
  storedKinds(): TSessionKind[];
  subscribe(listener: () => void): () => void;
  /** Tells subscribers the records changed behind the store's back (another tab). */
  notifyChanged(): void;
}

export const USER_DATA_KEY = 'samaj-user';

export function sessionKey(kind: TSessionKind, appVersion = APP_VERSION): string {
  return `${appVersion}-${USER_DATA_KEY}-${kind}`;
}

function isStoredSession(value: unknown): value is TStoredSession {
  if (typeof value !== 'object' || value === null) return false;
  const token = (value as { authToken?: unknown }).authToken;
  return typeof token === 'string' && token.length > 0;
}

export function createSessionStore(storage: Storage, appVersion = APP_VERSION): TSessionStore {
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());
  // Screens read the logins on every render; one warning per damaged value is enough.
  const warnedAbout = new Map<TSessionKind, string>();

  function readSession(kind: TSessionKind): TStoredSession | null {
    const raw = storage.getItem(sessionKey(kind, appVersion));
    if (raw === null) return null;
    try {
      const parsed: unknown = JSON.parse(raw);
      if (isStoredSession(parsed)) return parsed;
    } catch {
      // Falls through to the warning below: a damaged record counts as no login (spec 01 §8).
    }
    if (warnedAbout.get(kind) !== raw) {
      warnedAbout.set(kind, raw);
      console.warn(`Ignoring an unreadable stored login (${kind}).`);
    }
    return null;
  }

  function saveSession(kind: TSessionKind, value: Partial<TStoredSession>): boolean {
    if (!isStoredSession(value)) return false;
    storage.setItem(sessionKey(kind, appVersion), JSON.stringify(value));
    notify();
    return true;
  }

  function clearAllSessions(): void {
    for (const kind of SESSION_KINDS) storage.removeItem(sessionKey(kind, appVersion));
    notify();
  }

  function storedKinds(): TSessionKind[] {
    return SESSION_KINDS.filter((kind) => readSession(kind) !== null);
  }

  return {
    readSession,
    saveSession,
    clearAllSessions,
    hasAnySession: () => storedKinds().length > 0,
    storedKinds,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    notifyChanged: notify,
  };
}

let browserStore: TSessionStore | undefined;

/** Created on first use, so importing this module in Node (tests) does not touch `window`. */
function store(): TSessionStore {
  if (!browserStore) {
    const created = createSessionStore(window.localStorage);
    // Another tab signing in or out changes what this tab may show.
    window.addEventListener('storage', (event) => {
      if (event.key === null || event.key.includes(`-${USER_DATA_KEY}-`)) created.notifyChanged();
    });
    browserStore = created;
  }
  return browserStore;
}

export const readSession = (kind: TSessionKind) => store().readSession(kind);
export const saveSession = (kind: TSessionKind, value: Partial<TStoredSession>) =>
  store().saveSession(kind, value);
export const clearAllSessions = () => store().clearAllSessions();
export const hasAnySession = () => store().hasAnySession();
export const storedSessionKinds = () => store().storedKinds();
export const subscribeToSessions = (listener: () => void) => store().subscribe(listener);
