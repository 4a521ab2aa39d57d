/**
 * The release console's traffic and sales dashboard (GET releases/analytics/summary) and its front-end error groups
 * (GET releases/analytics/errors): snake_case keys in answers; the console sees them camelCased. Lists are arrays
 * with a key field, never objects keyed by data (a storefront code like 'ae-ar' would be camelCased as a key).
 */
import type { FromSchema } from 'json-schema-to-ts';

/** The longest period one summary covers (a quarter), so one request never reads the whole retention. */
export const ANALYTICS_MAX_PERIOD_DAYS = 92;
/** How many rows the top lists (pages, searches without results, campaigns) have at most. */
export const ANALYTICS_TOP_ROWS = 20;
/** The steps of the funnel, in order: a visit that viewed a page, added to the cart, reached checkout, paid. */
export const FUNNEL_STEPS = ['view', 'cart', 'checkout', 'paid'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];
/** The web vitals in the order the console shows them (lower case: they are keys of answers). */
export const VITALS = ['lcp', 'inp', 'cls', 'ttfb'] as const;
export type Vital = (typeof VITALS)[number];

/**
 * The 75th percentile a page should stay under for a metric to be "good", and above which it is "poor" (between:
 * "needs improvement"), as web.dev defines them: LCP 2.5 s / 4 s, INP 200 ms / 500 ms, CLS 0.1 / 0.25, TTFB 0.8 s /
 * 1.8 s.
 */
export const VITAL_THRESHOLDS: Record<Vital, { good: number; poor: number }> = {
  lcp: { good: 2500, poor: 4000 },
  inp: { good: 200, poor: 500 },
  cls: { good: 0.1, poor: 0.25 },
  ttfb: { good: 800, poor: 1800 },
};

/**
 * The period and storefronts of a summary. Dates are checked by the handler, not by patterns here, so that a wrong
 * one gets the dashboard's own errno and message instead of a generic "invalid parameter".
 */
export const analyticsPeriodQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    from: { type: 'string', maxLength: 10, description: 'first day (YYYY-MM-DD, server date); default 29 days ago' },
    to: { type: 'string', maxLength: 10, description: 'last day, included (YYYY-MM-DD); default today' },
    storefront: {
      type: 'string',
      maxLength: 20,
      description: "a storefront's URL prefix, or 'all' (default): every storefront the release manager looks after",
    },
  },
} as const;
export type AnalyticsPeriodQuery = FromSchema<typeof analyticsPeriodQuery>;

const int = { type: 'integer', minimum: 0 } as const;
const num = { type: 'number' } as const;
const numOrNull = { type: ['number', 'null'] } as const;
const str = { type: 'string' } as const;

/** Money of one currency: the sum in minor units and the orders it came from. */
const revenueSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['currency', 'amount', 'orders'],
  properties: { currency: str, amount: int, orders: int },
} as const;
export type RevenueView = FromSchema<typeof revenueSchema>;

/** Visits reaching one step of the funnel, their share of the visits that viewed a page and of the step before. */
const funnelStepSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['step', 'visits', 'rate', 'from_previous'],
  properties: {
    step: { enum: FUNNEL_STEPS },
    visits: int,
    rate: { ...num, description: 'visits at this step / visits that viewed a page (0…1; 0 when none viewed)' },
    from_previous: { ...num, description: 'visits at this step / visits at the step before (1 for the first)' },
  },
} as const;
export type FunnelStepView = FromSchema<typeof funnelStepSchema>;

/** One storefront, release, campaign or channel: its visits, funnel and revenue. */
const breakdownRowSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['key', 'visits', 'funnel', 'conversion', 'revenue'],
  properties: {
    key: { ...str, description: "'' for none (no campaign, a development build's release)" },
    visits: int,
    funnel: { type: 'array', items: funnelStepSchema },
    conversion: { ...num, description: 'visits that paid / visits' },
    revenue: { type: 'array', items: revenueSchema },
  },
} as const;
export type BreakdownRowView = FromSchema<typeof breakdownRowSchema>;

/** The 75th percentile of each web vital (milliseconds; CLS unitless), null where no page sent that metric. */
const p75Schema = {
  type: 'object',
  additionalProperties: false,
  required: [...VITALS],
  properties: { lcp: numOrNull, inp: numOrNull, cls: numOrNull, ttfb: numOrNull },
} as const;
export type P75View = FromSchema<typeof p75Schema>;

const vitalsByPageSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['storefront', 'page_type', 'samples', 'p75'],
  properties: {
    storefront: str,
    page_type: str,
    samples: { ...int, description: 'measurements of the most measured metric' },
    p75: p75Schema,
  },
} as const;

const vitalsByReleaseSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['storefront', 'release', 'previous_release', 'samples', 'p75', 'delta'],
  properties: {
    storefront: str,
    release: str,
    previous_release: {
      type: ['string', 'null'],
      description: "the storefront's release before this one (release ids sort by build time) with data in the period",
    },
    samples: int,
    p75: p75Schema,
    delta: { ...p75Schema, description: 'this release p75 minus the previous release p75 (null without one)' },
  },
} as const;
export type VitalsByReleaseView = FromSchema<typeof vitalsByReleaseSchema>;

export const analyticsSummaryAnswer = {
  type: 'object',
  additionalProperties: false,
  required: [
    'from',
    'to',
    'storefronts',
    'totals',
    'days',
    'funnel',
    'revenue',
    'by_storefront',
    'by_release',
    'by_campaign',
    'by_channel',
    'top_pages',
    'empty_searches',
    'vitals_by_page',
    'vitals_by_release',
  ],
  properties: {
    from: str,
    to: str,
    storefronts: {
      type: ['array', 'null'],
      items: str,
      description: 'the storefronts counted; null for every storefront',
    },
    totals: {
      type: 'object',
      additionalProperties: false,
      required: ['visits', 'page_views', 'orders'],
      properties: { visits: int, page_views: int, orders: int },
    },
    days: {
      type: 'array',
      description: 'every day of the period, days without events included (visits distinct within the day)',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['day', 'visits', 'page_views'],
        properties: { day: str, visits: int, page_views: int },
      },
    },
    funnel: { type: 'array', items: funnelStepSchema },
    revenue: { type: 'array', items: revenueSchema },
    by_storefront: { type: 'array', items: breakdownRowSchema },
    by_release: { type: 'array', items: breakdownRowSchema },
    by_campaign: { type: 'array', items: breakdownRowSchema },
    by_channel: { type: 'array', items: breakdownRowSchema },
    top_pages: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['path', 'views'],
        properties: { path: str, views: int },
      },
    },
    empty_searches: {
      type: 'array',
      description: 'searches that found nothing, by storefront and query (lower case, trimmed), most frequent first',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['storefront', 'query', 'searches'],
        properties: { storefront: str, query: str, searches: int },
      },
    },
    vitals_by_page: { type: 'array', items: vitalsByPageSchema },
    vitals_by_release: { type: 'array', items: vitalsByReleaseSchema },
  },
} as const;
export type AnalyticsSummaryAnswer = FromSchema<typeof analyticsSummaryAnswer>;

/** One group of front-end errors: one message at one place of one file, in one storefront. */
const errorGroupSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'id',
    'storefront',
    'message',
    'source',
    'count',
    'first_seen',
    'last_seen',
    'release',
    'first_release',
    'url',
  ],
  properties: {
    id: { ...int, description: 'the slot the group lives in' },
    storefront: str,
    message: str,
    source: {
      type: ['string', 'null'],
      description: "file:line:col of the first report's first stack frame (or its error event), null when unknown",
    },
    count: { ...int, description: 'reports of the group since it was first seen (not only in the period)' },
    first_seen: str,
    last_seen: str,
    release: { type: ['string', 'null'], description: 'the release of the latest report that named one' },
    first_release: { type: ['string', 'null'], description: 'the release of the first report that named one' },
    url: { ...str, description: 'the page of the first report' },
  },
} as const;
export type ErrorGroupView = FromSchema<typeof errorGroupSchema>;

export const analyticsErrorsAnswer = {
  type: 'object',
  additionalProperties: false,
  required: ['from', 'to', 'groups'],
  properties: {
    from: str,
    to: str,
    groups: { type: 'array', description: 'groups seen in the period, most frequent first', items: errorGroupSchema },
  },
} as const;
export type AnalyticsErrorsAnswer = FromSchema<typeof analyticsErrorsAnswer>;
