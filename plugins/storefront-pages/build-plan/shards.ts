/**
 * `--shard k/n`: a stable share of the storefronts for one of n machines, balanced by page count. Storefronts
 * go, heaviest first (ties by code), to the shard with the fewest pages so far, so the same inputs always give
 * the same shards and every storefront is in exactly one.
 */
export interface Shard {
  index: number; // 1-based
  count: number;
}

/** Parses `2/8`; a malformed value is the caller's mistake and stops the build. */
export function parseShard(value: string): Shard {
  const match = /^(\d+)\/(\d+)$/.exec(value.trim());
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || index < 1 || index > count)
    throw new Error(`--shard wants k/n with 1 ≤ k ≤ n (e.g. 2/8), not "${value}"`);
  return { index, count };
}

/** The storefronts of one shard, given every storefront's expected page count. */
export function shardStorefronts(weights: Record<string, number>, shard: Shard): string[] {
  const load = Array.from({ length: shard.count }, () => 0);
  const members: string[][] = Array.from({ length: shard.count }, () => []);
  const order = Object.entries(weights).sort(([a, wa], [b, wb]) => wb - wa || a.localeCompare(b));
  for (const [urlLocal, weight] of order) {
    const lightest = load.indexOf(Math.min(...load));
    load[lightest] = (load[lightest] ?? 0) + weight;
    members[lightest]?.push(urlLocal);
  }
  return (members[shard.index - 1] ?? []).sort();
}
