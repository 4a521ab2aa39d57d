/** What a client address has stored in its current window. */
interface Spent {
  events: number;
  bytes: number;
  resetAt: number;
}

/** Addresses remembered at most; past it, ended windows are forgotten first, then everyone (a flood of addresses). */
const ADDRESSES_MAX = 100_000;

/** The outcome of a charge: within the budget, or spent until the window ends. */
export type Charge = { ok: true } | { ok: false; retryInSeconds: number };

/**
 * Events and bytes each client address may store per window, counted in this process's memory: a flood from one
 * address is refused without a database round trip, and the memory is bounded by the number of addresses kept.
 */
export function addressBudget(limits: { events: number; bytes: number; windowSeconds: number }) {
  const spent = new Map<string, Spent>();
  return {
    /**
     * Charges `events` and `bytes` to `address` when both fit in what is left of its window; otherwise charges
     * nothing and says when the window ends.
     */
    charge(address: string, events: number, bytes: number, now = Date.now()): Charge {
      let s = spent.get(address);
      if (!s || s.resetAt <= now) {
        if (spent.size >= ADDRESSES_MAX) for (const [k, old] of spent) if (old.resetAt <= now) spent.delete(k);
        if (spent.size >= ADDRESSES_MAX) spent.clear();
        s = { events: 0, bytes: 0, resetAt: now + limits.windowSeconds * 1000 };
        spent.set(address, s);
      }
      if (s.events + events > limits.events || s.bytes + bytes > limits.bytes)
        return { ok: false, retryInSeconds: Math.max(1, Math.ceil((s.resetAt - now) / 1000)) };
      s.events += events;
      s.bytes += bytes;
      return { ok: true };
    },
  };
}
export type AddressBudget = ReturnType<typeof addressBudget>;
