import { describe, expect, it } from 'vitest';
import { checkWebhookSignature, signWebhook, WEBHOOK_TOLERANCE_S } from './webhook-signature';

const secret = Buffer.from('a-secret-of-at-least-thirty-two-characters');
const body = '{"id":"evt_1","data":{"ref":"apay_1"}}';
const at = new Date('2026-11-29T12:00:00Z');

describe('provider webhook signatures', () => {
  it('verifies its own signature inside the time window, either way', () => {
    const header = signWebhook(secret, body, at);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(checkWebhookSignature(secret, body, header, at)).toBe('ok');
    const edge = new Date(at.getTime() + WEBHOOK_TOLERANCE_S * 1000);
    expect(checkWebhookSignature(secret, body, header, edge)).toBe('ok');
    expect(checkWebhookSignature(secret, body, header, new Date(edge.getTime() + 1000))).toBe('stale');
    expect(checkWebhookSignature(secret, body, signWebhook(secret, body, edge), at)).toBe('ok');
  });

  it('refuses another secret, another body, a moved timestamp and a malformed header', () => {
    const header = signWebhook(secret, body, at);
    expect(checkWebhookSignature(Buffer.from('another secret'), body, header, at)).toBe('bad_signature');
    expect(checkWebhookSignature(secret, `${body} `, header, at)).toBe('bad_signature');
    const moved = header.replace(/^t=(\d+)/, (_, t: string) => `t=${Number(t) + 1}`);
    expect(checkWebhookSignature(secret, body, moved, at)).toBe('bad_signature');
    for (const bad of [undefined, '', 'v1=abc', `t=x,${header.split(',')[1]}`, 'x'.repeat(600)])
      expect(checkWebhookSignature(secret, body, bad, at)).toBe('malformed');
  });

  it('accepts a header listing a retired signature beside the valid one', () => {
    const header = signWebhook(secret, body, at);
    const [t, v1] = header.split(',');
    expect(checkWebhookSignature(secret, body, `${t},v1=${'0'.repeat(64)},${v1}`, at)).toBe('ok');
  });
});
