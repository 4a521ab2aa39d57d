import { readFileSync } from 'node:fs';
import path from 'node:path';
import { serverDir } from '../here';

/** A query of repositories/sql/<name>.sql (long SQL lives in files, read once when the module loads). */
export function loadSql(name: string): string {
  return readFileSync(path.join(serverDir, 'repositories', 'sql', `${name}.sql`), 'utf8');
}
