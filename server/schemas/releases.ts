/** releases schemas of the API (snake_case keys; widgets see them camelCased). */
import type { FromSchema } from 'json-schema-to-ts';

/** An answer whose shape the release console reads as it comes (releases/status-view.ts and friends build it). */
export const anyObject = { type: 'object', additionalProperties: true } as const;
export type AnyObjectView = FromSchema<typeof anyObject>;

const int = { type: 'integer' } as const;

const str = { type: 'string' } as const;

export const buildSchema = {
  type: 'object',
  additionalProperties: true,
  required: ['id', 'locals', 'state', 'note'],
  properties: { id: int, locals: { type: 'array', items: str }, state: str, note: str },
} as const;
export type BuildView = FromSchema<typeof buildSchema>;
