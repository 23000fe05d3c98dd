import type { TApiErrorCode } from '@portal/contract/common';

/** The one way a service refuses: the error handler turns it into the API's error shape. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: TApiErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (what = 'Record') => new AppError(404, 'NOT_FOUND', `${what} not found`);
export const forbidden = (message = 'You do not have permission to do this.') => new AppError(403, 'FORBIDDEN', message);
export const unauthorized = (message = 'Please sign in.') => new AppError(401, 'UNAUTHORIZED', message);
export const conflict = (message: string, fields?: Record<string, string>) => new AppError(409, 'CONFLICT', message, fields);
export const invalid = (fields: Record<string, string>, message = 'Please correct the highlighted fields.') =>
  new AppError(400, 'VALIDATION_FAILED', message, fields);
