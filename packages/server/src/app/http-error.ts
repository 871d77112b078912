import type { FieldError } from '@toolsmith/core';

/** An error the API answers with as `{ error, code?, details? }` and the given status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: { code?: string; details?: FieldError[]; suggestedName?: string } = {},
    /** extra response headers (Retry-After) */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (what: string, id: string) => new HttpError(404, `No ${what} with id "${id}".`);

export function validationError(details: FieldError[], summary?: string): HttpError {
  const message =
    summary ??
    (details.length === 1 ? details[0].message : `${details.length} fields need fixing; see details.`);
  return new HttpError(400, message, { details });
}
