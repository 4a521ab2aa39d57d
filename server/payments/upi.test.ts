import { describe, expect, it } from 'vitest';
import { upiIntentUrl } from './upi';
import { sandboxUpiIdCheck, UPI_SANDBOX_IDS } from './upi-sandbox';
import { normaliseUpiId, UPI_ID_RULE } from '../schemas/upi-payments';

describe('UPI', () => {
  it('writes the intent link with the amount in major units and spaces as %20', () => {
    const url = upiIntentUrl(
      { vpa: 'mistore@sandbox', name: 'Mi Store (sandbox)' },
      { amountMinor: 5_399_900, currency: 'INR', reference: 'apay_x', note: 'Order 7' },
    );
    expect(url).toBe(
      'upi://pay?pa=mistore%40sandbox&pn=Mi%20Store%20%28sandbox%29&am=53999.00&cu=INR&tr=apay_x&tn=Order%207',
    );
    expect(new URL(url).searchParams.get('pn')).toBe('Mi Store (sandbox)');
  });

  it('the UPI ID rule: name 2–256 of letters, digits, . - _; handle 2–64 letters; trimmed, lower case', () => {
    expect(normaliseUpiId(' Asha.R_9-x@OkAxis ')).toBe('asha.r_9-x@okaxis');
    expect(normaliseUpiId(`${'a'.repeat(256)}@${'b'.repeat(64)}`)).not.toBeNull();
    for (const bad of [
      'a@okaxis',
      `${'a'.repeat(257)}@ybl`,
      'asha@o',
      `asha@${'b'.repeat(65)}`,
      'asha@ok.axis',
      'as ha@ybl',
    ])
      expect(UPI_ID_RULE.test(bad), bad).toBe(false);
  });

  it('the sandbox knows every well-formed UPI ID but its test values', () => {
    expect(sandboxUpiIdCheck('asha@okaxis')).toBe('valid');
    expect(sandboxUpiIdCheck(UPI_SANDBOX_IDS.declines)).toBe('valid');
    expect(sandboxUpiIdCheck(UPI_SANDBOX_IDS.unknown)).toBe('unknown');
    expect(sandboxUpiIdCheck(UPI_SANDBOX_IDS.unavailable)).toBe('unavailable');
  });
});
