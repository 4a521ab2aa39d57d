/**
 * Publishing by hand (`npm run build` and `npm start` publish on their own after a successful build):
 *   npm run site:publish                 # public/ as a new release, served at once (releases/current)
 *   npm run site:publish -- site         # another finished site, e.g. the merged shards (merge-shards.ts)
 *   npm run site:rollback                # serve the previous release again
 */
import { describePublish, publishRelease } from './publish';
import { rollback, servedDir } from './release-links';

async function main(): Promise<void> {
  if (process.argv.includes('--rollback')) {
    console.log(`Serving ${rollback()} again (${servedDir()}).`);
    return;
  }
  const workDir = process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? 'public';
  const started = Date.now();
  console.log(describePublish(await publishRelease({ workDir }), Date.now() - started, workDir));
}

main().catch((error: unknown) => {
  console.error((error as Error).message);
  process.exit(1);
});
