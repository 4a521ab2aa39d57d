import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CORE_BUDGET_GZIP, reportSizes } from './report-sizes';
import { buildManifest } from './manifest';

describe('core budget (item 9)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('passes a small core and fails one over 15 KB gzip', () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const dir = mkdtempSync(path.join(tmpdir(), 'widgets-size-'));
    writeFileSync(path.join(dir, 'runtime.small.js'), 'export const a = 1;'.repeat(200));
    // Random bytes do not compress: 20 KB stays above the budget after gzip.
    writeFileSync(path.join(dir, 'runtime.big.js'), randomBytes(20 * 1024).toString('base64'));
    expect(reportSizes('runtime.small.js', dir)).toBe(true);
    expect(reportSizes('runtime.big.js', dir)).toBe(false);
    expect(CORE_BUDGET_GZIP).toBe(15360);
  });
});

describe('manifest', () => {
  it('maps each widget to its chunk and its preload list', () => {
    const stats = {
      entrypoints: { runtime: { assets: [{ name: 'runtime.aaaa1111.js' }] } },
      namedChunkGroups: { cart: { assets: [{ name: 'preact.bbbb2222.js' }, { name: 'cart.cccc3333.js' }] } },
      chunks: [{ names: ['cart'], files: ['cart.cccc3333.js'] }],
    };
    expect(buildManifest(stats as never, ['cart'])).toEqual({
      runtime: '/_widgets/runtime.aaaa1111.js',
      widgets: { cart: '/_widgets/cart.cccc3333.js' },
      preload: { cart: ['/_widgets/preact.bbbb2222.js', '/_widgets/cart.cccc3333.js'] },
    });
    expect(() => buildManifest(stats as never, ['cart', 'missing'])).toThrow(/missing/);
  });
});
