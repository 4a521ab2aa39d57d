/**
 * What analytics costs a page in bytes: builds the islands (`npm run build:widgets`) and prints the gzip size of the
 * analytics chunk (the tracker with web-vitals, fetched after the page is idle and only with consent), of the channel
 * classifier it fetches on a visit's landing page from a campaign or another site, and of web-vitals alone; then what
 * every page's initial script (the islands' runtime) and the islands that report events grew by against another
 * commit, built the same way in a temporary worktree.
 *   npm run bench:analytics-bytes                  # against main
 *   npm run bench:analytics-bytes -- --base <ref>  # against another commit; --base none: this build only
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { buildSync } from 'esbuild';

/** The budget of the analytics chunk, web-vitals included. */
const BUDGET_GZIP = 3 * 1024;
/** The islands that report events (their chunks import `track`). */
const REPORTING = ['runtime', 'search', 'add-to-cart', 'cart', 'checkout', 'flash-sale'];

interface Size {
  raw: number;
  gzip: number;
  brotli: number;
}

const sizeOf = (data: Buffer | string): Size => ({
  raw: Buffer.byteLength(data),
  gzip: zlib.gzipSync(data, { level: 9 }).length,
  brotli: zlib.brotliCompressSync(data).length,
});

/** The islands' chunks of a build by name ('analytics', 'runtime', …; shared chunks by their numeric name). */
function chunks(distDir: string): Map<string, Size> {
  const out = new Map<string, Size>();
  for (const file of fs.readdirSync(distDir).filter((f) => f.endsWith('.js')))
    out.set(file.replace(/\.[0-9a-f]{8}\.js$/, ''), sizeOf(fs.readFileSync(path.join(distDir, file))));
  return out;
}

function buildWidgets(root: string): Map<string, Size> {
  const result = spawnSync('npx', ['tsx', 'widgets/build/build.ts'], { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`widgets build failed in ${root}:\n${result.stdout}\n${result.stderr}`);
  return chunks(path.join(root, 'widgets', 'dist'));
}

/** The same build of another commit, in a worktree of its own that shares this checkout's node_modules. */
function buildAt(ref: string): Map<string, Size> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'analytics-bytes-'));
  const git = (...args: string[]) => {
    const r = spawnSync('git', args, { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  };
  git('worktree', 'add', '--detach', dir, ref);
  try {
    fs.symlinkSync(fs.realpathSync('node_modules'), path.join(dir, 'node_modules'));
    return buildWidgets(dir);
  } finally {
    git('worktree', 'remove', '--force', dir);
  }
}

/** web-vitals' four metrics alone, minified as the islands' build does. */
function webVitalsAlone(): Size {
  const out = buildSync({
    stdin: {
      contents: "export { onLCP, onINP, onCLS, onTTFB } from 'web-vitals';",
      resolveDir: process.cwd(),
      loader: 'js',
    },
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2020',
    write: false,
  });
  return sizeOf(Buffer.from(out.outputFiles[0]!.contents));
}

const kb = (n: number) => `${(n / 1024).toFixed(2)} KB`;
const signed = (n: number) => `${n >= 0 ? '+' : ''}${n} B`;

function main(): void {
  const at = process.argv.indexOf('--base');
  const base = at >= 0 ? (process.argv[at + 1] ?? 'main') : 'main';
  const current = buildWidgets(process.cwd());
  const analytics = current.get('analytics');
  if (!analytics) throw new Error('no analytics chunk in widgets/dist: is it still named "analytics"?');
  const traffic = current.get('traffic');
  const vitals = webVitalsAlone();
  console.table({
    'analytics chunk (tracker + web-vitals)': analytics,
    'channel classifier (landing from a campaign or another site only)': traffic,
    'web-vitals alone (LCP, INP, CLS, TTFB)': vitals,
  });
  console.log(
    `analytics chunk: ${analytics.gzip} B gzip (${kb(analytics.gzip)}) of the ${kb(BUDGET_GZIP)} budget — ` +
      `${analytics.gzip <= BUDGET_GZIP ? 'within' : `OVER by ${analytics.gzip - BUDGET_GZIP} B`}; web-vitals alone ` +
      `${vitals.gzip} B, the tracker's share about ${analytics.gzip - vitals.gzip} B`,
  );
  if (base === 'none') return;
  const before = buildAt(base);
  const rows = Object.fromEntries(
    REPORTING.map((name) => {
      const now = current.get(name)?.gzip ?? 0;
      const then = before.get(name)?.gzip ?? 0;
      return [name, { [`${base} gzip`]: then, 'gzip now': now, grew: signed(now - then) }];
    }),
  );
  console.table(rows);
  const runtime = (current.get('runtime')?.gzip ?? 0) - (before.get('runtime')?.gzip ?? 0);
  console.log(`every page's initial script (the islands' runtime) grew by ${signed(runtime)} gzip against ${base}`);
}

main();
