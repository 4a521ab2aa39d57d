import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_WORKER_CSP } from '../sites/security-headers';
import { installSecurityHeaders } from './security/headers';
import { staticSite } from './static';

describe('service worker headers', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sw-headers-'));
  const app = Fastify();

  beforeAll(async () => {
    fs.mkdirSync(path.join(root, 'id'), { recursive: true });
    fs.mkdirSync(path.join(root, '_widgets'), { recursive: true });
    fs.writeFileSync(path.join(root, 'id', 'service-worker.js'), 'self.addEventListener("fetch", () => {});');
    fs.writeFileSync(path.join(root, '_widgets', 'runtime.0123abcd.js'), 'export {};');
    installSecurityHeaders(app);
    await app.register(staticSite, { root });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('serves /id/service-worker.js revalidated, scoped to /id/, with a policy allowing same-origin fetch', async () => {
    const res = await app.inject({ url: '/id/service-worker.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['service-worker-allowed']).toBe('/id/');
    expect(res.headers['content-security-policy']).toBe(SERVICE_WORKER_CSP);
    expect(SERVICE_WORKER_CSP).toContain("default-src 'self'");
  });

  it('leaves other scripts alone: no scope header, the default policy, hashed files immutable', async () => {
    const res = await app.inject({ url: '/_widgets/runtime.0123abcd.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['service-worker-allowed']).toBeUndefined();
    expect(res.headers['content-security-policy']).not.toBe(SERVICE_WORKER_CSP);
    expect(res.headers['cache-control']).toContain('immutable');
  });
});
