import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSessionStore, sessionKey } from './session-store';

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

function setup() {
  const storage = new MemoryStorage();
  return { storage, sessions: createSessionStore(storage, '1.2.3') };
}

afterEach(() => vi.restoreAllMocks());

describe('session store', () => {
  it('keeps each kind under "<appVersion>-samaj-user-<kind>"', () => {
    const { storage, sessions } = setup();
    sessions.saveSession('su', { authToken: 'token-su', expiresIn: 3600 });
    expect(sessionKey('su', '1.2.3')).toBe('1.2.3-samaj-user-su');
    expect(JSON.parse(storage.getItem('1.2.3-samaj-user-su') ?? 'null')).toEqual({
      authToken: 'token-su',
      expiresIn: 3600,
    });
    expect(sessions.readSession('su')?.authToken).toBe('token-su');
    expect(sessions.readSession('ga')).toBeNull();
  });

  it('saves a login only when it carries an authToken', () => {
    const { storage, sessions } = setup();
    expect(sessions.saveSession('mem', { refreshToken: 'r' })).toBe(false);
    expect(sessions.saveSession('mem', { authToken: '' })).toBe(false);
    expect(storage.length).toBe(0);
    expect(sessions.saveSession('mem', { authToken: 'm' })).toBe(true);
    expect(storage.length).toBe(1);
  });

  it('logs an unreadable stored login and treats it as none', () => {
    const { storage, sessions } = setup();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    storage.setItem('1.2.3-samaj-user-ga', '{not json');
    storage.setItem('1.2.3-samaj-user-mem', JSON.stringify({ user: { id: 1 } }));
    expect(sessions.readSession('ga')).toBeNull();
    expect(sessions.readSession('mem')).toBeNull();
    expect(sessions.hasAnySession()).toBe(false);
    expect(warn).toHaveBeenCalled();
  });

  it('lets the guard pass when any one of the three logins exists', () => {
    for (const kind of ['ga', 'su', 'mem'] as const) {
      const { sessions } = setup();
      expect(sessions.hasAnySession()).toBe(false);
      sessions.saveSession(kind, { authToken: `t-${kind}` });
      expect(sessions.hasAnySession()).toBe(true);
      expect(sessions.storedKinds()).toEqual([kind]);
    }
  });

  it('ignores logins stored by another app version', () => {
    const { storage, sessions } = setup();
    storage.setItem('1.0.0-samaj-user-ga', JSON.stringify({ authToken: 'old' }));
    expect(sessions.hasAnySession()).toBe(false);
  });

  it('clears all three logins and leaves other keys alone', () => {
    const { storage, sessions } = setup();
    sessions.saveSession('ga', { authToken: 'a' });
    sessions.saveSession('su', { authToken: 'b' });
    sessions.saveSession('mem', { authToken: 'c' });
    storage.setItem('language', 'fr');
    sessions.clearAllSessions();
    expect(sessions.hasAnySession()).toBe(false);
    expect(storage.getItem('language')).toBe('fr');
  });

  it('tells subscribers when logins change', () => {
    const { sessions } = setup();
    const listener = vi.fn();
    const unsubscribe = sessions.subscribe(listener);
    sessions.saveSession('ga', { authToken: 'a' });
    sessions.clearAllSessions();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    sessions.saveSession('ga', { authToken: 'a' });
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
