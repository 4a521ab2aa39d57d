import { describe, expect, it, vi } from 'vitest';
import { createRequest, type RequestDeps } from './request';
import { RequestError } from './request-error';

type Reply = { status?: number; body?: string; throws?: boolean; headers?: Record<string, string> };

function fakeFetch(replies: Reply[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fn = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    const r = (replies.length > 1 ? replies.shift() : replies[0]) ?? { body: '' };
    if (r.throws) throw new TypeError('Failed to fetch');
    return new Response(r.body ?? '', { status: r.status ?? 200, headers: r.headers });
  });
  return { fn: fn as unknown as typeof fetch, calls };
}

function setup(replies: Reply[], extra: Partial<RequestDeps> = {}) {
  const f = fakeFetch(replies);
  const deps = {
    fetch: f.fn,
    onNotLoggedIn: vi.fn(),
    report: vi.fn(),
    toast: vi.fn(),
    sleep: vi.fn(async () => undefined),
    ...extra,
  };
  return { request: createRequest(deps), deps, calls: f.calls };
}

const ok = (data: unknown) => ({ body: JSON.stringify({ errno: 0, errmsg: '', data }) });

describe('request layer', () => {
  it('sends credentials, cors mode, no-store and unwraps + camelCases the data', async () => {
    const { request, calls } = setup([ok({ cart_count: 2, nested_list: [{ item_id: 'a' }] })]);
    const data = await request<{ cartCount: number; nestedList: { itemId: string }[] }>('/api/id/misc/info');
    expect(data).toEqual({ cartCount: 2, nestedList: [{ itemId: 'a' }] });
    expect(calls[0]?.init).toMatchObject({ method: 'GET', credentials: 'include', mode: 'cors', cache: 'no-store' });
  });

  it('keeps keys when camelCase is disabled', async () => {
    const { request } = setup([ok({ cart_count: 2 })]);
    expect(await request('/x', { camelCase: false })).toEqual({ cart_count: 2 });
  });

  it('form-encodes bodies by default and adds from to GET', async () => {
    const { request, calls } = setup([ok(1), ok(2)]);
    await request('/api/id/cart', { body: { cartV: 20000, operation: 'add', skip: undefined } });
    expect(calls[0]?.init.method).toBe('POST');
    expect(calls[0]?.init.body).toBe('cartV=20000&operation=add');
    expect((calls[0]!.init.headers as Record<string, string>)['Content-Type']).toBe(
      'application/x-www-form-urlencoded',
    );
    await request('/api/id/recommend', { params: { cacheable: 1 }, from: 'pc' });
    expect(calls[1]?.url).toBe('/api/id/recommend?cacheable=1&from=pc');
  });

  it('sends JSON when asked', async () => {
    const { request, calls } = setup([ok(null)]);
    await request('/x', { body: { a: [1] }, json: true });
    expect(calls[0]?.init.body).toBe('{"a":[1]}');
  });
});

describe('errors', () => {
  it.each([
    [{ errno: 5, errmsg: 'bad' }, 5],
    [{ errorno: 7, errmsg: 'bad' }, 7],
    [{ error: 'oops' }, 200],
    [{ code: 404, msg: 'nope' }, 404],
  ])('treats %j as an error', async (body, errno) => {
    const { request } = setup([{ body: JSON.stringify(body) }]);
    await expect(request('/x')).rejects.toMatchObject({ errno });
  });

  it('accepts code 200 as success', async () => {
    const { request } = setup([{ body: JSON.stringify({ code: 200, data: { a: 1 } }) }]);
    expect(await request('/x')).toEqual({ a: 1 });
  });

  it('treats a 2xx empty body as 503', async () => {
    const { request } = setup([{ status: 200, body: '  ' }]);
    await expect(request('/x')).rejects.toMatchObject({ errno: 503, status: 503 });
  });

  it('turns a network failure into errno -1 "Network error" reported as a warning', async () => {
    const { request, deps } = setup([{ throws: true }]);
    const err = await request('/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RequestError);
    expect(err).toMatchObject({ errno: -1, errmsg: 'Network error' });
    expect(deps.report).toHaveBeenCalledWith('warning', 'Network error', { url: '/x', errno: -1 });
  });

  it('aborts after the timeout as a network error', async () => {
    vi.useFakeTimers();
    try {
      const hang: typeof fetch = (_u, init) =>
        new Promise((_, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        );
      const { request } = setup([], { fetch: hang });
      const p = request('/x', { timeoutMs: 60_000 }).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(59_999);
      let settled = false;
      void p.then(() => (settled = true));
      await Promise.resolve();
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await p).toMatchObject({ errno: -1 });
    } finally {
      vi.useRealTimers();
    }
  });

  it.each([20001, 20006])('sends the user to sign-in on %i', async (errno) => {
    const { request, deps } = setup([{ body: JSON.stringify({ errno, errmsg: 'login' }) }]);
    await expect(request('/x')).rejects.toMatchObject({ errno });
    expect(deps.onNotLoggedIn).toHaveBeenCalledOnce();
  });

  it('does not redirect for other errors', async () => {
    const { request, deps } = setup([{ body: JSON.stringify({ errno: 1, errmsg: 'x' }) }]);
    await expect(request('/x')).rejects.toBeInstanceOf(RequestError);
    expect(deps.onNotLoggedIn).not.toHaveBeenCalled();
  });

  it('shows the automatic toast text or the server message', async () => {
    const { request, deps } = setup([{ body: JSON.stringify({ errno: 42, errmsg: 'Out of stock' }) }]);
    await expect(request('/x', { toast: 'auto' })).rejects.toBeTruthy();
    expect(deps.toast).toHaveBeenCalledWith('Network error, errorCode = 42');
    await expect(request('/x', { toast: 'server' })).rejects.toBeTruthy();
    expect(deps.toast).toHaveBeenLastCalledWith('Out of stock');
  });
});

describe('retries and cache', () => {
  it('retries network failures 3 times at 3000 ms, then succeeds', async () => {
    const { request, deps, calls } = setup([
      { throws: true },
      { throws: true },
      { status: 502, body: 'x' },
      ok({ n: 1 }),
    ]);
    expect(await request('/misc/info', { retries: 3 })).toEqual({ n: 1 });
    expect(calls).toHaveLength(4);
    expect(deps.sleep).toHaveBeenCalledTimes(3);
    expect(deps.sleep).toHaveBeenCalledWith(3000);
  });

  it('gives up after the retries', async () => {
    const { request, calls } = setup([{ throws: true }]);
    await expect(request('/x', { retries: 3 })).rejects.toMatchObject({ errno: -1 });
    expect(calls).toHaveLength(4);
  });

  it('scales the delay when asked', async () => {
    const { request, deps } = setup([{ throws: true }, { throws: true }, ok(1)]);
    await request('/x', { retries: 3, retryScaling: true });
    expect(deps.sleep).toHaveBeenNthCalledWith(1, 3000);
    expect(deps.sleep).toHaveBeenNthCalledWith(2, 6000);
  });

  it('never retries envelope errors', async () => {
    const { request, calls } = setup([{ body: JSON.stringify({ errno: 3 }) }, ok(1)]);
    await expect(request('/x', { retries: 3 })).rejects.toMatchObject({ errno: 3 });
    expect(calls).toHaveLength(1);
  });

  it('does not cache unless asked; caches GET for 5 minutes when asked', async () => {
    let now = 1_000;
    const { request, calls } = setup([ok(1), ok(2), ok(3), ok(4)], { now: () => now });
    expect(await request('/a')).toBe(1);
    expect(await request('/a')).toBe(2);
    expect(await request('/a', { cache: true })).toBe(3);
    now += 299_999;
    expect(await request('/a', { cache: true })).toBe(3);
    now += 1;
    expect(await request('/a', { cache: true })).toBe(4);
    expect(calls).toHaveLength(4);
  });
});
