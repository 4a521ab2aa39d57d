/** Deterministic 0..1 value for a string (FNV-1a), so regenerating the snapshots gives the same catalogue. */
export function unit(seed: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h / 0xffffffff;
}
