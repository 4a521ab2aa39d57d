import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../app';
import { openPg } from '../db/pg-driver';
import { openPglite } from '../db/pglite-driver';
import type { Database } from '../db/types';
import { freshPgliteDir } from './template';

export type Driver = 'pglite' | 'pg';

/**
 * PGlite always; Postgres too when TEST_DATABASE_URL is set (CI starts it with server/scripts/start-test-postgres.sh).
 */
export const drivers: Driver[] = process.env['TEST_DATABASE_URL'] ? ['pglite', 'pg'] : ['pglite'];

export interface TestServer {
  app: FastifyInstance;
  db: Database;
  base: string;
  publicDir: string;
  close(): Promise<void>;
}

/** Starts the whole app on a loopback port against a private database of the driver. */
export async function startServer(
  driver: Driver,
  env: Record<string, unknown> = {},
  options: Pick<AppOptions, 'timeouts' | 'providers'> = {},
): Promise<TestServer> {
  let db: Database;
  let cleanup: () => Promise<void>;
  if (driver === 'pg') {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const url = process.env['TEST_DATABASE_URL']!;
    db = await openPg(url, { schema, max: 12 });
    cleanup = async () => {
      await db.query(`DROP SCHEMA ${schema} CASCADE`);
      // The release console's job queue (pg-boss) keeps its tables beside the test's schema (server/releases/boss.ts).
      await db.query(`DROP SCHEMA IF EXISTS ${schema}_jobs CASCADE`);
      await db.close();
    };
  } else {
    const dir = await freshPgliteDir();
    db = await openPglite(dir);
    cleanup = async () => {
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    };
  }
  const publicDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-public-'));
  // Clients below pose as distinct addresses through X-Forwarded-For from the trusted loopback proxy, so
  // per-address limits apply to each test client as they would to separate shoppers.
  const app = await buildApp({
    ...options,
    db,
    logger: false,
    env: { PUBLIC_DIR: publicDir, LOG_LEVEL: 'silent', TRUST_PROXY: 'loopback', ...env },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    db,
    base: `http://127.0.0.1:${port}`,
    publicDir,
    async close() {
      await app.close();
      await cleanup();
      fs.rmSync(publicDir, { recursive: true, force: true });
    },
  };
}

/** A random private address for a test client. */
export function randomAddress(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

/** A fetch with a cookie jar and its own client address, like one browser on one network. */
export class Client {
  constructor(
    readonly base: string,
    readonly address = randomAddress(),
    /** Pass another client's jar to be the same browser on another server. */
    readonly cookies = new Map<string, string>(),
  ) {}

  async fetch(
    pathname: string,
    init: RequestInit & { form?: Record<string, string | string[]>; json?: unknown } = {},
  ): Promise<Response> {
    const headers = new Headers(init.headers);
    let body = init.body;
    if (init.form) {
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(init.form))
        for (const one of Array.isArray(v) ? v : [v]) params.append(k, one);
      body = params.toString();
      headers.set('content-type', 'application/x-www-form-urlencoded');
    } else if (init.json !== undefined) {
      body = JSON.stringify(init.json);
      headers.set('content-type', 'application/json');
    }
    if (this.cookies.size > 0) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    if (!headers.has('x-forwarded-for')) headers.set('x-forwarded-for', this.address);
    const res = await fetch(this.base + pathname, { ...init, body, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      if (value === '' || /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  /** JSON envelope of a call. */
  async call<T = any>(
    pathname: string,
    init: Parameters<Client['fetch']>[1] = {},
  ): Promise<{ status: number; body: { data: T; errno: number; errmsg: string } }> {
    const res = await this.fetch(pathname, {
      ...init,
      headers: { accept: 'application/json', ...(init.headers as Record<string, string>) },
    });
    const text = await res.text();
    let body;
    try {
      body = JSON.parse(text);
    } catch {
      throw new Error(`not JSON (${res.status}): ${text.slice(0, 200)}`);
    }
    return { status: res.status, body };
  }

  /** Signs up as a shopper would: the JSON variant of /site/register, then the link of the mail it sends. */
  async register(
    urlLocal = 'id',
    email = `u${randomBytes(5).toString('hex')}@example.com`,
    password = 'correct horse 1',
  ) {
    const r = await this.call(`/api/${urlLocal}/site/register`, {
      method: 'POST',
      json: { email, password, nickname: 'Tester' },
    });
    if (r.body.errno !== 0) throw new Error(`register failed: ${JSON.stringify(r.body)}`);
    const mail = (await mailbox(this.base, email)).find((m) => m.kind === 'register-verify');
    const token = mail && linkToken(mail.text);
    if (!token) throw new Error(`no sign-up mail for ${email}`);
    const v = await this.call(`/api/${urlLocal}/site/verify`, { method: 'POST', json: { token } });
    if (v.body.errno !== 0) throw new Error(`verify failed: ${JSON.stringify(v.body)}`);
    return { email, password, userId: v.body.data.user_id as number };
  }
}

export interface MailboxMail {
  id: number;
  recipient: string;
  kind: string;
  subject: string;
  text: string;
  sent_at: string | null;
}

/** The local mailbox (newest first) as the developer page serves it to loopback clients. */
export async function mailbox(base: string, to?: string): Promise<MailboxMail[]> {
  const q = new URLSearchParams({ format: 'json', ...(to ? { to } : {}) });
  const res = await fetch(`${base}/api/mailbox?${q.toString()}`);
  if (!res.ok) throw new Error(`mailbox answered ${res.status}`);
  return ((await res.json()) as { data: { mails: MailboxMail[] } }).data.mails;
}

/** The token of the first link in a mail text. */
export function linkToken(text: string): string | undefined {
  return /[?&]token=([A-Za-z0-9_-]{43})/.exec(text)?.[1];
}
