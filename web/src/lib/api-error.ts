export const NETWORK_ERROR_MESSAGE = 'Network error. Please check your connection and try again.';
export const DEFAULT_ERROR_MESSAGE = 'An unexpected error occurred';

export type FieldErrors = Record<string, string[] | string>;

/** An API failure: status, field errors, the contract's code and details, and the raw response body. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors?: FieldErrors;
  readonly code?: string;
  readonly details?: Record<string, unknown>;
  readonly response?: unknown;

  constructor(
    message: string,
    opts: {
      status: number;
      errors?: FieldErrors;
      code?: string;
      details?: Record<string, unknown>;
      response?: unknown;
    },
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = opts.status;
    this.errors = opts.errors;
    this.code = opts.code;
    this.details = opts.details;
    this.response = opts.response;
  }

  /** The first message for one field, for showing under a form input. */
  fieldError(field: string): string | undefined {
    const value = this.errors?.[field];
    return Array.isArray(value) ? value[0] : value;
  }
}

const firstOf = (errors: unknown): string | undefined => {
  if (!errors || typeof errors !== 'object') return undefined;
  for (const value of Object.values(errors as Record<string, unknown>)) {
    if (typeof value === 'string' && value) return value;
    if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
  }
  return undefined;
};

/**
 * Error text in the order of product spec section 8: error.message, message, a string error, the first entry
 * of errors (or validation_errors), otherwise `HTTP {status}: {status text}`.
 */
/** The error a failed answer of the contract's envelope stands for: its text, field errors, code and details. */
export function errorFromResponse(body: unknown, res: Pick<Response, 'status' | 'statusText'>): ApiError {
  const envelope = (body ?? {}) as {
    errors?: FieldErrors;
    error?: { code?: string; details?: Record<string, unknown> };
  };
  return new ApiError(errorText(body, res.status, res.statusText), {
    status: res.status,
    errors: envelope.errors,
    code: envelope.error?.code,
    details: envelope.error?.details,
    response: body,
  });
}

export function errorText(body: unknown, status: number, statusText: string): string {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const error = b.error;
  if (error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string') {
    const message = (error as { message: string }).message;
    if (message) return message;
  }
  if (typeof b.message === 'string' && b.message) return b.message;
  if (typeof error === 'string' && error) return error;
  return firstOf(b.errors) ?? firstOf(b.validation_errors) ?? `HTTP ${status}: ${statusText}`;
}

/** The text to show for any thrown value, with a caller's fallback for non-API failures. */
export function messageOf(err: unknown, fallback = DEFAULT_ERROR_MESSAGE): string {
  if (err instanceof ApiError) return err.message || fallback;
  if (err instanceof Error && err.message === NETWORK_ERROR_MESSAGE) return err.message;
  return fallback;
}
