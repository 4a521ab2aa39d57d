/**
 * Prints the category scores and the main timings of the last `npm run lhci` run, one row per page, from
 * .lighthouseci/reports/manifest.json and its reports: each category's median over the page's runs (what
 * `lhci assert` judges), the performance score of every run with the CPU slowdown it was simulated at and the
 * benchmark index Lighthouse measured in it (collect.ts), and the timings of lhci's representative run.
 */
import fs from 'node:fs';
import path from 'node:path';

interface ManifestEntry {
  url: string;
  isRepresentativeRun: boolean;
  jsonPath: string;
  summary: Record<string, number>;
}
interface Report {
  audits: Record<string, { numericValue?: number }>;
  configSettings: { throttling: { cpuSlowdownMultiplier: number } };
  environment: { benchmarkIndex: number };
}

const file = path.resolve('.lighthouseci/reports/manifest.json');
if (!fs.existsSync(file)) {
  console.error('No Lighthouse reports: run `npm run lhci` first.');
  process.exit(1);
}
const all = JSON.parse(fs.readFileSync(file, 'utf8')) as ManifestEntry[];
const entries = all.filter((entry) => entry.isRepresentativeRun);
const readReport = (entry: ManifestEntry) =>
  fs.existsSync(entry.jsonPath) ? (JSON.parse(fs.readFileSync(entry.jsonPath, 'utf8')) as Report) : undefined;
const runsOf = (entry: ManifestEntry) => all.filter((run) => run.url === entry.url);
const percent = (value: number | undefined) => Math.round((value ?? 0) * 100);
/** The median as lhci's 'median' aggregation takes it (the mean of the middle two for an even count). */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor((sorted.length - 1) / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle] ?? 0) + (sorted[middle + 1] ?? 0)) / 2;
}
const score = (entry: ManifestEntry, category: string) =>
  percent(median(runsOf(entry).map((run) => run.summary[category] ?? 0)));
console.table(
  entries.map((entry) => {
    const report = readReport(entry);
    const ms = (id: string) => Math.round(report?.audits[id]?.numericValue ?? NaN);
    return {
      url: new URL(entry.url).pathname,
      performance: score(entry, 'performance'),
      'performance runs': runsOf(entry)
        .map((run) => percent(run.summary['performance']))
        .join(' '),
      'CPU slowdown (benchmark)': runsOf(entry)
        .map(readReport)
        .map(
          (run) =>
            `${run?.configSettings.throttling.cpuSlowdownMultiplier ?? '?'}× ` +
            `(${Math.round(run?.environment.benchmarkIndex ?? NaN)})`,
        )
        .join(' '),
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
