/** The one error type of the server; the error handler turns it into `{ error: { code, message, fields? } }`. */

export const ERROR_STATUS = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  PAYMENT_REQUIRED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  /** The database (or another service the answer needs) is unreachable for now; try again. */
  UNAVAILABLE: 503,
} as const;

export type TErrorCode = keyof typeof ERROR_STATUS;
export type TFieldErrors = Record<string, string>;

export class AppError extends Error {
  readonly code: TErrorCode;
  readonly fields?: TFieldErrors;
  readonly headers?: Record<string, string>;

  constructor(
    code: TErrorCode,
    message: string,
    options: { fields?: TFieldErrors; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.code = code;
    this.fields = options.fields;
    this.headers = options.headers;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const notFound = (what: string) =>
  new AppError('NOT_FOUND', `The requested ${what} is not found`);
export const forbidden = (message = 'You may not do this.') => new AppError('FORBIDDEN', message);
export const unauthenticated = (message = 'Please sign in.') =>
  new AppError('UNAUTHENTICATED', message);
export const conflict = (message: string, fields?: TFieldErrors) =>
  new AppError('CONFLICT', message, { fields });
export const invalid = (message: string, fields?: TFieldErrors) =>
  new AppError('VALIDATION', message, { fields });
