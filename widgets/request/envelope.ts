import { RequestError } from './request-error';

/** The envelope as the server sends it (before camelCasing). */
export interface Envelope<T = unknown> {
  data?: T;
  errno?: number;
  errorno?: number;
  error?: unknown;
  code?: number | string;
  errmsg?: string;
  msg?: string;
  message?: string;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/**
 * A body is an error if errno, errorno or error is truthy, or code is set and not 200.
 * Returns the RequestError, or null when the body is a success.
 */
export function envelopeError(body: unknown, status: number): RequestError | null {
  if (!isRecord(body)) return null;
  const { errno, errorno, error, code } = body;
  const codeSet = code !== undefined && code !== null && code !== '' && Number(code) !== 200;
  if (!errno && !errorno && !error && !codeSet) return null;
  const n = Number(errno || errorno || (codeSet ? code : 0)) || Number(error) || status || 1;
  const msg = [body.errmsg, body.errMsg, body.msg, body.message, typeof error === 'string' ? error : undefined].find(
    (m): m is string => typeof m === 'string' && m !== '',
  );
  return new RequestError(n, msg ?? '', status, body.data);
}

/** Success returns the data field; bodies that are not envelopes are returned whole. */
export function unwrapEnvelope(body: unknown): unknown {
  if (isRecord(body) && ('data' in body || 'errno' in body)) return body.data;
  return body;
}
