/** The `p`-th percentile (0–100) of `values` by nearest rank; NaN for none. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** Milliseconds as a table shows them. */
export const ms = (v: number): string => (Number.isNaN(v) ? '–' : `${v.toFixed(v < 10 ? 1 : 0)} ms`);

/** A two-column table: what was measured, and the figure. */
export function printTable(title: string, rows: [string, string][]): void {
  const width = Math.max(...rows.map(([k]) => k.length));
  console.log(`\n${title}`);
  for (const [k, v] of rows) console.log(`  ${k.padEnd(width)}  ${v}`);
}
