import { describe, expect, it } from 'vitest';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { verifyWebhook, webhookReceiver } from '../../examples/webhook-verifier';
import { retryDelayMs, RETRY_DELAY_CAP_MS } from './backoff';
import { endpointUrlProblem } from './endpoint-url';
import { outcomeOf } from './sender';
import { newWebhookSecret, signatureHeader } from './signing';

const secret = newWebhookSecret();
const now = 1_767_225_600;
const body = JSON.stringify({ id: '42', kind: 'paid', order: { id: '5100000001' } });
const signed = (b = body, t = now, secrets = [secret], id = '42') => ({
  'store-webhook-id': id,
  'store-webhook-timestamp': String(t),
  'store-webhook-signature': signatureHeader(secrets, t, b),
});
const check = (headers: Record<string, string>, b = body, seen = new Set<string>(), at = now) =>
  verifyWebhook({ body: b, headers, secret, seen, now: at });

describe('the example verifier', () => {
  it('accepts a signed delivery and refuses forged, stale, replayed and malformed ones', () => {
    expect(check(signed())).toMatchObject({ ok: true, id: '42', event: { kind: 'paid' } });
    // A forged body under a genuine signature, a signature with another secret.
    expect(check(signed(), body.replace('paid', 'refunded'))).toEqual({ ok: false, reason: 'signature' });
    expect(check(signed(body, now, [newWebhookSecret()]))).toEqual({ ok: false, reason: 'signature' });
    // Re-sending a captured request later: more than five minutes either way.
    expect(check(signed(body, now - 301))).toEqual({ ok: false, reason: 'stale' });
    expect(check(signed(body, now + 301))).toEqual({ ok: false, reason: 'stale' });
    expect(check(signed(body, now - 299)).ok).toBe(true);
    // A timestamp moved forward without re-signing is a forgery.
    expect(check({ ...signed(body, now - 600), 'store-webhook-timestamp': String(now) })).toEqual({
      ok: false,
      reason: 'malformed',
    });
    expect(check(signed(), body, new Set(['42']))).toEqual({ ok: false, reason: 'replayed', id: '42' });
    // Another event's id in the header than in the body.
    expect(check(signed(body, now, [secret], '43'))).toEqual({ ok: false, reason: 'malformed' });
    expect(check({})).toEqual({ ok: false, reason: 'malformed' });
    expect(check({ ...signed(), 'store-webhook-signature': `t=${now},v1=zz` })).toEqual({
      ok: false,
      reason: 'signature',
    });
  });

  it('accepts either secret while a rotation overlaps', () => {
    const old = newWebhookSecret();
    const headers = signed(body, now, [secret, old]);
    expect(headers['store-webhook-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    expect(check(headers).ok).toBe(true);
    expect(verifyWebhook({ body, headers, secret: old, seen: new Set(), now }).ok).toBe(true);
  });

  it('as a server: handles once, acknowledges a repeat, refuses a forgery, lets a failure be retried', async () => {
    let fail = true;
    const events: unknown[] = [];
    const server = webhookReceiver({
      secret,
      now: () => now,
      handle: (e) => {
        if (fail) {
          fail = false;
          throw new Error('database down');
        }
        events.push(e);
      },
    }).listen(0, '127.0.0.1');
    await once(server, 'listening');
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const post = (headers: Record<string, string>, b = body) =>
      fetch(url, { method: 'POST', headers, body: b }).then((r) => r.status);
    expect(await post(signed())).toBe(500);
    expect(await post(signed())).toBe(200);
    expect(await post(signed())).toBe(200);
    expect(await post(signed(), body.replace('5100000001', '5100000002'))).toBe(400);
    expect(events).toHaveLength(1);
    server.close();
  });
});

describe('webhook rules', () => {
  it('waits 30 s doubling up to 6 hours between attempts, about 20 hours over 13 attempts', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 30_000))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(12, 30_000)).toBe(RETRY_DELAY_CAP_MS);
    const total = Array.from({ length: 12 }, (_, i) => retryDelayMs(i + 1, 30_000)).reduce((s, n) => s + n, 0);
    expect(total / 3_600_000).toBeGreaterThan(19);
    expect(total / 3_600_000).toBeLessThan(24);
  });

  it('delivers on 2xx, retries anything else, gives up after the last attempt', () => {
    const o = { retryBaseMs: 100, maxAttempts: 3 };
    expect(outcomeOf({ attempts: 1 }, { status: 204 }, o)).toEqual({ result: 'delivered', status: 204 });
    expect(outcomeOf({ attempts: 1 }, { status: 301 }, o)).toMatchObject({ result: 'retry', delayMs: 100 });
    expect(outcomeOf({ attempts: 2 }, { error: 'timeout' }, o)).toMatchObject({ result: 'retry', delayMs: 200 });
    expect(outcomeOf({ attempts: 3 }, { status: 500 }, o)).toEqual({
      result: 'failed',
      status: 500,
      error: 'HTTP 500',
    });
  });

  it('takes https endpoints, http only to this machine outside production, and no internal ones in production', () => {
    for (const ok of ['https://erp.example.com/hooks', 'http://localhost:8787/x', 'http://127.0.0.1:9/x'])
      expect(endpointUrlProblem(ok, false)).toBeNull();
    for (const bad of [
      'ftp://example.com/x',
      'http://example.com/hooks',
      'javascript:alert(1)',
      'not a url',
      'https://user:pw@example.com/',
      'https://example.com/#frag',
    ])
      expect(endpointUrlProblem(bad, false)).not.toBeNull();
    for (const bad of [
      'http://localhost:8787/x',
      'https://localhost/x',
      'https://127.0.0.1/x',
      'https://169.254.169.254/latest',
      'https://10.0.0.5/x',
      'https://192.168.1.1/x',
      'https://[::1]/x',
    ])
      expect(endpointUrlProblem(bad, true)).not.toBeNull();
    expect(endpointUrlProblem('https://erp.example.com/hooks', true)).toBeNull();
  });
});
