export type ErrorCode =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_large'
  | 'unsupported_media'
  | 'rate_limited'
  /** An outside service (a payment provider) did not answer. */
  | 'unavailable'
  /** An outside service we had to ask before doing it (checking a key) did not answer usably. */
  | 'bad_gateway';

const STATUS: Record<ErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_media: 415,
  rate_limited: 429,
  unavailable: 503,
  bad_gateway: 502,
};

export interface FieldError {
  path: string;
  message: string;
}

/** The one error type handlers throw; the error handler turns it into `{message, errors}` with its status. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: FieldError[],
    /** Some calls answer a plain human text instead of JSON (e.g. login failures). */
    readonly asText = false,
  ) {
    super(message);
    this.statusCode = STATUS[code];
  }
}

export const badRequest = (message: string, errors?: FieldError[]) => new AppError('bad_request', message, errors);
export const notFound = (message = 'Not found') => new AppError('not_found', message);
export const forbidden = (message = 'You do not have access to this') => new AppError('forbidden', message);
export const unauthorized = (message = 'Sign in required') => new AppError('unauthorized', message);
