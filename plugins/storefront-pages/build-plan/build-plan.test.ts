import { describe, expect, it } from 'vitest';
import type { BuildInputs, StorefrontInputs } from './build-inputs';
import { planBuild } from './build-plan';
import { parseShard, shardStorefronts } from './shards';

const own = (catalogue = 'c'): StorefrontInputs['own'] => ({
  'region and site settings': 'r',
  'header/footer': 'h',
  catalogue,
  'UI strings': 'u',
  'content copy': 'o',
});
const inputs = (
  storefronts: Record<string, StorefrontInputs>,
  codeFiles: Record<string, string> = { 'src/a.tsx': '1' },
): BuildInputs => ({ codeFiles, sharedFiles: { 'content/x.json': '1' }, storefronts });

describe('planBuild', () => {
  const built = inputs({ id: { code: 'k', shared: 's', own: own() }, de: { code: 'k', shared: 's', own: own() } });
  const present = new Set(['id', 'de']);

  it('builds nothing when public/ matches the inputs', () => {
    expect(planBuild(built, built, ['id', 'de'], present).rebuild).toEqual([]);
  });

  it('rebuilds only the storefront whose catalogue changed, and says so', () => {
    const now = inputs({ id: { code: 'k', shared: 's', own: own('c2') }, de: { code: 'k', shared: 's', own: own() } });
    expect(planBuild(now, built, ['id', 'de'], present).rebuild).toEqual([
      { urlLocal: 'id', why: 'its catalogue changed' },
    ]);
  });

  it('rebuilds everything on a code change, naming the files', () => {
    const now = inputs(
      { id: { code: 'k2', shared: 's', own: own() }, de: { code: 'k2', shared: 's', own: own() } },
      { 'src/a.tsx': '2' },
    );
    expect(planBuild(now, built, ['id', 'de'], present).rebuild).toEqual([
      { urlLocal: 'id', why: 'code changed (src/a.tsx)' },
      { urlLocal: 'de', why: 'code changed (src/a.tsx)' },
    ]);
  });

  it('rebuilds a storefront whose last build failed or was stopped, though its inputs did not change', () => {
    expect(planBuild(built, { ...built, unfinished: ['de'] }, ['id', 'de'], present).rebuild).toEqual([
      { urlLocal: 'de', why: 'its last build did not finish' },
    ]);
  });

  it('builds a storefront missing from public/ even when it was recorded', () => {
    expect(planBuild(built, built, ['id', 'de'], new Set(['id'])).rebuild).toEqual([
      { urlLocal: 'de', why: 'not built yet' },
    ]);
  });
});

describe('shards', () => {
  const weights = { a: 900, b: 800, c: 500, d: 400, e: 300, f: 100 };

  it('puts every storefront in exactly one shard, the same way every time, balanced by pages', () => {
    const shards = [1, 2, 3].map((index) => shardStorefronts(weights, { index, count: 3 }));
    expect(shards.flat().sort()).toEqual(Object.keys(weights));
    expect([1, 2, 3].map((index) => shardStorefronts(weights, { index, count: 3 }))).toEqual(shards);
    const loads = shards.map((shard) => shard.reduce((sum, code) => sum + weights[code as keyof typeof weights], 0));
    // Greedy by weight keeps the heaviest shard within a fifth of a perfect split here.
    expect(Math.max(...loads)).toBeLessThanOrEqual((3000 / 3) * 1.2);
  });

  it('refuses a malformed shard', () => {
    expect(parseShard('2/8')).toEqual({ index: 2, count: 8 });
    expect(() => parseShard('9/8')).toThrow(/k\/n/);
    expect(() => parseShard('two')).toThrow(/k\/n/);
  });
});
