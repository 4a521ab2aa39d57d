import type { FlashSaleNow } from '../repositories/flash-sales';

/** What a process keeps in memory of one sale: its window and versions, and whether admissions are closed. */
export interface GateEntry {
  sale: FlashSaleNow;
  soldOut: boolean;
  /**
   * Once sold out: the accounts holding a place (read once per sell-out), the only ones whose ask still needs the
   * database; undefined until read.
   */
  holders?: ReadonlySet<number>;
  /** Bumped by every change, so a late read of the holders never lands on a newer state. */
  version: number;
}

export type GateVerdict =
  | { ok: false; reason: 'unknown' | 'not_started' | 'ended' | 'not_in_sale' | 'sold_out'; sale?: FlashSaleNow }
  | { ok: true; sale: FlashSaleNow };

/**
 * The per-process front door of flash sales: answers everything known without the database (an early request, an
 * ended sale, a version not in the sale, "sold out" once admissions closed). The flag is set by the `flash_sale`
 * NOTIFY of the admission that closed them, so every process on the database learns it within milliseconds. Closed
 * means a new ask can get nothing (SQL `flash_closed`): without a waiting room, the units and the oversubscription are
 * given; with one, every unit is paid for (until then every ask gets a place in line).
 */
export function flashGate() {
  const entries = new Map<string, GateEntry>();
  let versions = 0;
  return {
    /** Replaces what is known of a sale (a fresh read); returns the entry's version. */
    put(sale: FlashSaleNow): number {
      const before = entries.get(sale.id);
      // Still sold out: the holders read for this sell-out stay (no place is given while admissions are closed).
      const holders = before?.soldOut && sale.admissionsClosed ? before.holders : undefined;
      const version = ++versions;
      entries.set(sale.id, { sale, soldOut: sale.admissionsClosed, ...(holders ? { holders } : {}), version });
      return version;
    },
    /** Forgets a sale (ended long ago, or not found any more). */
    drop(id: string): void {
      entries.delete(id);
    },
    /** Admissions closed; returns the version to set the holders for, or null when already known (or no sale). */
    markSoldOut(id: string): number | null {
      const entry = entries.get(id);
      if (!entry || entry.soldOut) return null;
      entry.soldOut = true;
      entry.holders = undefined;
      entry.version = ++versions;
      return entry.version;
    },
    /** The accounts holding a place of a sold-out sale, read for the entry's `version`. */
    setHolders(id: string, version: number, holders: ReadonlySet<number>): void {
      const entry = entries.get(id);
      if (entry?.soldOut && entry.version === version) entry.holders = holders;
    },
    entry(id: string): GateEntry | undefined {
      return entries.get(id);
    },
    /** Whether an ask for a place may reach the database now. */
    check(id: string, local: string, commodityId: string, now = Date.now()): GateVerdict {
      const entry = entries.get(id);
      if (!entry || entry.sale.local !== local) return { ok: false, reason: 'unknown' };
      const { sale } = entry;
      if (now < sale.startsAt.getTime()) return { ok: false, reason: 'not_started', sale };
      if (now >= sale.endsAt.getTime()) return { ok: false, reason: 'ended', sale };
      if (!sale.commodityIds.includes(commodityId)) return { ok: false, reason: 'not_in_sale', sale };
      if (entry.soldOut) return { ok: false, reason: 'sold_out', sale };
      return { ok: true, sale };
    },
    /**
     * Sold out and the asker (by the account its cookie names) holds no place: answered "sold out" without reading
     * the session or the place. The cookie is only a hint: naming a holder leads to the checked path, nothing more.
     */
    soldOutFor(id: string, userIdHint: number | null): boolean {
      const entry = entries.get(id);
      if (!entry?.soldOut || !entry.holders) return false;
      return userIdHint === null || !entry.holders.has(userIdHint);
    },
  };
}

export type FlashGate = ReturnType<typeof flashGate>;
