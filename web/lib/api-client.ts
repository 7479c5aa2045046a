/**
 * The one way the web app talks to the server: JSON (or multipart) under `/api`, the stored
 * login's bearer token when asked for, and the server's `{ error: { code, message, fields? } }`
 * turned into an `ApiError`. Screens show `messageOf(error, t)`, never a raw error.
 */
import type { TFunction } from 'i18next';
import type { TSessionKind } from '../../domain/constants';
import { readSession } from '../app/session-store';

export const API_ERROR_CODES = [
  'VALIDATION',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYMENT_REQUIRED',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'INTERNAL',
  'UNAVAILABLE',
  // Client-side only: the request never got an answer.
  'NETWORK',
] as const;
export type TApiErrorCode = (typeof API_ERROR_CODES)[number];

const CODE_BY_STATUS: Record<number, TApiErrorCode> = {
  400: 'VALIDATION',
  401: 'UNAUTHENTICATED',
  402: 'PAYMENT_REQUIRED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'VALIDATION',
  429: 'RATE_LIMITED',
  503: 'UNAVAILABLE',
};

export class ApiError extends Error {
  readonly code: TApiErrorCode;
  /** HTTP status; 0 when the server could not be reached. */
  readonly status: number;
  readonly fields?: Readonly<Record<string, string>>;
  /** True when the request carried a stored login, so a 401 means that login has expired. */
  readonly sentToken: boolean;
  /** The server's `Retry-After` in seconds (429), so a screen can say how long to wait. */
  readonly retryAfterSeconds?: number;

  constructor(
    code: TApiErrorCode,
    message: string,
    options: {
      status: number;
      fields?: Record<string, string>;
      sentToken?: boolean;
      retryAfterSeconds?: number;
    },
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = options.status;
    this.fields = options.fields;
    this.sentToken = options.sentToken ?? false;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** `admin` is whichever administrator is signed in: the global admin first, else the super user. */
export type TApiSession = TSessionKind | 'admin';

export interface TApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain value is sent as JSON; `FormData` is sent as multipart. */
  body?: unknown;
  session?: TApiSession;
  signal?: AbortSignal;
}

function tokenOf(session: TApiSession): string | null {
  if (session === 'admin') {
    return (readSession('ga') ?? readSession('su'))?.authToken ?? null;
  }
  return readSession(session)?.authToken ?? null;
}

function isApiErrorCode(value: unknown): value is TApiErrorCode {
  return typeof value === 'string' && (API_ERROR_CODES as readonly string[]).includes(value);
}

function isFieldMap(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every((text) => typeof text === 'string')
  );
}

/** `Retry-After` as seconds; the HTTP-date form is not used by this server and reads as absent. */
function retryAfterOf(response: Response): number | undefined {
  const header = response.headers.get('Retry-After')?.trim();
  return header && /^\d+$/.test(header) ? Number(header) : undefined;
}

async function errorFrom(response: Response, sentToken: boolean): Promise<ApiError> {
  const fallbackCode = CODE_BY_STATUS[response.status] ?? 'INTERNAL';
  const options = { status: response.status, sentToken, retryAfterSeconds: retryAfterOf(response) };
  try {
    const payload: unknown = await response.json();
    const error = (payload as { error?: { code?: unknown; message?: unknown; fields?: unknown } })
      ?.error;
    if (error && typeof error === 'object') {
      return new ApiError(
        isApiErrorCode(error.code) ? error.code : fallbackCode,
        typeof error.message === 'string' ? error.message : response.statusText,
        { ...options, fields: isFieldMap(error.fields) ? error.fields : undefined },
      );
    }
  } catch {
    // Not JSON (a proxy's error page, say): the status alone tells what happened.
  }
  return new ApiError(fallbackCode, response.statusText, options);
}

export async function apiFetch<T>(path: string, request: TApiRequest = {}): Promise<T> {
  const headers = new Headers({ Accept: 'application/json' });
  // The language the reader chose (i18n keeps it on <html lang>), so what the server writes
  // for them later, such as a receipt, comes in that language.
  const language = globalThis.document?.documentElement.lang;
  if (language) headers.set('Accept-Language', language);
  let body: BodyInit | undefined;
  if (request.body instanceof FormData) {
    body = request.body;
  } else if (request.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(request.body);
  }

  let sentToken = false;
  if (request.session) {
    const token = tokenOf(request.session);
    if (!token) {
      throw new ApiError('UNAUTHENTICATED', 'No stored login for this request.', { status: 401 });
    }
    headers.set('Authorization', `Bearer ${token}`);
    sentToken = true;
  }

  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: request.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      signal: request.signal,
    });
  } catch (error) {
    if (request.signal?.aborted) throw error;
    throw new ApiError('NETWORK', 'The server could not be reached.', { status: 0 });
  }

  if (!response.ok) throw await errorFrom(response, sentToken);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  if (text === '') return undefined as T;
  return (response.headers.get('Content-Type')?.includes('json') ? JSON.parse(text) : text) as T;
}

/** The translated, friendly message for any error a call can throw. */
export function messageOf(error: unknown, t: TFunction): string {
  const code = error instanceof ApiError ? error.code : 'INTERNAL';
  return t(`errors.codes.${code}`);
}
