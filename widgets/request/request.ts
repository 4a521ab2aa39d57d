import { camelizeKeys } from './camel-case';
import { encodeParams, withQuery, type Params } from './encode';
import { envelopeError, unwrapEnvelope } from './envelope';
import { GetCache, GET_CACHE_MS } from './get-cache';
import { NETWORK_ERRNO, RequestError, networkErrorText } from './request-error';
import { noteServerTime, serverTimeFromHeaders } from './server-time';

/** The request timeout and the delay between retries. */
export const REQUEST_TIMEOUT_MS = 60_000;
export const RETRY_DELAY_MS = 3_000;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Query parameters. */
  params?: Params;
  /** Body: form-encoded by default; set `json` to send JSON. */
  body?: Params | Record<string, unknown>;
  json?: boolean;
  /** Optional `from` parameter added to GET requests. */
  from?: string;
  timeoutMs?: number;
  /** Number of extra attempts after a network failure or a 5xx (3 for misc/info, header-footer, …). */
  retries?: number;
  retryDelayMs?: number;
  /** Multiply the delay by the attempt number ("3 s scaling"). */
  retryScaling?: boolean;
  /** Cache a GET result: true = 300000 ms, or a number of ms. No caching unless asked. */
  cache?: boolean | number;
  /** Convert response keys to camelCase (default true). */
  camelCase?: boolean;
  /** Unwrap the envelope's data field (default true). */
  unwrap?: boolean;
  /** Show a toast on failure: 'server' = the server message, 'auto' = "Network error, errorCode = {errno}". */
  toast?: 'server' | 'auto';
  /** Send the user to sign-in on 20001/20006 (default true). */
  redirectOnNotLoggedIn?: boolean;
  signal?: AbortSignal;
}

export interface RequestDeps {
  fetch: typeof fetch;
  /** Called for 20001/20006. */
  onNotLoggedIn: () => void;
  /** Error reporting (errsave); network errors come as warnings. */
  report: (level: 'warning' | 'error', message: string, detail: Record<string, unknown>) => void;
  toast: (text: string) => void;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  /** Query parameters every call carries (flow=company on business paths). */
  commonParams?: () => Params;
}

export type RequestFn = <T = unknown>(url: string, options?: RequestOptions) => Promise<T>;

const defaultSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Builds the request function over injectable dependencies (fetch, redirects, reporting, toasts). */
export function createRequest(deps: RequestDeps): RequestFn & { cache: GetCache } {
  const sleep = deps.sleep ?? defaultSleep;
  const cache = new GetCache(deps.now);

  async function once(url: string, init: RequestInit, timeoutMs: number, outer?: AbortSignal): Promise<unknown> {
    const ctrl = new AbortController();
    const timer = setTimeout(() => ctrl.abort(), timeoutMs);
    const onAbort = () => ctrl.abort();
    outer?.addEventListener('abort', onAbort);
    let res: Response;
    let text: string;
    const sent = Date.now();
    let received = sent;
    try {
      res = await deps.fetch(url, { ...init, signal: ctrl.signal });
      received = Date.now();
      text = await res.text();
    } catch {
      if (outer?.aborted) throw new RequestError(NETWORK_ERRNO, 'Aborted');
      throw new RequestError(NETWORK_ERRNO, 'Network error');
    } finally {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onAbort);
    }
    const serverMs = serverTimeFromHeaders(res.headers);
    // The header was written between sending and receiving: the middle of the round trip is the best guess.
    if (serverMs !== null) noteServerTime(serverMs, (sent + received) / 2, received - sent);
    // A 2xx with an empty body counts as 503.
    const status = res.ok && text.trim() === '' ? 503 : res.status;
    let body: unknown;
    if (text.trim() !== '') {
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
    }
    const envErr = envelopeError(body, status);
    if (envErr) throw envErr;
    if (status < 200 || status >= 300) throw new RequestError(status, res.statusText || `HTTP ${status}`, status, body);
    return body;
  }

  async function run(url: string, o: RequestOptions): Promise<unknown> {
    const method = o.method ?? (o.body ? 'POST' : 'GET');
    const params: Params = { ...(deps.commonParams?.() ?? {}), ...(o.params ?? {}) };
    if (method === 'GET' && o.from) params.from = o.from;
    const fullUrl = withQuery(url, params);
    const headers: Record<string, string> = { Accept: 'application/json' };
    let body: string | undefined;
    if (o.body !== undefined && method !== 'GET') {
      if (o.json) {
        headers['Content-Type'] = 'application/json';
        body = JSON.stringify(o.body);
      } else {
        headers['Content-Type'] = 'application/x-www-form-urlencoded';
        body = encodeParams(o.body as Params).toString();
      }
    }
    const init: RequestInit = { method, headers, body, credentials: 'include', mode: 'cors', cache: 'no-store' };
    const retries = o.retries ?? 0;
    const delay = o.retryDelayMs ?? RETRY_DELAY_MS;
    for (let attempt = 0; ; attempt++) {
      try {
        const raw = await once(fullUrl, init, o.timeoutMs ?? REQUEST_TIMEOUT_MS, o.signal);
        const value = o.unwrap === false ? raw : unwrapEnvelope(raw);
        return o.camelCase === false ? value : camelizeKeys(value);
      } catch (e) {
        const err = e as RequestError;
        const transient = err.isNetworkError || err.status >= 500;
        if (!transient || attempt >= retries || o.signal?.aborted) throw err;
        await sleep(o.retryScaling ? delay * (attempt + 1) : delay);
      }
    }
  }

  function handleFailure(url: string, o: RequestOptions, err: RequestError): never {
    if (err.isNotLoggedIn && o.redirectOnNotLoggedIn !== false) deps.onNotLoggedIn();
    if (err.isNetworkError) deps.report('warning', err.errmsg, { url, errno: err.errno });
    if (o.toast === 'auto') deps.toast(networkErrorText(err.errno));
    else if (o.toast === 'server') deps.toast(err.errmsg || networkErrorText(err.errno));
    throw err;
  }

  const request = (<T>(url: string, options: RequestOptions = {}): Promise<T> => {
    const method = options.method ?? (options.body ? 'POST' : 'GET');
    const ttl = options.cache === true ? GET_CACHE_MS : typeof options.cache === 'number' ? options.cache : 0;
    const key = method === 'GET' && ttl > 0 ? withQuery(url, options.params) : null;
    const cached = key ? cache.get(key) : undefined;
    if (cached) return cached as Promise<T>;
    const p = run(url, options).catch((e: unknown) =>
      handleFailure(url, options, e instanceof RequestError ? e : new RequestError(NETWORK_ERRNO, 'Network error')),
    );
    if (key) cache.set(key, p, ttl);
    return p as Promise<T>;
  }) as RequestFn & { cache: GetCache };
  request.cache = cache;
  return request;
}
