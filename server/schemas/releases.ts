/** The release console's schemas (snake_case keys in answers; widgets see them camelCased). */
import type { FromSchema } from 'json-schema-to-ts';

/** Where a build stands (server/releases/release-store.ts moves it). */
export const BUILD_STATES = [
  'queued',
  'building',
  'built',
  'scheduled',
  'publishing',
  'published',
  'failed',
  'cancelled',
] as const;
/** When a finished build publishes: as soon as built, at a time, or on a publish call. */
export const PUBLISH_MODES = ['now', 'at', 'hold'] as const;
/** What the history records. */
export const RELEASE_ACTIONS = ['build', 'schedule', 'publish', 'rollback', 'fail', 'cancel'] as const;

const int = { type: 'integer' } as const;
const str = { type: 'string' } as const;
const strOrNull = { type: ['string', 'null'] } as const;
const intOrNull = { type: ['integer', 'null'] } as const;
const strings = { type: 'array', items: str } as const;

/** A build as the console shows it: state, progress with elapsed time and estimate, and when it publishes. */
export const buildSchema = {
  type: 'object',
  required: [
    'id',
    'locals',
    'note',
    'requested_by',
    'state',
    'publish_mode',
    'publish_at',
    'attempts',
    'phase',
    'pages_done',
    'pages_total',
    'elapsed_ms',
    'estimate_ms',
    'created_at',
    'started_at',
    'built_at',
    'finished_at',
    'release_id',
    'error',
  ],
  properties: {
    id: int,
    locals: strings,
    note: str,
    requested_by: { type: 'string', description: 'who asked: a release manager, or the command line' },
    state: { enum: BUILD_STATES },
    publish_mode: { enum: PUBLISH_MODES },
    publish_at: { ...strOrNull, description: 'ISO time of a scheduled publication' },
    attempts: int,
    phase: str,
    pages_done: int,
    pages_total: int,
    elapsed_ms: int,
    estimate_ms: intOrNull,
    created_at: str,
    started_at: strOrNull,
    built_at: strOrNull,
    finished_at: strOrNull,
    release_id: strOrNull,
    error: strOrNull,
  },
} as const;
export type BuildView = FromSchema<typeof buildSchema>;

/** A storefront as it is served: its version, the release and publication that made it, and its rollback targets. */
export const storefrontRowSchema = {
  type: 'object',
  required: ['local', 'version', 'release_id', 'published_at', 'published_by', 'note', 'rollback_targets'],
  properties: {
    local: str,
    version: str,
    release_id: strOrNull,
    published_at: strOrNull,
    published_by: { ...strOrNull, description: 'null: published outside the console' },
    note: strOrNull,
    rollback_targets: {
      type: 'array',
      description: 'releases on disk with another version of this storefront, newest first',
      items: {
        type: 'object',
        required: ['release_id', 'created', 'version'],
        properties: { release_id: str, created: str, version: str },
      },
    },
  },
} as const;
export type StorefrontRowView = FromSchema<typeof storefrontRowSchema>;

export const releaseStatusAnswer = {
  type: 'object',
  required: ['storefronts', 'unpublished', 'builds'],
  properties: {
    storefronts: { type: 'array', items: storefrontRowSchema },
    unpublished: { ...strings, description: 'storefronts the served release does not hold' },
    builds: { type: 'array', items: buildSchema, description: 'the open builds' },
  },
} as const;
export type ReleaseStatusAnswer = FromSchema<typeof releaseStatusAnswer>;

// Closed objects (`additionalProperties: false`, which an answer drops anyway) so the interfaces of
// server/releases/inputs-summary.ts fit their FromSchema types.
const namedProduct = {
  type: 'object',
  additionalProperties: false,
  required: ['commodityId', 'name'],
  properties: { commodityId: str, name: str },
} as const;
const pricePair = {
  type: 'object',
  additionalProperties: false,
  required: ['salePrice', 'marketPrice'],
  properties: { salePrice: { type: 'number' }, marketPrice: { type: 'number' } },
} as const;

/**
 * What changed in a storefront's inputs since its served version was built (server/releases/inputs-summary.ts; its
 * keys are camelCase already). Each list names at most 50 entries; `stringsCount` counts every changed string.
 */
export const inputsDiffSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'productsAdded',
    'productsRemoved',
    'prices',
    'pagesChanged',
    'pagesAdded',
    'pagesRemoved',
    'strings',
    'stringsCount',
    'other',
    'same',
  ],
  properties: {
    productsAdded: { type: 'array', items: namedProduct },
    productsRemoved: { type: 'array', items: namedProduct },
    prices: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['commodityId', 'name', 'currency', 'before', 'after'],
        properties: {
          commodityId: str,
          name: str,
          currency: str,
          before: pricePair,
          after: pricePair,
          lowestIfPublished: {
            type: ['number', 'null'],
            description:
              'EU and EEA: the lowest price of the last 30 days the pages will show if the new price is published now' +
              ' (units as before/after); null when it will not count as reduced',
          },
        },
      },
    },
    pagesChanged: strings,
    pagesAdded: strings,
    pagesRemoved: strings,
    strings,
    stringsCount: int,
    other: { ...strings, description: 'other inputs (header/footer, promotions, content copy) whose file changed' },
    same: { type: 'boolean', description: 'true when nothing changed' },
  },
} as const;

export const releaseDiffAnswer = {
  type: 'object',
  required: ['local', 'version', 'known', 'changed_parts', 'diff'],
  properties: {
    local: str,
    version: strOrNull,
    known: { type: 'boolean', description: "false: the served version's inputs were never recorded and differ now" },
    changed_parts: { ...strings, description: 'when not known: the parts of the inputs that differ' },
    diff: { ...inputsDiffSchema, type: ['object', 'null'] },
  },
} as const;
export type ReleaseDiffAnswer = FromSchema<typeof releaseDiffAnswer>;

export const buildListAnswer = {
  type: 'object',
  required: ['builds'],
  properties: { builds: { type: 'array', items: buildSchema } },
} as const;
export type BuildListAnswer = FromSchema<typeof buildListAnswer>;

export const buildLogAnswer = {
  type: 'object',
  required: ['state', 'lines'],
  properties: {
    state: { enum: BUILD_STATES },
    lines: {
      type: 'array',
      items: { type: 'object', required: ['seq', 'line'], properties: { seq: int, line: str } },
    },
  },
} as const;
export type BuildLogAnswer = FromSchema<typeof buildLogAnswer>;

export const rollbackAnswer = {
  type: 'object',
  required: ['release_id', 'versions'],
  properties: {
    release_id: str,
    versions: { type: 'object', additionalProperties: str, description: 'the version each storefront now serves' },
  },
} as const;
export type RollbackAnswer = FromSchema<typeof rollbackAnswer>;

/** One entry of the history: who did what, when and why. */
export const releaseEventSchema = {
  type: 'object',
  required: ['id', 'at', 'actor', 'action', 'locals', 'build_id', 'release_id', 'note'],
  properties: {
    id: int,
    at: str,
    actor: str,
    action: { enum: RELEASE_ACTIONS },
    locals: strings,
    build_id: intOrNull,
    release_id: strOrNull,
    note: str,
  },
} as const;
export type ReleaseEventView = FromSchema<typeof releaseEventSchema>;

export const releaseHistoryAnswer = {
  type: 'object',
  required: ['events'],
  properties: { events: { type: 'array', items: releaseEventSchema } },
} as const;
export type ReleaseHistoryAnswer = FromSchema<typeof releaseHistoryAnswer>;

// Requests.

const code = { type: 'string', pattern: '^[a-z]{2}(-[a-z]{2})?$', maxLength: 5 } as const;
const locals = { type: 'array', items: code, minItems: 1, maxItems: 100 } as const;
/** Every action says why: the note is shown in the history. */
const note = { type: 'string', minLength: 1, maxLength: 500, pattern: '\\S' } as const;
const at = { type: 'string', format: 'date-time', maxLength: 40 } as const;

/** A build of /api/:urlLocal/releases/builds/:id. */
export const buildIdParams = {
  type: 'object',
  required: ['id'],
  properties: { urlLocal: { type: 'string' }, id: { type: 'integer', minimum: 1, maximum: 2147483647 } },
} as const;

export const releaseDiffQuery = { type: 'object', required: ['local'], properties: { local: code } } as const;

/** Queue a rebuild: published when built, at `publish_at`, or held for a publish call (`hold`). */
export const buildRequestBody = {
  type: 'object',
  required: ['locals', 'note'],
  additionalProperties: false,
  properties: { locals, note, publish_at: at, hold: { type: 'boolean' } },
} as const;
export type BuildRequestBody = FromSchema<typeof buildRequestBody>;

export const buildListQuery = {
  type: 'object',
  properties: { limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 } },
} as const;

export const buildLogQuery = {
  type: 'object',
  properties: {
    after: { type: 'integer', minimum: 0, maximum: 2147483647, default: 0 },
    limit: { type: 'integer', minimum: 1, maximum: 1000, default: 500 },
  },
} as const;

export const buildPublishBody = {
  type: 'object',
  required: ['note'],
  additionalProperties: false,
  properties: { note, at },
} as const;
export type BuildPublishBody = FromSchema<typeof buildPublishBody>;

export const buildCancelBody = {
  type: 'object',
  required: ['note'],
  additionalProperties: false,
  properties: { note },
} as const;
export type BuildCancelBody = FromSchema<typeof buildCancelBody>;

/** Serve storefronts as an earlier release (its id) served them. */
export const rollbackBody = {
  type: 'object',
  required: ['locals', 'to', 'note'],
  additionalProperties: false,
  properties: { locals, to: { type: 'string', pattern: '^r-\\d{8}T\\d{9}Z-[0-9a-z]+$', maxLength: 40 }, note },
} as const;
export type RollbackBody = FromSchema<typeof rollbackBody>;

export const releaseHistoryQuery = {
  type: 'object',
  properties: { local: code, limit: { type: 'integer', minimum: 1, maximum: 200, default: 50 } },
} as const;
