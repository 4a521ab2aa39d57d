/**
 * `npm run build`: the islands, then the storefronts (all, those in REGIONS, or one stable shard of them with
 * `-- --shard k/n`, for a CI matrix: .github/workflows/build.yml) into the work folder public/. Records the
 * inputs of what it built, so `npm start` knows public/ is up to date, and publishes it as the served release.
 */
import fs from 'node:fs';
import { selectedStorefronts } from '../selected-storefronts';
import { parseShard, shardStorefronts } from './shards';
import { runBuild } from './run-build';

/** Expected pages per storefront, for balancing shards: its fixed pages plus about nine per product it sells. */
export function pageWeights(urlLocals: { urlLocal: string; local: string }[]): Record<string, number> {
  const products = (
    JSON.parse(fs.readFileSync('content/snapshots/catalogue/products.json', 'utf8')) as {
      products: { commodities: { offers: Record<string, unknown> }[] }[];
    }
  ).products;
  return Object.fromEntries(
    urlLocals.map(({ urlLocal, local }) => [
      urlLocal,
      400 + 9 * products.filter((product) => product.commodities.some((c) => c.offers[local])).length,
    ]),
  );
}

async function main(): Promise<void> {
  const shardAt = process.argv.indexOf('--shard');
  const shardArg =
    process.argv.find((arg) => arg.startsWith('--shard='))?.slice('--shard='.length) ??
    (shardAt >= 0 ? process.argv[shardAt + 1] : undefined);
  const selected = selectedStorefronts();
  let codes = selected.map((s) => s.urlLocal);
  if (shardArg !== undefined) {
    const shard = parseShard(shardArg);
    codes = shardStorefronts(pageWeights(selected), shard);
    console.log(`Shard ${shard.index}/${shard.count}: ${codes.length} storefronts: ${codes.join(', ')}`);
    if (codes.length === 0) return;
  }
  await runBuild(codes, { widgets: true });
}

main().catch((error: unknown) => {
  console.error((error as Error).message);
  process.exit(1);
});
