import { camelizeKeys } from './camel-case';
import { withQuery, type Params } from './encode';
import { RequestError, NETWORK_ERRNO } from './request-error';

let counter = 0;

/** JSONP GET (emailsubscribe): the callback name goes in `callbackParam`; resolves with the camelCased payload. */
export function jsonp<T = unknown>(
  url: string,
  params: Params,
  callbackParam = 'jsonpcallback',
  timeoutMs = 60_000,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const name = `__storeJsonp${Date.now().toString(36)}${counter++}`;
    const w = window as unknown as Record<string, unknown>;
    const script = document.createElement('script');
    const cleanup = () => {
      clearTimeout(timer);
      delete w[name];
      script.remove();
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(new RequestError(NETWORK_ERRNO, 'Network error'));
    }, timeoutMs);
    w[name] = (payload: unknown) => {
      cleanup();
      resolve(camelizeKeys(payload) as T);
    };
    script.onerror = () => {
      cleanup();
      reject(new RequestError(NETWORK_ERRNO, 'Network error'));
    };
    script.src = withQuery(url, { ...params, [callbackParam]: name });
    document.head.appendChild(script);
  });
}
