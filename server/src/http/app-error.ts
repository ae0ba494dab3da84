import { ERROR_STATUS, type ErrorCode, type FieldErrors } from '@inbox/contract';

/** The one error type: a contract code, a human sentence, and optional field errors or details. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details?: Record<string, unknown>;
  readonly fields?: FieldErrors;
  readonly headers?: Record<string, string>;

  constructor(
    code: ErrorCode,
    message: string,
    opts: { details?: Record<string, unknown>; fields?: FieldErrors; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.details = opts.details;
    this.fields = opts.fields;
    this.headers = opts.headers;
  }
}

export const notFound = (what = 'Record') => new AppError('NOT_FOUND', `${what} not found`);
export const forbidden = (message = 'You do not have permission to do that') =>
  new AppError('FORBIDDEN', message);
export const unauthenticated = (message = 'Authentication required') =>
  new AppError('UNAUTHENTICATED', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);

/** A 422 naming one field, for rules that only the service can check (uniqueness, reachability). */
export const invalidField = (field: string, message: string) =>
  new AppError('VALIDATION_ERROR', message, { fields: { [field]: [message] } });

/**
 * The one 429: `RATE_LIMITED` with Retry-After (seconds) as a header and in the details, for every limit
 * (login, reset mails, portal starts and messages).
 */
export const rateLimited = (seconds: number, message = 'Too many requests. Please try again later.') =>
  new AppError('RATE_LIMITED', message, {
    details: { retry_after_seconds: seconds },
    headers: { 'retry-after': String(seconds) },
  });
