/** Prints the category scores of the last `npm run lhci` run (from .lighthouseci/reports/manifest.json). */
import fs from 'fs';
import path from 'path';

interface ManifestEntry {
  url: string;
  summary: Record<string, number>;
}

const file = path.resolve('.lighthouseci/reports/manifest.json');
if (!fs.existsSync(file)) {
  console.error('No Lighthouse reports: run `npm run lhci` first.');
  process.exit(1);
}
const entries = JSON.parse(fs.readFileSync(file, 'utf8')) as ManifestEntry[];
console.table(
  entries.map((entry) => ({
    url: new URL(entry.url).pathname,
    performance: Math.round((entry.summary.performance ?? 0) * 100),
    accessibility: Math.round((entry.summary.accessibility ?? 0) * 100),
    'best-practices': Math.round((entry.summary['best-practices'] ?? 0) * 100),
    seo: Math.round((entry.summary.seo ?? 0) * 100),
  })),
);
