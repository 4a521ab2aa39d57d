import fs from 'node:fs';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer, type TestServer } from '../test-support/harness';

/** Every route the app registers, seen as it is registered (the app is built as in production). */
const routes: RouteOptions[] = [];
vi.mock('fastify', async (importOriginal) => {
  const real = await importOriginal<typeof import('fastify')>();
  const create = ((options?: object) => {
    const app = real.default(options);
    app.addHook('onRoute', (route) => void routes.push(route));
    return app;
  }) as unknown as typeof real.default;
  return { ...real, default: create, fastify: create };
});

type Schema = { properties?: Record<string, Schema>; [key: string]: unknown };

/** Every object a schema module exports: the schemas a route may answer with or validate a request by. */
const exported: Schema[] = [];
async function loadSchemaModules(): Promise<void> {
  const files = fs.readdirSync(import.meta.dirname).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  for (const file of files) {
    const module = (await import(`./${file}`)) as Record<string, unknown>;
    exported.push(...Object.values(module).filter((v): v is Schema => typeof v === 'object' && v !== null));
  }
}

/**
 * A copy of `original` whose keys hold the same objects, `type` possibly widened by null (envelopeSchema, the error
 * answers).
 */
function copyOf(schema: Schema, original: Schema): boolean {
  const keys = Object.keys(schema).filter((k) => k !== 'description');
  if (keys.length !== Object.keys(original).filter((k) => k !== 'description').length) return false;
  return keys.every((k) =>
    k === 'type'
      ? schema.type === original.type ||
        (Array.isArray(schema.type) && schema.type[0] === original.type && schema.type[1] === 'null')
      : schema[k] === original[k],
  );
}

/** Taken from a schema module: an exported object, a copy of one, or the envelope around one. */
function fromSchemaModule(schema: Schema): boolean {
  if (exported.some((e) => e === schema || copyOf(schema, e))) return true;
  const p = schema.properties;
  return !!p && 'errno' in p && 'errmsg' in p && !!p['data'] && fromSchemaModule(p['data']);
}

describe('the API contract is written once, in server/schemas', () => {
  let server: TestServer;
  beforeAll(async () => {
    await loadSchemaModules();
    server = await startServer('pglite');
  }, 120_000);
  afterAll(async () => server?.close());

  it('answers every route with a response schema exported by a schema module', () => {
    const answered = routes.filter((r) => r.schema?.response);
    expect(answered.length).toBeGreaterThan(150);
    const strays: string[] = [];
    for (const route of answered) {
      for (const method of [route.method].flat()) {
        const name = `${method === 'HEAD' ? 'GET' : method} ${route.url}`;
        for (const [status, schema] of Object.entries(route.schema!.response as Record<string, Schema>)) {
          if (!fromSchemaModule(schema)) strays.push(`${name} ${status}`);
        }
      }
    }
    expect(strays).toEqual([]);
  });

  it('validates every body, querystring and params with a schema exported by a schema module', () => {
    const strays: string[] = [];
    for (const route of routes) {
      for (const part of ['body', 'querystring', 'params'] as const) {
        const schema = route.schema?.[part] as Schema | undefined;
        if (schema && !exported.some((e) => e === schema || copyOf(schema, e))) {
          for (const method of [route.method].flat()) strays.push(`${method} ${route.url} ${part}`);
        }
      }
    }
    expect(routes.filter((r) => r.schema?.body).length).toBeGreaterThan(80);
    expect(strays).toEqual([]);
  });

  it('knows a stray: an inline schema is refused', () => {
    expect(exported.length).toBeGreaterThan(100);
    expect(
      fromSchemaModule({
        type: 'object',
        properties: { data: { type: 'object', properties: {} }, errno: {}, errmsg: {} },
      }),
    ).toBe(false);
  });
});
