/**
 * Rewrites README.md's table of payment methods per country from sites/payment-methods.json (after editing the file);
 * `--check` only says whether it is current, exiting 1 when not.
 */
import fs from 'node:fs';
import path from 'node:path';
import { regionSettings } from '../../region-config/regions';
import { methodsTable, withTable } from '../payment-methods-table';

const readmePath = path.resolve(__dirname, '../../README.md');
const readme = fs.readFileSync(readmePath, 'utf8');
const next = withTable(readme, methodsTable(regionSettings.map((r) => r.local)));
if (next === null) {
  console.error('README.md has no payment methods table markers');
  process.exit(1);
}
if (process.argv.includes('--check')) {
  console.log(next === readme ? 'README payment methods table is current' : 'README payment methods table is stale');
  process.exit(next === readme ? 0 : 1);
}
fs.writeFileSync(readmePath, next);
console.log(next === readme ? 'README payment methods table unchanged' : 'README payment methods table rewritten');
