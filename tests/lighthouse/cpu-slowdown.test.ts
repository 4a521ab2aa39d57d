import { describe, expect, it } from 'vitest';
import { cpuSlowdownFor } from './cpu-slowdown';

describe('cpuSlowdownFor', () => {
  it('gives the calibration points of the Lighthouse team', () => {
    expect(cpuSlowdownFor(150)).toBe(1);
    expect(cpuSlowdownFor(800)).toBe(2);
    expect(cpuSlowdownFor(1300)).toBe(3);
    expect(cpuSlowdownFor(1533)).toBe(4);
  });

  it('interpolates between them, to a tenth', () => {
    expect(cpuSlowdownFor(475)).toBe(1.5);
    expect(cpuSlowdownFor(1050)).toBe(2.5);
    expect(cpuSlowdownFor(1180)).toBe(2.8);
  });

  it("never goes above Lighthouse's default 4× on a fast reading", () => {
    expect(cpuSlowdownFor(1766)).toBe(4);
    expect(cpuSlowdownFor(2200)).toBe(4);
  });

  it('grows with the host speed, so every run emulates the same phone', () => {
    const indexes = Array.from({ length: 40 }, (_, i) => 150 + i * 60);
    const multipliers = indexes.map(cpuSlowdownFor);
    for (let i = 1; i < multipliers.length; i++) expect(multipliers[i]).toBeGreaterThanOrEqual(multipliers[i - 1] ?? 0);
  });

  it('refuses a host slower than the emulated phone, or a failed measurement', () => {
    expect(() => cpuSlowdownFor(149)).toThrow(/too slow/);
    expect(() => cpuSlowdownFor(Number.NaN)).toThrow(RangeError);
  });
});
