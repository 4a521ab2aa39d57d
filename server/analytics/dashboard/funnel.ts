import {
  FUNNEL_STEPS,
  type BreakdownRowView,
  type FunnelStepView,
  type RevenueView,
} from '../../schemas/analytics-dashboard';

/** Distinct visits of one group, and how many of them reached each step. */
export type StepCounts = { visits: number } & Record<(typeof FUNNEL_STEPS)[number], number>;

const share = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : 0);

/**
 * The funnel of a group: visits at each step, their share of the visits that viewed a page, and of the step before.
 * Steps are counted on their own (a visit that paid on a page it did not send a view of still counts as paid), so a
 * share above 1 is possible in odd data and is shown as it is.
 * @example funnelOf({ visits: 10, view: 10, cart: 4, checkout: 2, paid: 1 })[3]
 *   // { step: 'paid', visits: 1, rate: 0.1, from_previous: 0.5 }
 */
export function funnelOf(counts: StepCounts): FunnelStepView[] {
  return FUNNEL_STEPS.map((step, i) => ({
    step,
    visits: counts[step],
    rate: share(counts[step], counts.view),
    from_previous: i === 0 ? 1 : share(counts[step], counts[FUNNEL_STEPS[i - 1]!]),
  }));
}

/** A breakdown row: the group's funnel, its conversion (visits that paid per visit) and its revenue. */
export function breakdownRow(key: string, counts: StepCounts, revenue: RevenueView[]): BreakdownRowView {
  return {
    key,
    visits: counts.visits,
    funnel: funnelOf(counts),
    conversion: share(counts.paid, counts.visits),
    revenue: [...revenue].sort((a, b) => b.orders - a.orders || a.currency.localeCompare(b.currency)),
  };
}
