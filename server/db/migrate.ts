import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Database } from './types';
import { serverDir } from '../here';

const MIGRATIONS_DIR = path.join(serverDir, 'db', 'migrations');
// Any constant works; it only has to be the same for every instance so they migrate one at a time.
const LOCK_ID = 72_410_031;

/** Applies the SQL files of migrations/ not applied yet, in name order, each in one transaction. */
export async function migrate(db: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    // Several API instances may start at once on one Postgres: the lock serialises them, from the very first
    // statement (even CREATE TABLE IF NOT EXISTS races on the catalogue when two sessions run it together).
    await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK_ID]);
    await tx.query(
      `CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY,
         applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    const done = new Set((await tx.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = readFileSync(path.join(dir, file), 'utf8');
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      applied.push(file);
    }
  });
  return applied;
}

/**
 * Splits a migration into statements and drops its `--` comments. Dollar-quoted bodies (`$$ … $$`, `$body$ …
 * $body$`: functions) are kept whole; elsewhere migrations keep to plain DDL: no `;` or `--` inside strings.
 */
export function splitStatements(sql: string): string[] {
  const bodies: string[] = [];
  const masked = sql.replace(/\$([A-Za-z_]*)\$[\s\S]*?\$\1\$/g, (body) => `\u0000${bodies.push(body) - 1}\u0000`);
  return (
    masked
      .replace(/--.*$/gm, '')
      .split(/;\s*(?:\n|$)/)
      .map((s) => s.trim())
      .filter(Boolean)
      // biome-ignore lint/suspicious/noControlCharactersInRegex: NUL marks a dollar-quoted body set aside
      .map((s) => s.replace(/\u0000(\d+)\u0000/g, (_, i: string) => bodies[Number(i)]!))
  );
}
