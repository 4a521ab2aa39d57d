import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { Client, drivers, startServer, type TestServer } from '../test-support/harness';
import { quickShopper } from '../test-support/shoppers';
import { staffMember } from '../test-support/staff';
import { releaseManager } from '../test-support/release-managers';
import { Errno } from '../errors';
import { listReleasesOnDisk } from './releases-on-disk';
import type { BuildView } from '../schemas/releases';

const FAKE_BUILD = path.resolve('server/test-support/fake-build.mjs');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The release console on both drivers, with a fast fake build (RELEASE_BUILD_COMMAND): a rebuild is a pg-boss job
 * that streams progress and log rows, publishes, or waits for its time; a failure publishes nothing and keeps its
 * log; a build cut off by an API restart starts again; parallel requests build one at a time; only release
 * managers get in.
 */
describe.each(drivers)('the release console (%s)', (driver) => {
  let server: TestServer;
  let manager: Client;
  let root: string;
  let env: Record<string, unknown>;
  const releases = () => path.join(root, 'releases');
  const served = (code: string) => fs.readFileSync(path.join(releases(), 'current', code, 'index.html'), 'utf8');

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'release-console-'));
    env = {
      RELEASES_DIR: releases(),
      BUILD_WORK_DIR: path.join(root, 'public'),
      RELEASE_BUILD_COMMAND: JSON.stringify([process.execPath, FAKE_BUILD]),
      RELEASE_BUILD_STALE_MS: 2000,
    };
    server = await startServer(driver, env);
    manager = (await releaseManager(server)).client;
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });
  afterEach(() => {
    delete process.env['FAKE_BUILD_FAIL'];
    delete process.env['FAKE_BUILD_MS'];
  });

  const build = (json: Record<string, unknown>, client = manager) =>
    client.call<BuildView>('/api/de/releases/builds', { method: 'POST', json });
  async function until(client: Client, id: number, states: string[], ms = 30_000): Promise<BuildView> {
    const started = Date.now();
    for (;;) {
      const r = await client.call<BuildView>(`/api/de/releases/builds/${id}`);
      if (states.includes(r.body.data?.state)) return r.body.data;
      if (Date.now() - started > ms) throw new Error(`build ${id} is ${r.body.data?.state}, not ${states.join('/')}`);
      await sleep(100);
    }
  }

  it('lets release managers in and refuses visitors, shoppers and support staff', async () => {
    const visitor = new Client(server.base);
    expect((await visitor.call('/api/de/releases/status')).body.errno).toBe(Errno.NOT_LOGGED_IN);
    const shopper = (await quickShopper(server)).client;
    const staff = (await staffMember(server)).client;
    for (const client of [shopper, staff]) {
      const r = await client.call('/api/de/releases/status');
      expect(r.status).toBe(403);
      expect(r.body.errno).toBe(Errno.RELEASE_MANAGER_ONLY);
      // Refused before validation: even a malformed body says "release managers only".
      expect((await build({ locals: 'x' }, client)).body.errno).toBe(Errno.RELEASE_MANAGER_ONLY);
    }
    expect((await manager.call('/api/de/releases/status')).body.errno).toBe(0);
  });

  it('requires a note and known storefronts', async () => {
    expect((await build({ locals: ['de'] })).body.errno).toBe(Errno.INVALID_PARAM);
    expect((await build({ locals: ['de'], note: '   ' })).body.errno).toBe(Errno.INVALID_PARAM);
    expect((await build({ locals: ['zz'], note: 'x' })).body.errno).toBe(Errno.INVALID_PARAM);
  });

  it('rebuilds a storefront as a job with progress and log, then publishes it', async () => {
    const r = await build({ locals: ['de'], note: 'spring prices' });
    expect(r.body.errno).toBe(0);
    const done = await until(manager, r.body.data.id, ['published', 'failed']);
    expect(done.state).toBe('published');
    expect(done).toMatchObject({ pages_done: 10, pages_total: 10, attempts: 1 });
    expect(served('de')).toContain('<h1>de</h1>');
    expect(fs.readlinkSync(path.join(releases(), 'current'))).toBe(done.release_id);
    const log = (await manager.call(`/api/de/releases/builds/${done.id}/log`)).body.data.lines.map(
      (l: { line: string }) => l.line,
    );
    expect(log.some((line: string) => line.includes('success storefront de'))).toBe(true);
    expect(log.some((line: string) => line.startsWith('published as'))).toBe(true);
    const history = (await manager.call('/api/de/releases/history?local=de')).body.data.events;
    expect(history.slice(0, 2).map((e: { action: string; note: string }) => [e.action, e.note])).toEqual([
      ['publish', 'spring prices'],
      ['build', 'spring prices'],
    ]);
    const status = (await manager.call('/api/de/releases/status')).body.data;
    expect(status.storefronts.find((s: { local: string }) => s.local === 'de')).toMatchObject({
      release_id: done.release_id,
      note: 'spring prices',
    });
    // The inputs it was built from are recorded: nothing changed since.
    const diff = (await manager.call('/api/de/releases/diff?local=de')).body.data;
    expect(diff).toMatchObject({ local: 'de', known: true });
    expect(diff.diff.same).toBe(true);
  });

  it('keeps the log of a failed build and publishes nothing', async () => {
    const before = served('de');
    process.env['FAKE_BUILD_FAIL'] = '1';
    const r = await build({ locals: ['de'], note: 'broken snapshot' });
    const done = await until(manager, r.body.data.id, ['published', 'failed']);
    expect(done.state).toBe('failed');
    expect(done.release_id).toBeNull();
    expect(served('de')).toBe(before);
    const log = (await manager.call(`/api/de/releases/builds/${done.id}/log`)).body.data.lines.map(
      (l: { line: string }) => l.line,
    );
    expect(log.some((line: string) => line.includes('failed to render'))).toBe(true);
    expect((await manager.call('/api/de/releases/history?limit=1')).body.data.events[0]).toMatchObject({
      action: 'fail',
      build_id: done.id,
    });
  });

  it('publishes at a set time', async () => {
    const at = new Date(Date.now() + 3000);
    const r = await build({ locals: ['de'], note: 'sale starts', publish_at: at.toISOString() });
    const waiting = await until(manager, r.body.data.id, ['scheduled', 'failed']);
    expect(waiting.state).toBe('scheduled');
    // Another build would overwrite the work folder that holds it: refused until it is published.
    expect((await build({ locals: ['fr'], note: 'meanwhile' })).body.errno).toBe(Errno.RELEASE_STATE);
    const done = await until(manager, r.body.data.id, ['published', 'failed'], 20_000);
    expect(done.state).toBe('published');
    const history = (await manager.call('/api/de/releases/history?local=de&limit=3')).body.data.events;
    const published = history.find((e: { action: string }) => e.action === 'publish');
    expect(new Date(published.at).getTime()).toBeGreaterThanOrEqual(at.getTime() - 50);
  });

  it('holds a build for a publish call, then rolls the storefront back in one step', async () => {
    const before = served('de');
    const beforeRelease = fs.readlinkSync(path.join(releases(), 'current'));
    const r = await build({ locals: ['de'], note: 'hold it', hold: true });
    await until(manager, r.body.data.id, ['built']);
    // Two publish calls at once: one publishes, the other is told the build is not waiting any more.
    const calls = await Promise.all(
      [1, 2].map(() =>
        manager.call(`/api/de/releases/builds/${r.body.data.id}/publish`, { method: 'POST', json: { note: 'go' } }),
      ),
    );
    expect(calls.map((c) => c.body.errno).sort()).toEqual([0, Errno.RELEASE_STATE]);
    expect(served('de')).not.toBe(before);
    const status = (await manager.call('/api/de/releases/status')).body.data;
    const de = status.storefronts.find((s: { local: string }) => s.local === 'de');
    expect(de.rollback_targets[0].release_id).toBe(beforeRelease);
    const back = await manager.call('/api/de/releases/rollback', {
      method: 'POST',
      json: { locals: ['de'], to: beforeRelease, note: 'wrong prices' },
    });
    expect(back.body.errno).toBe(0);
    expect(served('de')).toBe(before);
    expect((await manager.call('/api/de/releases/history?limit=1')).body.data.events[0]).toMatchObject({
      action: 'rollback',
      note: 'wrong prices',
      locals: ['de'],
    });
    expect(
      (
        await manager.call('/api/de/releases/rollback', {
          method: 'POST',
          json: { locals: ['de'], to: 'r-20000101T000000000Z-zzzz', note: 'x' },
        })
      ).body.errno,
    ).toBe(Errno.RELEASE_STATE);
  });

  it('builds one at a time when five rebuilds are asked for at once', async () => {
    process.env['FAKE_BUILD_MS'] = '400';
    const codes = ['de', 'fr', 'it', 'es', 'pl'];
    const asked = await Promise.all(codes.map((code) => build({ locals: [code], note: `parallel ${code}` })));
    expect(asked.map((a) => a.body.errno)).toEqual([0, 0, 0, 0, 0]);
    const done = await Promise.all(asked.map((a) => until(manager, a.body.data.id, ['published', 'failed'], 60_000)));
    expect(done.map((d) => d.state)).toEqual(['published', 'published', 'published', 'published', 'published']);
    const spans = done
      .map((d) => [new Date(d.started_at!).getTime(), new Date(d.built_at!).getTime()] as const)
      .sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < spans.length; i += 1) expect(spans[i]![0]).toBeGreaterThanOrEqual(spans[i - 1]![1]);
    for (const code of codes) expect(served(code)).toContain(`<h1>${code}</h1>`);
  });

  it('takes up the build of a process that crashed mid-build', async () => {
    // What a crash leaves: a build marked as building whose heartbeat stopped (its job was active in that process).
    const row = (
      await server.db.query<{ id: number }>(
        `INSERT INTO release_builds (locals, note, requested_by_label, state, started_at, heartbeat_at, attempts)
       VALUES ('{de}', 'crashed', 'test', 'building', now() - interval '1 minute', now() - interval '1 minute', 1)
       RETURNING id::int`,
      )
    )[0]!;
    const done = await until(manager, row.id, ['published', 'failed'], 30_000);
    expect(done).toMatchObject({ state: 'published', attempts: 2 });
  });
  it('keeps recorded inputs only for storefront versions still on disk', async () => {
    const onDisk = listReleasesOnDisk(releases()).flatMap((r) => Object.values(r.storefronts));
    await server.app.releases.store.prune(onDisk);
    const rows = await server.db.query<{ version: string | null }>(`SELECT version FROM release_inputs`);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.version !== null && onDisk.includes(row.version))).toBe(true);
  });

  // Last: it closes the suite's server and goes on with a new one on the same database.
  it('starts a build again after an API restart', async () => {
    process.env['FAKE_BUILD_MS'] = '3000';
    const r = await build({ locals: ['de'], note: 'across a restart' });
    const id = r.body.data.id;
    for (let i = 0; ; i += 1) {
      const b = (await manager.call<BuildView>(`/api/de/releases/builds/${id}`)).body.data;
      if (b.state === 'building' && b.pages_done > 0) break;
      if (i > 300) throw new Error(`build never got going: ${b.state}`);
      await sleep(50);
    }
    await server.app.close();
    process.env['FAKE_BUILD_MS'] = '300';
    const app = await buildApp({
      db: server.db,
      logger: false,
      env: { PUBLIC_DIR: server.publicDir, LOG_LEVEL: 'silent', TRUST_PROXY: 'loopback', ...env },
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const address = app.server.address();
      const again = new Client(
        `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
        manager.address,
        manager.cookies,
      );
      const done = await until(again, id, ['published', 'failed']);
      expect(done).toMatchObject({ state: 'published', attempts: 2 });
      const log = (await again.call(`/api/de/releases/builds/${id}/log`)).body.data.lines.map(
        (l: { line: string }) => l.line,
      );
      expect(log.some((line: string) => line.includes('starts again'))).toBe(true);
    } finally {
      await app.close();
    }
  });
});
