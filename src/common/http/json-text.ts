import type { Response } from 'express';

/**
 * A body already encoded as JSON (built by PostgreSQL, joined as text): sent as it is, never parsed and re-encoded.
 * `T` names the shape the text holds, for the reader of the handler's signature.
 */
export type JsonText<T> = string & { readonly __json?: T };

/** Marks the response as JSON and answers the text, for a handler with `@Res({ passthrough: true })`. */
export function sendJsonText<T>(res: Response, text: JsonText<T>): JsonText<T> {
  res.type('application/json');
  return text;
}
