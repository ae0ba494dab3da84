/** Stable error codes of the API contract (section 1) and the HTTP status each one answers with. */
export const ERROR_STATUS = {
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  VALIDATION_ERROR: 422,
  RATE_LIMITED: 429,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  BAD_REQUEST: 400,
  INTERNAL: 500,
  TOKEN_EXPIRED: 401,
  INVALID_TOKEN: 401,
  INVALID_APP: 404,
  CONVERSATION_CLOSED: 403,
  CONVERSATION_RESOLVED: 403,
  COMPANY_SUSPENDED: 403,
  USER_SUSPENDED: 403,
  /** A satisfaction rating link older than 7 days (contract section 14). */
  RATING_EXPIRED: 410,
  /** The database is unreachable (contract section 12): try again after `Retry-After` seconds. */
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Field errors: each bad field names its messages, first one shown to the user. */
export type FieldErrors = Record<string, string[]>;

export interface ErrorBody {
  success: false;
  message: string;
  error: { code: ErrorCode; message: string; details?: Record<string, unknown> };
  errors?: FieldErrors;
}
