/**
 * The coupons snapshot: a realistic set per storefront country. Indonesia, Germany and the UAE keep the campaigns
 * written for them below; every country gets the standard set (a welcome offer for the /new-user/ page, a phone and
 * tablet deal, free delivery and a trade-in bonus for the exchange), its amounts converted from euros with the rate
 * and price level its catalogue uses and rounded to an amount a shopper reads easily (£15, ¥2,500, 400.000 ₫).
 * Windows are wide so the committed snapshot stays valid; a real CMS export brings dated campaigns.
 *
 * A title is the campaign's name, written here in English and translated in content/copy; the coupons table keeps one
 * title, so a country with two storefront languages shows both ("Welcome offer / عرض الترحيب"), its default first,
 * as its shop signs and packaging do.
 */
import type { Coupon, CouponsSnapshot } from '../schemas/coupons.schema';
import { countryCurrency } from '../storefronts';
import { joinedTitle } from '../coupon-titles';
import { copyText } from './copy-texts';
import { localRate } from './prices';

const WINDOW = { startsAt: '2026-01-01T00:00:00Z', endsAt: '2027-12-31T23:59:59Z' };

/** The campaign names shoppers read beside the coupon's value (English sources of content/copy). */
export const COUPON_TITLES = {
  welcome: 'Welcome offer',
  phones: 'Phone and tablet deal',
  delivery: 'Free delivery',
  tradeIn: 'Trade-in bonus',
  savings: 'Savings coupon',
  flash: 'Flash coupon',
  smartHome: 'Smart home deal',
  friendWelcome: 'Welcome offer from a friend',
  friendThanks: 'Thank-you for inviting a friend',
} as const;

/** The title in the country's storefront languages, its default language first (content/coupon-titles.ts). */
function titleIn(local: string, english: string): string {
  const texts = copyText(english) as Record<string, string>;
  return joinedTitle(local, (code) => texts[code] ?? english);
}

type CampaignFields = Omit<Coupon, 'local' | 'title' | 'startsAt' | 'endsAt'>;
const campaign = (local: string, title: string, fields: CampaignFields): Coupon => ({
  ...fields,
  local,
  title: titleIn(local, title),
  ...WINDOW,
});

/** Campaigns written for one country (their codes are named in tests and shop windows). */
function ownCampaigns(): Coupon[] {
  return [
    campaign('id', COUPON_TITLES.savings, {
      id: 'id-hemat-100rb',
      code: 'HEMAT100',
      kind: 'amount',
      amount: 100_000,
      minSpend: 1_000_000,
      totalStock: 500,
      perUserLimit: 1,
    }),
    campaign('id', COUPON_TITLES.phones, {
      id: 'id-diskon-10',
      code: 'DISKON10',
      kind: 'percent',
      percent: 10,
      cap: 500_000,
      minSpend: 2_000_000,
      categories: ['phones', 'tablets'],
      totalStock: 200,
      perUserLimit: 2,
    }),
    campaign('id', COUPON_TITLES.delivery, {
      id: 'id-gratis-ongkir',
      code: 'GRATISONGKIR',
      kind: 'free_shipping',
      minSpend: 0,
      totalStock: 1_000,
      perUserLimit: 3,
    }),
    campaign('id', COUPON_TITLES.tradeIn, {
      id: 'id-tukar-tambah',
      code: 'TUKAR500',
      kind: 'exchange',
      amount: 500_000,
      minSpend: 3_000_000,
      categories: ['phones'],
      totalStock: 100,
      perUserLimit: 1,
    }),
    campaign('id', COUPON_TITLES.flash, {
      id: 'id-terbatas',
      code: 'KILAT50',
      kind: 'amount',
      amount: 50_000,
      minSpend: 500_000,
      totalStock: 5,
      perUserLimit: 1,
    }),
    campaign('de', COUPON_TITLES.welcome, {
      id: 'de-willkommen-20',
      code: 'WILLKOMMEN20',
      kind: 'amount',
      amount: 20,
      minSpend: 200,
      totalStock: 1_000,
      perUserLimit: 1,
    }),
    campaign('de', COUPON_TITLES.smartHome, {
      id: 'de-smart-home-15',
      code: 'SMARTHOME15',
      kind: 'percent',
      percent: 15,
      cap: 50,
      minSpend: 50,
      categories: ['appliances', 'tvs'],
      totalStock: 300,
      perUserLimit: 1,
    }),
    campaign('ae', COUPON_TITLES.welcome, {
      id: 'ae-welcome-50',
      code: 'WELCOME50',
      kind: 'amount',
      amount: 50,
      minSpend: 500,
      totalStock: 300,
      perUserLimit: 1,
    }),
    ...friendCampaigns(),
  ];
}

/**
 * The friend codes' coupons (sites/friend-codes.json): the programme gives them (a welcome coupon for the new shopper's
 * first order, and in Germany and France the friend's thank-you), so nobody claims them by their codes.
 */
function friendCampaigns(): Coupon[] {
  const given = { kind: 'amount', totalStock: 100_000, claimGate: 'friend' } as const;
  const welcome = (local: string, id: string, code: string, amount: number, minSpend: number) =>
    campaign(local, COUPON_TITLES.friendWelcome, {
      ...given,
      id,
      code,
      amount,
      minSpend,
      perUserLimit: 1,
      firstOrderOnly: true,
    });
  const thanks = (local: string, id: string, code: string, amount: number, minSpend: number) =>
    campaign(local, COUPON_TITLES.friendThanks, { ...given, id, code, amount, minSpend, perUserLimit: 10 });
  return [
    welcome('id', 'id-teman-baru', 'TEMANBARU', 50_000, 500_000),
    welcome('in', 'in-friend-welcome', 'FRIENDWELCOME', 500, 5_000),
    welcome('de', 'de-freunde-willkommen', 'FREUNDEWILLKOMMEN', 10, 100),
    thanks('de', 'de-freunde-danke', 'FREUNDEDANKE', 15, 100),
    welcome('fr', 'fr-parrainage-bienvenue', 'PARRAINAGEBIENVENUE', 10, 100),
    thanks('fr', 'fr-parrainage-merci', 'PARRAINAGEMERCI', 15, 100),
  ];
}

/** Rounds to an amount of one or two digits that reads easily (1, 1.5, 2, 2.5, 3, 4, 5 … 10 times a power of ten). */
export function readableAmount(raw: number): number {
  const power = 10 ** Math.floor(Math.log10(raw));
  const steps = [1, 1.5, 2, 2.5, 3, 4, 5, 6, 7, 8, 10];
  const scaled = raw / power;
  const nearest = steps.reduce((best, step) => (Math.abs(step - scaled) < Math.abs(best - scaled) ? step : best));
  return Number((nearest * power).toPrecision(6));
}

/** The standard campaigns of one country, in euros before conversion. */
function standardCampaigns(local: string, skip: ReadonlySet<string>): Coupon[] {
  const { rate } = localRate(local);
  const money = (eur: number) => readableAmount(eur * rate);
  const code = (word: string) => `${word}${local.toUpperCase()}`;
  const all: [role: string, coupon: Coupon][] = [
    [
      'welcome',
      campaign(local, COUPON_TITLES.welcome, {
        id: `${local}-welcome`,
        code: code('WELCOME'),
        kind: 'amount',
        amount: money(15),
        minSpend: money(150),
        totalStock: 1_000,
        perUserLimit: 1,
      }),
    ],
    [
      'phones',
      campaign(local, COUPON_TITLES.phones, {
        id: `${local}-phones-tablets-10`,
        code: code('PHONE10'),
        kind: 'percent',
        percent: 10,
        cap: money(50),
        minSpend: money(200),
        categories: ['phones', 'tablets'],
        totalStock: 300,
        perUserLimit: 1,
      }),
    ],
    [
      'delivery',
      campaign(local, COUPON_TITLES.delivery, {
        id: `${local}-free-delivery`,
        code: code('FREESHIP'),
        kind: 'free_shipping',
        minSpend: money(30),
        totalStock: 1_000,
        perUserLimit: 3,
      }),
    ],
    [
      'tradeIn',
      campaign(local, COUPON_TITLES.tradeIn, {
        id: `${local}-trade-in-bonus`,
        code: code('TRADEIN'),
        kind: 'exchange',
        amount: money(30),
        minSpend: money(300),
        categories: ['phones'],
        totalStock: 200,
        perUserLimit: 1,
      }),
    ],
  ];
  return all.filter(([role]) => !skip.has(role)).map(([, coupon]) => coupon);
}

/** What a country's own campaigns already offer, so the standard set does not repeat it (HEMAT100 welcomes in id). */
const covered: Record<string, readonly string[]> = {
  id: ['welcome', 'phones', 'delivery', 'tradeIn'],
  de: ['welcome'],
  ae: ['welcome'],
};

export function buildCoupons(): CouponsSnapshot {
  return {
    coupons: [
      ...ownCampaigns(),
      ...Object.keys(countryCurrency).flatMap((local) => standardCampaigns(local, new Set(covered[local] ?? []))),
    ],
  };
}
