import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { Client, drivers, startServer, type TestServer } from '../../test-support/harness';
import { Errno } from '../../errors';

/**
 * A GET over a real loopback connection with exactly these headers (Host included), as a proxy or a rebinding page
 * would send it.
 */
function get(base: string, path: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, path, method: 'GET', headers, setHost: !('host' in headers) },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe.each(drivers)('the local mailbox answers only a developer on this machine (%s)', (driver) => {
  let server: TestServer;
  let port: string;
  beforeAll(async () => {
    server = await startServer(driver);
    port = new URL(server.base).port;
    // A mail to find: the sign-up link the mailbox would give away.
    await new Client(server.base).call('/api/id/site/register', {
      method: 'POST',
      json: { email: `mailbox-${driver}@example.com`, password: 'long enough pw' },
    });
  });
  afterAll(async () => server?.close());

  it('serves a direct loopback request with Host localhost, 127.0.0.1 or [::1], with or without a port', async () => {
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, 'localhost', `LOCALHOST:${port}`]) {
      const res = await get(server.base, '/api/mailbox?format=json', { host });
      expect(res.status, host).toBe(200);
      expect(JSON.parse(res.body).data.mails.length, host).toBeGreaterThan(0);
    }
    expect((await get(server.base, '/api/mailbox/1', { host: `localhost:${port}` })).status).toBe(200);
  });

  it('refuses any forwarding header: behind a same-host proxy the connection is loopback, the client not', async () => {
    const forwarded: Record<string, string>[] = [
      { 'x-real-ip': '198.51.100.7' },
      { via: '1.1 nginx' },
      { forwarded: 'for=198.51.100.7' },
      { 'x-forwarded-for': '198.51.100.7' },
      { 'x-forwarded-host': 'shop.example.com' },
      { 'x-forwarded-proto': 'https' },
      { 'x-client-ip': '198.51.100.7' },
      { 'cf-connecting-ip': '198.51.100.7' },
      { 'true-client-ip': '198.51.100.7' },
      { 'x-cluster-client-ip': '198.51.100.7' },
      { 'fastly-client-ip': '198.51.100.7' },
    ];
    for (const headers of forwarded) {
      for (const path of ['/api/mailbox?format=json', '/api/mailbox/1']) {
        const res = await get(server.base, path, { host: `127.0.0.1:${port}`, ...headers });
        expect(res.status, `${path} ${JSON.stringify(headers)}`).toBe(404);
        expect(JSON.parse(res.body).errno).toBe(Errno.NOT_FOUND);
        expect(res.body).not.toContain('token=');
      }
    }
  });

  it('refuses a Host that is not loopback (a DNS-rebinding page reaches 127.0.0.1 under its own name)', async () => {
    for (const host of [
      'evil.example',
      `evil.example:${port}`,
      `localhost.evil.example:${port}`,
      `127.0.0.1.nip.io:${port}`,
      `[::2]:${port}`,
      '',
    ]) {
      const res = await get(server.base, '/api/mailbox?format=json', { host });
      expect(res.status, JSON.stringify(host)).toBe(404);
    }
  });

  describe('is off outside local development', () => {
    const apps: FastifyInstance[] = [];
    /**
     * Another app on the same database, with some environment changed; `inject` comes from 127.0.0.1 with Host
     * localhost:80.
     */
    const appWith = async (env: Record<string, string>) => {
      const app = await buildApp({
        db: server.db,
        logger: false,
        seed: false,
        env: { PUBLIC_DIR: server.publicDir, ...env },
      });
      apps.push(app);
      return app;
    };
    const status = async (app: FastifyInstance) =>
      (await app.inject({ method: 'GET', url: '/api/mailbox?format=json' })).statusCode;
    afterAll(async () => {
      for (const app of apps) await app.close();
    });

    it('serves the same request in development, also with a loopback SITE_URL', async () => {
      expect(await status(await appWith({}))).toBe(200);
      expect(await status(await appWith({ SITE_URL: 'http://localhost:8000' }))).toBe(200);
      expect(await status(await appWith({ SITE_URL: 'http://127.0.0.1:8123' }))).toBe(200);
    });

    it('NODE_ENV=production turns it off', async () => {
      expect(await status(await appWith({ NODE_ENV: 'production', SANDBOX_PAYMENTS: 'allow' }))).toBe(404);
    });

    it('a public SITE_URL turns it off', async () => {
      expect(await status(await appWith({ SITE_URL: 'https://shop.example.com' }))).toBe(404);
      expect(await status(await appWith({ SITE_URL: 'http://192.0.2.10:8000' }))).toBe(404);
    });
  });
});
