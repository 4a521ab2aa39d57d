/**
 * The CPU slowdown that makes Lighthouse's simulation emulate its target phone on this host.
 *
 * Lighthouse simulates a mid-tier phone by multiplying every main-thread task it observed by a constant (4×).
 * The constant assumes a host whose benchmark index is about 1,500 (a high-end desktop; docs/throttling.md,
 * "Calibrating the CPU slowdown"). Our 2-core VM measures between about 1,000 and 1,850 within minutes, as its
 * neighbours come and go. At 4× a slow minute emulates a phone twice as slow as the target, and the same page
 * scores 82 or 100. The Lighthouse team's calibration maps the index to the multiplier that reaches the same
 * phone: 150 → 1×, 800 → 2×, 1,300 → 3×, then 1× more per 233 (1,533 → 4×, 2,000 → 6×). It is piecewise
 * linear through those points, as in their calculator (patrickhulce/lighthouse-cpu-throttling-calculator).
 */

/** Below this index the host is slower than the phone Lighthouse emulates: it cannot be calibrated. */
export const SLOWEST_CALIBRATED_HOST = 150;

export function cpuSlowdownFor(benchmarkIndex: number): number {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex < SLOWEST_CALIBRATED_HOST) {
    throw new RangeError(`benchmark index ${benchmarkIndex}: this host is too slow to emulate Lighthouse's target phone`);
  }
  const multiplier =
    benchmarkIndex >= 1300 ? 3 + (benchmarkIndex - 1300) / 233 : benchmarkIndex >= 800 ? 2 + (benchmarkIndex - 800) / 500 : 1 + (benchmarkIndex - 150) / 650;
  return Math.round(multiplier * 10) / 10;
}
