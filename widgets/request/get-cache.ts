/** The generic HTTP layer may cache GET responses, 300000 ms by default. */
export const GET_CACHE_MS = 300_000;

interface Entry {
  expires: number;
  value: Promise<unknown>;
}

/** A small in-memory cache of GET results keyed by URL; failures are never cached. */
export class GetCache {
  private readonly entries = new Map<string, Entry>();
  constructor(private readonly now: () => number = Date.now) {}

  get(key: string): Promise<unknown> | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.expires <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return hit.value;
  }

  set(key: string, value: Promise<unknown>, ttlMs: number): void {
    this.entries.set(key, { expires: this.now() + ttlMs, value });
    value.catch(() => this.entries.delete(key));
  }

  clear(): void {
    this.entries.clear();
  }
}
