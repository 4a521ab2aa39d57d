/**
 * The pre-sale snapshot: the next flagship takes deposits in /id and /de before its launch, then the final
 * payment in the fortnight after. Dates are fixed so the committed snapshot and the pages agree; tests move windows in
 * their own database.
 */
import type { PresalesSnapshot } from '../schemas/presales.schema';

export function buildPresales(): PresalesSnapshot {
  const windows = {
    depositStartsAt: '2026-11-01T00:00:00Z',
    depositEndsAt: '2027-02-28T16:59:59Z',
    finalStartsAt: '2027-03-01T00:00:00Z',
    finalEndsAt: '2027-03-14T16:59:59Z',
  };
  return {
    campaigns: [
      { id: 'id-xiaomi-15t-pro-presale', local: 'id', productId: 'xiaomi-15t-pro', deposit: 500_000, ...windows },
      { id: 'de-xiaomi-15t-pro-presale', local: 'de', productId: 'xiaomi-15t-pro', deposit: 100, ...windows },
    ],
  };
}
