import type { FlashSaleNow } from '../repositories/flash-sales';

/** What a process keeps in memory of one sale: its window and versions, and whether admissions are closed. */
export interface GateEntry {
  sale: FlashSaleNow;
  soldOut: boolean;
}

export type GateVerdict =
  | { ok: false; reason: 'unknown' | 'not_started' | 'ended' | 'not_in_sale' | 'sold_out'; sale?: FlashSaleNow }
  | { ok: true; sale: FlashSaleNow };

/**
 * The per-process front door of flash sales: answers everything known without the database (an early request, an
 * ended sale, a version not in the sale, "sold out" once admissions closed). The flag is set by the `flash_sale`
 * NOTIFY of the admission that closed them, so every process on the database learns it within milliseconds.
 */
export function flashGate() {
  const entries = new Map<string, GateEntry>();
  return {
    /** Replaces what is known of a sale (a fresh read). */
    put(sale: FlashSaleNow): void {
      entries.set(sale.id, { sale, soldOut: sale.admissionsClosed });
    },
    /** Forgets a sale (ended long ago, or not found any more). */
    drop(id: string): void {
      entries.delete(id);
    },
    markSoldOut(id: string): void {
      const entry = entries.get(id);
      if (entry) entry.soldOut = true;
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
  };
}

export type FlashGate = ReturnType<typeof flashGate>;
