import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Route modules reach the database only through repositories (server/repositories/), so a statement and the rows it
 * touches have one owner. Test files are exempt: they read and arrange rows directly.
 */
const SQL_PATTERNS: readonly { name: string; pattern: RegExp }[] = [
  { name: 'SELECT … FROM', pattern: /\bSELECT\s[\s\S]{0,500}?\bFROM\s/ },
  { name: 'INSERT INTO', pattern: /\bINSERT\s+INTO\s/ },
  { name: 'UPDATE … SET', pattern: /\bUPDATE\s+[\w.]+\s+SET\s/ },
  { name: 'DELETE FROM', pattern: /\bDELETE\s+FROM\s/ },
  { name: '.query( call', pattern: /\.query\s*(<[\s\S]*?>)?\s*\(/ },
];

/** The kinds of SQL found in a source text (SQL keywords in capitals, as the code base writes them). */
function sqlIn(source: string): string[] {
  return SQL_PATTERNS.filter((p) => p.pattern.test(source)).map((p) => p.name);
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('no SQL in route modules', () => {
  it('finds each kind of statement and a query call, and not the words in prose or request.query', () => {
    expect(
      sqlIn('await app.db.query(`SELECT DISTINCT c.product_id FROM offers o WHERE o.local = $1`, [local])'),
    ).toEqual(['SELECT … FROM', '.query( call']);
    expect(sqlIn('tx.query<{ id: string }>(\n `INSERT INTO enterprise_accounts (user_id) VALUES ($1)`, [id])')).toEqual(
      ['INSERT INTO', '.query( call'],
    );
    expect(sqlIn('`UPDATE enterprise_accounts SET valid_until = $3 WHERE id = $1`')).toEqual(['UPDATE … SET']);
    expect(sqlIn('`DELETE FROM carts WHERE id = $1`')).toEqual(['DELETE FROM']);
    expect(sqlIn("await app.db.query('SELECT 1')")).toEqual(['.query( call']);
    expect(sqlIn('const q = request.query; // select a plan from the list, then update the form and set it')).toEqual(
      [],
    );
  });

  it('holds in every non-test file under server/routes/', () => {
    const root = path.dirname(new URL(import.meta.url).pathname);
    const files = sourceFiles(root);
    expect(files.length).toBeGreaterThan(10);
    const offenders = files.flatMap((file) => {
      const found = sqlIn(fs.readFileSync(file, 'utf8'));
      return found.length > 0 ? [`${path.relative(root, file)}: ${found.join(', ')}`] : [];
    });
    expect(offenders, 'move these statements into the repository that owns the rows (server/repositories/)').toEqual(
      [],
    );
  });
});
