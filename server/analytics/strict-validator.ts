import { Ajv } from 'ajv';
import type { FastifySchemaCompiler } from 'fastify';
import { safeIntegerKeyword } from '../schemas/bounded-integers';

/**
 * A batch is checked as it was sent: the app's validator coerces types ("12" becomes 12) and removes unknown fields,
 * which would let a wrong page's batch in silently. This one refuses both.
 */
const strictAjv = safeIntegerKeyword(
  new Ajv({ allErrors: false, coerceTypes: false, removeAdditional: false, useDefaults: false, strictNumbers: true }),
);

/** The validator compiler of the collector's routes (params and body). */
export const strictValidatorCompiler: FastifySchemaCompiler<unknown> = ({ schema }) =>
  strictAjv.compile(schema as object);
