/**
 * Mi Club levels (/user/mi-club): a member's level follows the Mi Points they have earned on paid orders in a
 * country (points spent still count, so a level never drops). Thresholds are in points, so they mean about the
 * same spend everywhere (one point per `earnPerMinor` paid, sites/points.ts).
 */
export const CLUB_LEVELS = [
  { id: 'member', minEarned: 0 },
  { id: 'silver', minEarned: 2_000 },
  { id: 'gold', minEarned: 10_000 },
  { id: 'platinum', minEarned: 30_000 },
] as const;
export type ClubLevel = (typeof CLUB_LEVELS)[number]['id'];

/** The level of `earned` points and the next one with the points still missing (null at the top). */
export function clubStanding(earned: number): { level: ClubLevel; next: { level: ClubLevel; missing: number } | null } {
  let index = 0;
  for (let i = 0; i < CLUB_LEVELS.length; i++) if (earned >= CLUB_LEVELS[i]!.minEarned) index = i;
  const next = CLUB_LEVELS[index + 1];
  return { level: CLUB_LEVELS[index]!.id, next: next ? { level: next.id, missing: next.minEarned - earned } : null };
}
