import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPglite } from '../db/pglite-driver';
import { migrate } from '../db/migrate';
import { seedFromContent } from '../db/seed';
import { snapshotHash, defaultContentDir } from '../db/seed-source';
import { serverDir } from '../here';

const quiet = { info: () => {}, warn: () => {} };

/**
 * Key of the template: migrations, content, the seed and the schemas that decide what of it is seeded; a change builds
 * a new one.
 */
function templateKey(): string {
  const hash = createHash('sha256').update(snapshotHash(defaultContentDir));
  for (const dir of [path.join(serverDir, 'db', 'migrations'), path.join(defaultContentDir, 'schemas')]) {
    for (const f of fs.readdirSync(dir).sort()) hash.update(f).update(fs.readFileSync(path.join(dir, f)));
  }
  // Seeded rows that come from code rather than snapshots (the gift card values).
  for (const file of [path.join(serverDir, 'db', 'seed.ts'), path.join(serverDir, '..', 'sites', 'gift-cards.ts')])
    hash.update(fs.readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A migrated and seeded PGlite data folder, built once per machine and content version and copied for each
 * test file: a fresh PGlite initdb takes 7-15 s here, a copy well under one.
 */
export async function pgliteTemplate(): Promise<string> {
  const root = path.join(os.tmpdir(), `storefront-pglite-template-${templateKey()}`);
  removeStaleTemplates(path.basename(root));
  const ready = path.join(root, 'READY');
  const lock = `${root}.lock`;
  while (!fs.existsSync(ready)) {
    try {
      fs.mkdirSync(lock); // atomic: one test worker builds, the others wait
    } catch {
      const age = Date.now() - fs.statSync(lock, { throwIfNoEntry: false })!.mtimeMs;
      if (age > 180_000) fs.rmSync(lock, { recursive: true, force: true }); // a crashed builder
      await sleep(250);
      continue;
    }
    try {
      fs.rmSync(root, { recursive: true, force: true });
      const db = await openPglite(path.join(root, 'data'));
      await migrate(db);
      await seedFromContent(db, { log: quiet });
      await db.close();
      fs.writeFileSync(ready, new Date().toISOString());
    } finally {
      fs.rmSync(lock, { recursive: true, force: true });
    }
  }
  return path.join(root, 'data');
}

/** Templates of older content or migrations are dead weight in /tmp: remove those untouched for an hour. */
function removeStaleTemplates(keep: string): void {
  for (const name of fs.readdirSync(os.tmpdir())) {
    if (!name.startsWith('storefront-pglite-template-') || name === keep || name.endsWith('.lock')) continue;
    const full = path.join(os.tmpdir(), name);
    const stat = fs.statSync(full, { throwIfNoEntry: false });
    if (stat && Date.now() - stat.mtimeMs > 3_600_000) fs.rmSync(full, { recursive: true, force: true });
  }
}

/** A private copy of the template for one test file. */
export async function freshPgliteDir(): Promise<string> {
  const template = await pgliteTemplate();
  const target = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-pglite-'));
  fs.cpSync(template, target, { recursive: true });
  return target;
}
