import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshPgliteDir } from './test-support/template';
import { spawnServer } from './test-support/processes';

describe('server.ts (npm run serve)', () => {
  it('listens on HOST:PORT with the embedded database, serves public/ and the API, stops on SIGTERM', async () => {
    const dataDir = await freshPgliteDir();
    const publicDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-serve-'));
    fs.mkdirSync(path.join(publicDir, 'id'));
    fs.writeFileSync(path.join(publicDir, 'id', 'index.html'), '<!doctype html><title>Beranda</title>');
    const server = await spawnServer({ DATA_DIR: dataDir, PUBLIC_DIR: publicDir });
    const base = server.base;
    try {
      const health = await (await fetch(`${base}/api/health`)).json();
      expect(health.data).toEqual({ status: 'ok' });
      const home = await fetch(`${base}/id/`);
      expect(await home.text()).toContain('Beranda');
      // Every log line is structured JSON with a request id.
      const lines = server
        .output()
        .split('\n')
        .filter((l) => l.includes('"reqId"'));
      expect(lines.length).toBeGreaterThan(0);
      expect(() => lines.map((l) => JSON.parse(l))).not.toThrow();

      expect(await server.stop()).toBe(0);
    } finally {
      await server.kill();
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(publicDir, { recursive: true, force: true });
    }
  });
});
