import { chromium } from '@playwright/test';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';

/**
 * This host's Lighthouse benchmark index: Lighthouse's own benchmark (the one each report records as
 * environment.benchmarkIndex), run `samples` times in a fresh Chromium with the flags the audits use.
 * Returns the median: a single reading on this VM swings between about 1,000 and 2,200 within seconds, and the
 * CPU slowdown should follow the host's speed of the minute, not one lucky or unlucky second (cpu-slowdown.ts).
 */
export async function measureBenchmarkIndex(
  chromePath: string,
  args: string[],
  samples = 9,
): Promise<{ median: number; readings: number[] }> {
  const browser = await chromium.launch({ executablePath: chromePath, args });
  try {
    const page = await browser.newPage();
    // tsx compiles Lighthouse's module with esbuild's keepNames, which wraps the inner functions in __name(...):
    // the page gets that helper as a no-op, as Lighthouse gives it to its own bundle (esbuildFunctionWrapperString).
    const benchmark = pageFunctions.computeBenchmarkIndex.toString();
    const source = `(() => { const __name = (fn) => fn; return (${benchmark})(); })()`;
    // The first pass runs while the new browser is still starting up, and reads a quarter to a third low: it only warms
    // up.
    await page.evaluate(source);
    const readings: number[] = [];
    for (let i = 0; i < samples; i += 1) readings.push(Math.round((await page.evaluate(source)) as number));
    const sorted = [...readings].sort((a, b) => a - b);
    return { median: sorted[Math.floor(sorted.length / 2)] ?? NaN, readings };
  } finally {
    await browser.close();
  }
}
