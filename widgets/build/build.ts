import { writeFileSync } from 'node:fs';
import path from 'node:path';
import webpack from 'webpack';
import { WIDGET_NAMES } from '../runtime/registry';
import { buildManifest } from './manifest';
import { reportSizes } from './report-sizes';
import { DIST_DIR, webpackConfig } from './webpack-config';

/** `npm run build:widgets`: webpack → widgets/dist/*.js + manifest.json, then the size report (fails over budget). */
async function main(): Promise<void> {
  const started = Date.now();
  const mode = process.env.WIDGETS_MODE === 'development' ? 'development' : 'production';
  const stats = await new Promise<webpack.Stats>((resolve, reject) =>
    webpack(webpackConfig(mode), (err, s) => (err || !s ? reject(err ?? new Error('no stats')) : resolve(s))),
  );
  if (stats.hasErrors()) {
    console.error(stats.toString({ colors: false, all: false, errors: true, errorDetails: true }));
    process.exit(1);
  }
  if (stats.hasWarnings()) console.warn(stats.toString({ colors: false, all: false, warnings: true }));
  const json = stats.toJson({ all: false, entrypoints: true, chunkGroups: true, chunks: true, assets: true });
  const manifest = buildManifest(json, WIDGET_NAMES);
  writeFileSync(path.join(DIST_DIR, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const ok = reportSizes(path.basename(manifest.runtime));
  console.log(
    `widgets built in ${((Date.now() - started) / 1000).toFixed(1)} s → ` +
      `${path.relative(process.cwd(), DIST_DIR)}/manifest.json`,
  );
  if (!ok) process.exit(1);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
