import { readFileSync } from 'node:fs';
import path from 'node:path';
import { serverDir } from '../../here';

/** A query of analytics/dashboard/sql/<name>.sql (read once, when the module that names it loads). */
export function dashboardSql(name: string): string {
  return readFileSync(path.join(serverDir, 'analytics', 'dashboard', 'sql', `${name}.sql`), 'utf8');
}
