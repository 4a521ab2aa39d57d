/**
 * The child process of a console build: the project's own build (islands, then Gatsby) of the storefronts in
 * REGIONS into the work folder, without publishing; the job that started it publishes now or at the set time.
 * Run as `tsx server/releases/build-child.ts` with REGIONS=de (or de,fr).
 */
import { buildStorefronts } from '../../plugins/storefront-pages/build-plan/run-build';

async function main(): Promise<void> {
  const codes = (process.env['REGIONS'] ?? '')
    .split(',')
    .map((code) => code.trim())
    .filter(Boolean);
  if (codes.length === 0) throw new Error('REGIONS names no storefront to build');
  await buildStorefronts(codes, { widgets: true, releasesDir: process.env['RELEASES_DIR'] });
}

main().catch((error: unknown) => {
  console.error((error as Error).message);
  process.exit(1);
});
