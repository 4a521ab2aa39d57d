import { envelopeError, unwrapEnvelope } from './envelope';
import { camelizeKeys } from './camel-case';

/**
 * Sends one file as its own bytes (the request layer sends JSON and forms only), its type in Content-Type and its
 * name in X-File-Name, and answers the envelope's data with camelCase keys; a refusal throws the envelope's error.
 * @example await uploadBytes(api('/user/avatar'), file)
 */
export async function uploadBytes(url: string, file: File): Promise<unknown> {
  const res = await fetch(url, {
    method: 'POST',
    body: file,
    credentials: 'include',
    headers: {
      Accept: 'application/json',
      'Content-Type': file.type || 'application/octet-stream',
      'X-File-Name': encodeURIComponent(file.name),
    },
  });
  const body: unknown = await res.json().catch(() => ({ errno: res.status || 1, errmsg: res.statusText }));
  const err = envelopeError(body, res.status);
  if (err) throw err;
  return camelizeKeys(unwrapEnvelope(body));
}
