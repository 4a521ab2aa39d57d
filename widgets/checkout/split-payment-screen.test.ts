import { describe, expect, it } from 'vitest';
import { partMax, toMinorInput } from './split-payment-screen';

describe('split payment amounts', () => {
  it('reads a typed amount as minor units with at most the currency decimals', () => {
    expect(toMinorInput('12500.5', 2)).toBe(1_250_050);
    expect(toMinorInput('12500,55', 2)).toBe(1_250_055);
    expect(toMinorInput('300000', 0)).toBe(300_000);
    for (const bad of ['', '0', '-5', '1.234', 'abc', '1e5', '0.00']) expect(toMinorInput(bad, 2)).toBeNull();
    expect(toMinorInput('10.5', 0)).toBeNull();
  });

  it('a card part is capped by the per-card maximum and what is left; a transfer only by what is left', () => {
    expect(partMax({ remaining: 500, maxCardPart: 200 }, 'card')).toBe(200);
    expect(partMax({ remaining: 100, maxCardPart: 200 }, 'card')).toBe(100);
    expect(partMax({ remaining: 500, maxCardPart: 200 }, 'bank_transfer')).toBe(500);
  });
});
