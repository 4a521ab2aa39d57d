import { RequestError } from '../request';
import { t } from './strings';

/** A failed call as a screen shows it: the error message, the fields at fault, and the rest of the envelope's data. */
export interface Failure {
  message: string;
  errno: number;
  fields: Record<string, string>;
  data: Record<string, unknown>;
}

export function failure(e: unknown, strings: Record<string, string> | undefined): Failure {
  if (e instanceof RequestError) {
    const data = (e.data && typeof e.data === 'object' ? e.data : {}) as Record<string, unknown>;
    const fields = (data['fields'] && typeof data['fields'] === 'object' ? data['fields'] : {}) as Record<
      string,
      string
    >;
    return { message: e.errmsg || t(strings, 'error.tryAgainLater'), errno: e.errno, fields, data };
  }
  return { message: t(strings, 'error.tryAgainLater'), errno: -1, fields: {}, data: {} };
}

/** The failure in words, for a callback that only shows text (the hooks in use-submit.ts cover forms and loads). */
export function failureMessage(e: unknown, strings: Record<string, string> | undefined): string {
  return failure(e, strings).message;
}
