import { describe, expect, it } from 'vitest';
import { timeLeft, upiStartOf } from './upi-payment-model';

describe('the UPI payment model', () => {
  it('sends a collect request only to a UPI ID that follows the rule, trimmed and in lower case', () => {
    expect(upiStartOf('1', 'collect', ' Asha.Rao@OkAxis ', false)).toEqual({
      orderId: '1',
      flow: 'collect',
      vpa: 'asha.rao@okaxis',
      device: 'desktop',
    });
    for (const bad of ['', 'asha', 'a@okaxis', 'asha@ok1', 'asha@@okaxis', 'asha @okaxis', `${'x'.repeat(257)}@ybl`])
      expect(upiStartOf('1', 'collect', bad, false), bad).toBe('invalidId');
  });

  it('the intent needs no UPI ID and names the device', () => {
    expect(upiStartOf('1', 'intent', 'whatever', true)).toEqual({ orderId: '1', flow: 'intent', device: 'mobile' });
  });

  it('counts down in minutes and seconds, and stops at 0:00', () => {
    expect(timeLeft(600_000, 0)).toBe('10:00');
    expect(timeLeft(61_500, 0)).toBe('1:02');
    expect(timeLeft(5_000, 9_000)).toBe('0:00');
  });
});
