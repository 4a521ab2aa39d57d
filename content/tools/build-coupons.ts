/**
 * The coupons snapshot: a small, realistic set per launch country. Windows are wide so the committed
 * snapshot stays valid; a real CMS export brings dated campaigns.
 */
import type { CouponsSnapshot } from '../schemas/coupons.schema';

const WINDOW = { startsAt: '2026-01-01T00:00:00Z', endsAt: '2027-12-31T23:59:59Z' };

export function buildCoupons(): CouponsSnapshot {
  return {
    coupons: [
      { id: 'id-hemat-100rb', code: 'HEMAT100', local: 'id', kind: 'amount', title: 'Potongan Rp100.000', amount: 100_000, minSpend: 1_000_000, totalStock: 500, perUserLimit: 1, ...WINDOW },
      { id: 'id-diskon-10', code: 'DISKON10', local: 'id', kind: 'percent', title: 'Diskon 10% hingga Rp500.000', percent: 10, cap: 500_000, minSpend: 2_000_000, categories: ['phones', 'tablets'], totalStock: 200, perUserLimit: 2, ...WINDOW },
      { id: 'id-gratis-ongkir', code: 'GRATISONGKIR', local: 'id', kind: 'free_shipping', title: 'Gratis ongkir', minSpend: 0, totalStock: 1_000, perUserLimit: 3, ...WINDOW },
      { id: 'id-tukar-tambah', code: 'TUKAR500', local: 'id', kind: 'exchange', title: 'Kupon tukar tambah Rp500.000', amount: 500_000, minSpend: 3_000_000, categories: ['phones'], totalStock: 100, perUserLimit: 1, ...WINDOW },
      { id: 'id-terbatas', code: 'KILAT50', local: 'id', kind: 'amount', title: 'Kupon kilat Rp50.000', amount: 50_000, minSpend: 500_000, totalStock: 5, perUserLimit: 1, ...WINDOW },
      { id: 'de-willkommen-20', code: 'WILLKOMMEN20', local: 'de', kind: 'amount', title: '20 € Willkommensrabatt', amount: 20, minSpend: 200, totalStock: 1_000, perUserLimit: 1, ...WINDOW },
      { id: 'de-smart-home-15', code: 'SMARTHOME15', local: 'de', kind: 'percent', title: '15 % auf Smart Home (max. 50 €)', percent: 15, cap: 50, minSpend: 50, categories: ['appliances', 'tvs'], totalStock: 300, perUserLimit: 1, ...WINDOW },
      { id: 'ae-welcome-50', code: 'WELCOME50', local: 'ae', kind: 'amount', title: 'خصم 50 درهم', amount: 50, minSpend: 500, totalStock: 300, perUserLimit: 1, ...WINDOW },
    ],
  };
}
