import { describe, expect, it } from 'vitest';
import { owedBack } from './bank-transfers';

describe('the transfer rule', () => {
  it('a pending account owes nothing back yet, however much arrived', () => {
    expect(owedBack('pending', 100_000, 0)).toBe(0);
    expect(owedBack('pending', 100_000, 40_000)).toBe(0);
  });

  it('a paid account keeps the amount and owes back the excess', () => {
    expect(owedBack('paid', 100_000, 100_000)).toBe(0);
    expect(owedBack('paid', 100_000, 100_001)).toBe(1);
  });

  it('a closed account owes back everything it received', () => {
    expect(owedBack('cancelled', 100_000, 40_000)).toBe(40_000);
    expect(owedBack('expired', 100_000, 0)).toBe(0);
    expect(owedBack('expired', 100_000, 7_000)).toBe(7_000);
  });
});
