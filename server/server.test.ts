import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshPgliteDir } from './test-support/template';

describe('server.ts (npm run serve)', () => {
  it('listens on HOST:PORT with the embedded database, serves public/ and the API, and stops cleanly on SIGTERM', async () => {
    const dataDir = await freshPgliteDir();
    const publicDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-serve-'));
    fs.mkdirSync(path.join(publicDir, 'id'));
    fs.writeFileSync(path.join(publicDir, 'id', 'index.html'), '<!doctype html><title>Beranda</title>');
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'server.ts')], {
      env: { ...process.env, HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, PUBLIC_DIR: publicDir, LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let out = '';
      const base = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no listen line in: ${out}`)), 60_000);
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
          if (m) {
            clearTimeout(timer);
            resolve(m[1]!);
          }
        });
        child.on('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
      });
      const health = await (await fetch(`${base}/api/health`)).json();
      expect(health.data).toMatchObject({ status: 'ok', driver: 'pglite' });
      const home = await fetch(`${base}/id/`);
      expect(await home.text()).toContain('Beranda');
      // Every log line is structured JSON with a request id.
      const lines = out.split('\n').filter((l) => l.includes('"reqId"'));
      expect(lines.length).toBeGreaterThan(0);
      expect(() => lines.map((l) => JSON.parse(l))).not.toThrow();

      const exit = new Promise<number | null>((resolve) => child.on('exit', resolve));
      child.kill('SIGTERM');
      expect(await exit).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(publicDir, { recursive: true, force: true });
    }
  });
});
