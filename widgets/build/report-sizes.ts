import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { DIST_DIR } from './webpack-config';

/** Item 9: the runtime entry (islands runtime + request layer + consent gate) must stay within 15 KB gzip. */
export const CORE_BUDGET_GZIP = 15 * 1024;

export interface ChunkSize {
  file: string;
  raw: number;
  gzip: number;
}

export function measure(dir = DIST_DIR): ChunkSize[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.js'))
    .map((file) => {
      const buf = readFileSync(path.join(dir, file));
      return { file, raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length };
    })
    .sort((a, b) => a.file.localeCompare(b.file));
}

const kb = (n: number) => `${(n / 1024).toFixed(2)} KB`.padStart(10);

/** Prints per-chunk raw/gzip sizes; returns false when the core is over budget. */
export function reportSizes(runtimeFile: string, dir = DIST_DIR): boolean {
  const sizes = measure(dir);
  console.log(`${'chunk'.padEnd(40)}${'raw'.padStart(10)}${'gzip'.padStart(10)}`);
  for (const s of sizes) console.log(`${s.file.padEnd(40)}${kb(s.raw)}${kb(s.gzip)}`);
  const core = sizes.find((s) => s.file === runtimeFile);
  if (!core) throw new Error(`report-sizes: ${runtimeFile} not found in ${dir}`);
  const ok = core.gzip <= CORE_BUDGET_GZIP;
  console.log(
    `core (runtime + request layer + consent gate): ${kb(core.gzip).trim()} gzip of ` +
      `${kb(CORE_BUDGET_GZIP).trim()} — ${ok ? 'ok' : 'OVER BUDGET'}`,
  );
  return ok;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  const manifest = JSON.parse(readFileSync(path.join(DIST_DIR, 'manifest.json'), 'utf8')) as { runtime: string };
  if (!reportSizes(path.basename(manifest.runtime))) process.exit(1);
}
