/**
 * Mi Club levels (/user/mi-club): a member's level follows the Mi Points they have earned on paid orders in a
 * country (points spent still count, so a level never drops). Thresholds are in points, so they mean about the
 * same spend everywhere (one point per `earnPerMinor` paid, sites/points.ts).
 *
 * Each level unlocks benefits the server applies (docs/rules.md, Mi Club): free express delivery at checkout, early
 * access to pre-sales (the deposit window opens for the member some hours before everyone else) and Mi Points on the
 * member's birthday once a calendar year. One entry per level, and per country where a benefit differs.
 */

/** The levels, lowest first (the API's enum, server/schemas/account.ts). */
export const CLUB_LEVEL_IDS = ['member', 'silver', 'gold', 'platinum'] as const;
export type ClubLevel = (typeof CLUB_LEVEL_IDS)[number];

export const CLUB_LEVELS = [
  { id: 'member', minEarned: 0 },
  { id: 'silver', minEarned: 2_000 },
  { id: 'gold', minEarned: 10_000 },
  { id: 'platinum', minEarned: 30_000 },
] as const satisfies readonly { id: ClubLevel; minEarned: number }[];

/** The level of `earned` points and the next one with the points still missing (null at the top). */
export function clubStanding(earned: number): { level: ClubLevel; next: { level: ClubLevel; missing: number } | null } {
  let index = 0;
  for (let i = 0; i < CLUB_LEVELS.length; i++) if (earned >= CLUB_LEVELS[i]!.minEarned) index = i;
  const next = CLUB_LEVELS[index + 1];
  return { level: CLUB_LEVELS[index]!.id, next: next ? { level: next.id, missing: next.minEarned - earned } : null };
}

/** What a level unlocks in a country. */
export interface ClubBenefits {
  /** The free express delivery: express costs nothing at checkout (consumer orders). */
  freeExpress: boolean;
  /** The early access to pre-sales: a pre-sale's deposit window opens this many hours early for the member. */
  earlyAccessHours: number;
  /** The birthday points: Mi Points given once a calendar year from the member's birthday (0: none). */
  birthdayPoints: number;
}

/** The benefits of each level where a country says nothing else. */
const LEVEL_BENEFITS: Readonly<Record<ClubLevel, ClubBenefits>> = {
  member: { freeExpress: false, earlyAccessHours: 0, birthdayPoints: 0 },
  silver: { freeExpress: false, earlyAccessHours: 0, birthdayPoints: 1_000 },
  gold: { freeExpress: true, earlyAccessHours: 24, birthdayPoints: 2_000 },
  platinum: { freeExpress: true, earlyAccessHours: 48, birthdayPoints: 5_000 },
};

/** Countries whose benefits differ, and why. */
const COUNTRY_BENEFITS: Readonly<Record<string, Partial<Record<ClubLevel, Partial<ClubBenefits>>>>> = {
  // A point is worth Rp10 and an order uses at least 5000 points in Indonesia: a birthday gift below that could not
  // be spent on its own.
  id: {
    silver: { birthdayPoints: 5_000 },
    gold: { birthdayPoints: 10_000 },
    platinum: { birthdayPoints: 20_000 },
  },
};

/** The benefits of a level in a country (by its local code, e.g. 'id', 'de'). */
export function clubBenefits(local: string, level: ClubLevel): ClubBenefits {
  return { ...LEVEL_BENEFITS[level], ...COUNTRY_BENEFITS[local]?.[level] };
}

/** A member's level in a country with what it unlocks there. */
export interface ClubMembership {
  level: ClubLevel;
  benefits: ClubBenefits;
}

/** The membership of someone who earned `earned` points in a country. */
export function clubMembership(local: string, earned: number): ClubMembership {
  const { level } = clubStanding(earned);
  return { level, benefits: clubBenefits(local, level) };
}

/** The countries with benefits of their own (for the tests and the docs). */
export const CLUB_BENEFIT_COUNTRIES: readonly string[] = Object.keys(COUNTRY_BENEFITS);

/**
 * The birthday window: birthday points are given from the birthday for this many days (a job that missed the day
 * because no process ran still gives them), once per calendar year.
 */
export const BIRTHDAY_WINDOW_DAYS = 30;

/**
 * The priority club: products whose owners (a paid order of one, delivered and not returned, in any country; or a
 * unit bought elsewhere that staff verified in My devices and the owner still holds) have their chats and support
 * tickets answered first. The top phones and the top tablet.
 */
export const PREMIUM_PRODUCTS: readonly string[] = [
  'xiaomi-15-ultra',
  'xiaomi-15',
  'xiaomi-15t-pro',
  'xiaomi-pad-7-pro',
];
