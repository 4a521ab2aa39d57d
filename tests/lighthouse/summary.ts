/**
 * Prints the category scores and the main timings of the last `npm run lhci` run, one row per page (the median
 * run when there were several), from .lighthouseci/reports/manifest.json and its reports.
 */
import fs from 'fs';
import path from 'path';

interface ManifestEntry {
  url: string;
  isRepresentativeRun: boolean;
  jsonPath: string;
  summary: Record<string, number>;
}
interface Report {
  audits: Record<string, { numericValue?: number }>;
}

const file = path.resolve('.lighthouseci/reports/manifest.json');
if (!fs.existsSync(file)) {
  console.error('No Lighthouse reports: run `npm run lhci` first.');
  process.exit(1);
}
const entries = (JSON.parse(fs.readFileSync(file, 'utf8')) as ManifestEntry[]).filter((entry) => entry.isRepresentativeRun);
const score = (entry: ManifestEntry, category: string) => Math.round((entry.summary[category] ?? 0) * 100);
console.table(
  entries.map((entry) => {
    const report = fs.existsSync(entry.jsonPath) ? (JSON.parse(fs.readFileSync(entry.jsonPath, 'utf8')) as Report) : undefined;
    const ms = (id: string) => Math.round(report?.audits[id]?.numericValue ?? NaN);
    return {
      url: new URL(entry.url).pathname,
      performance: score(entry, 'performance'),
      accessibility: score(entry, 'accessibility'),
      'best-practices': score(entry, 'best-practices'),
      seo: score(entry, 'seo'),
      'FCP ms': ms('first-contentful-paint'),
      'LCP ms': ms('largest-contentful-paint'),
      'TBT ms': ms('total-blocking-time'),
      CLS: report?.audits['cumulative-layout-shift']?.numericValue ?? NaN,
    };
  }),
);
