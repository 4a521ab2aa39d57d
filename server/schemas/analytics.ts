/**
 * The analytics batch a page sends to the collector (POST analytics/collect), and the events in it. One schema for
 * the islands that build a batch and the server that checks it; the types below are derived from it.
 *
 * What is in a batch is chosen so that no event names a person: a per-tab visit id made in the browser (not a
 * cookie, not tied to an account), the app's instance and session ids inside the app, and what the page did. The
 * collector adds no client address and no user agent.
 */
import type { FromSchema } from 'json-schema-to-ts';

/** The most events one batch may carry; a page flushes earlier (on a timer, on hide). */
export const ANALYTICS_MAX_EVENTS = 50;
/** The most bytes one batch body may have (a full batch of long paths stays well under it). */
export const ANALYTICS_MAX_BODY_BYTES = 32 * 1024;

export const ANALYTICS_EVENT_KINDS = [
  'page_view',
  'click',
  'exposure',
  'search',
  'add_to_cart',
  'checkout_step',
  'purchase',
  'web_vital',
] as const;
export type AnalyticsEventKind = (typeof ANALYTICS_EVENT_KINDS)[number];

export const WEB_VITAL_METRICS = ['LCP', 'INP', 'CLS', 'TTFB'] as const;
export const CHECKOUT_STEPS = ['cart', 'checkout', 'payment'] as const;
export const DEVICE_CLASSES = ['mobile', 'tablet', 'desktop'] as const;
export const TRAFFIC_CHANNELS = [
  'SEO',
  'Paid Search',
  'Organic Social',
  'Paid Social',
  'Direct',
  'Referral',
  'Display_Video',
  'Paid Affiliate',
  'Paid Other',
  'Others',
  'Push_Edm',
] as const;

const id = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9._:-]+$' } as const;
const shortText = { type: 'string', maxLength: 120 } as const;

/**
 * One event. `target` is what the event is about: the tracked element's name (click), the product or banner id
 * (exposure), the product id (add to cart), the order id (purchase), the metric (web vital). Which fields a kind
 * needs is checked by the collector (a schema of unions would be slower to check and harder to read).
 */
export const analyticsEvent = {
  type: 'object',
  additionalProperties: false,
  required: ['kind', 'at', 'path'],
  properties: {
    kind: { enum: ANALYTICS_EVENT_KINDS },
    /** When it happened, in the browser's milliseconds since the epoch. */
    at: { type: 'integer', minimum: 0 },
    /** The page's path without query or hash, e.g. '/id/product/xiaomi-15t/'. */
    path: { type: 'string', minLength: 1, maxLength: 300, pattern: '^/' },
    target: shortText,
    /** search: the query as typed (cut to 120 characters) and how many results it had. */
    query: shortText,
    results: { type: 'integer', minimum: 0, maximum: 1000000 },
    /** checkout_step: which step was reached. */
    step: { enum: CHECKOUT_STEPS },
    /** add_to_cart and purchase: the value in minor units of `currency`. */
    value: { type: 'integer', minimum: 0, maximum: 1000000000000 },
    currency: { type: 'string', pattern: '^[A-Z]{3}$' },
    quantity: { type: 'integer', minimum: 1, maximum: 1000 },
    /** web_vital: the metric and its value (milliseconds; CLS unitless). */
    metric: { enum: WEB_VITAL_METRICS },
    metricValue: { type: 'number', minimum: 0, maximum: 600000 },
  },
} as const;
export type AnalyticsEvent = FromSchema<typeof analyticsEvent>;

/** The page and visit every event of a batch shares. */
export const analyticsContext = {
  type: 'object',
  additionalProperties: false,
  required: ['visitId', 'lang', 'pageType', 'release', 'device', 'app', 'channel'],
  properties: {
    /** A random id the tab keeps for its visit (sessionStorage); not a cookie, not linked to an account. */
    visitId: id,
    lang: { type: 'string', pattern: '^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$', maxLength: 20 },
    /** The page's template, e.g. 'home', 'product', 'search', 'widget-page:checkout'. */
    pageType: { type: 'string', minLength: 1, maxLength: 60, pattern: '^[a-z0-9:-]+$' },
    /** The release the page was built by (`<html data-release>`); '' on a development build. */
    release: { type: 'string', maxLength: 64, pattern: '^[A-Za-z0-9._:-]*$' },
    device: { enum: DEVICE_CLASSES },
    app: { enum: ['web', 'app', 'ios'] },
    appVersion: { type: 'string', maxLength: 20, pattern: '^[0-9]+(\\.[0-9]+){0,3}$' },
    /** Inside the app: the app's own ids, from its bridge. */
    instanceId: id,
    appSessionId: id,
    /** The visit's traffic-source channel and campaign (utm_campaign when paid). */
    channel: { enum: TRAFFIC_CHANNELS },
    campaign: shortText,
  },
} as const;
export type AnalyticsContext = FromSchema<typeof analyticsContext>;

export const analyticsBatch = {
  type: 'object',
  additionalProperties: false,
  required: ['context', 'events', 'consent'],
  properties: {
    /**
     * The stored consent preference the page acted on (prefix form, '0,1,2,3:'), or 'app' inside the app. The
     * collector keeps a batch only when this and the request's own consent cookie both allow the analytical category.
     */
    consent: { type: 'string', maxLength: 20, pattern: '^([0-3](,[0-3]){0,3}:|app)$' },
    context: analyticsContext,
    events: { type: 'array', minItems: 1, maxItems: ANALYTICS_MAX_EVENTS, items: analyticsEvent },
  },
} as const;
export type AnalyticsBatch = FromSchema<typeof analyticsBatch>;

/** The collector's answer: how many events of the batch were kept and how many dropped (too old, or in the future). */
export const analyticsCollectAnswer = {
  type: 'object',
  additionalProperties: false,
  required: ['kept', 'dropped'],
  properties: {
    kept: { type: 'integer', minimum: 0 },
    dropped: { type: 'integer', minimum: 0 },
  },
} as const;
export type AnalyticsCollectAnswer = FromSchema<typeof analyticsCollectAnswer>;
