import type { TFunction } from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../app/session-store';
import { ApiError, apiFetch, messageOf } from './api-client';

const storage = new Map<string, string>();
const fakeLocalStorage = {
  getItem: (key: string) => storage.get(key) ?? null,
  setItem: (key: string, value: string) => void storage.set(key, value),
  removeItem: (key: string) => void storage.delete(key),
};

function answer(status: number, body?: unknown) {
  const text = body === undefined ? '' : JSON.stringify(body);
  return new Response(status === 204 ? null : text, {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  storage.clear();
  vi.stubGlobal('window', { localStorage: fakeLocalStorage, addEventListener: () => undefined });
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});

afterEach(() => vi.unstubAllGlobals());

const sentRequest = () => {
  const [url, init] = fetchMock.mock.calls[0];
  return { url, init: init ?? {}, headers: new Headers(init?.headers) };
};

describe('apiFetch', () => {
  it('prefixes /api, sends JSON and returns the parsed answer', async () => {
    fetchMock.mockResolvedValue(answer(200, { id: 7 }));
    await expect(
      apiFetch('/event', { method: 'POST', body: { eventName: 'Diwali' } }),
    ).resolves.toEqual({ id: 7 });
    const { url, init, headers } = sentRequest();
    expect(url).toBe('/api/event');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"eventName":"Diwali"}');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.has('Authorization')).toBe(false);
  });

  it('sends the bearer token of the requested stored login', async () => {
    saveSession('mem', { authToken: 'member-token' });
    fetchMock.mockResolvedValue(answer(200, []));
    await apiFetch('/family/', { session: 'mem' });
    expect(sentRequest().headers.get('Authorization')).toBe('Bearer member-token');
  });

  it('reads "admin" as the global admin login, else the super user login', async () => {
    saveSession('su', { authToken: 'super-token' });
    fetchMock.mockImplementation(async () => answer(200, []));
    await apiFetch('/logs/', { session: 'admin' });
    expect(sentRequest().headers.get('Authorization')).toBe('Bearer super-token');

    saveSession('ga', { authToken: 'admin-token' });
    fetchMock.mockClear();
    await apiFetch('/logs/', { session: 'admin' });
    expect(sentRequest().headers.get('Authorization')).toBe('Bearer admin-token');
  });

  it('refuses locally when the requested login is not stored', async () => {
    const error = await apiFetch('/logs/', { session: 'ga' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'UNAUTHENTICATED', status: 401, sentToken: false });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("turns the server's error shape into an ApiError with code, message, fields and status", async () => {
    saveSession('ga', { authToken: 't' });
    fetchMock.mockResolvedValue(
      answer(400, {
        error: { code: 'VALIDATION', message: 'Bad', fields: { email: 'Email is required.' } },
      }),
    );
    const error = await apiFetch('/memberBoard', { body: {}, session: 'ga' }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({
      code: 'VALIDATION',
      message: 'Bad',
      status: 400,
      fields: { email: 'Email is required.' },
      sentToken: true,
    });
  });

  it('derives the code from the status when the answer is not the error shape', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(apiFetch('/event')).rejects.toMatchObject({ code: 'INTERNAL', status: 502 });
    fetchMock.mockResolvedValue(new Response('nope', { status: 429 }));
    await expect(apiFetch('/event')).rejects.toMatchObject({ code: 'RATE_LIMITED', status: 429 });
  });

  it("keeps a 429's Retry-After seconds, and leaves it out when the server sent none", async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ error: { code: 'RATE_LIMITED', message: 'Wait' } }), {
        status: 429,
        headers: { 'Content-Type': 'application/json', 'Retry-After': '540' },
      }),
    );
    await expect(apiFetch('/user/signin', { body: {} })).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      retryAfterSeconds: 540,
    });
    fetchMock.mockResolvedValue(answer(400, { error: { code: 'VALIDATION', message: 'Bad' } }));
    const error = await apiFetch('/user/signin', { body: {} }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'VALIDATION' });
    expect((error as ApiError).retryAfterSeconds).toBeUndefined();
  });

  it('reports an unreachable server as NETWORK', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiFetch('/event')).rejects.toMatchObject({ code: 'NETWORK', status: 0 });
  });

  it('passes a cancellation through untouched', async () => {
    const controller = new AbortController();
    controller.abort();
    const abort = new DOMException('aborted', 'AbortError');
    fetchMock.mockRejectedValue(abort);
    await expect(apiFetch('/event', { signal: controller.signal })).rejects.toBe(abort);
  });

  it('returns undefined for an empty answer', async () => {
    fetchMock.mockResolvedValue(answer(204));
    await expect(apiFetch('/event/1', { method: 'DELETE' })).resolves.toBeUndefined();
  });
});

describe('messageOf', () => {
  const t = ((key: string) => `t(${key})`) as unknown as TFunction;

  it('maps an ApiError code to its translated message, never the raw text', () => {
    const error = new ApiError('CONFLICT', 'duplicate key value violates constraint', {
      status: 409,
    });
    expect(messageOf(error, t)).toBe('t(errors.codes.CONFLICT)');
  });

  it('maps anything else to the generic message', () => {
    expect(messageOf(new Error('boom'), t)).toBe('t(errors.codes.INTERNAL)');
  });
});
