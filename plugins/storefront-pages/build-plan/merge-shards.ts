/**
 * Publishes the shards of a CI matrix together: `tsx plugins/storefront-pages/build-plan/merge-shards.ts out
 * shard-1 shard-2 …` copies every shard's public folder into `out` (their shared folders are the same build of
 * the same commit) and rewrites what spans storefronts: client routes, the sitemap index, robots.txt and the
 * root pages. A storefront in two shards is a broken matrix and stops the merge. `out` is a finished site: upload
 * it to a CDN, or serve it with the built-in server by publishing it (`npm run site:publish -- out`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { storefrontsIn, writeSiteRootFiles } from '../post-build/root-files';

interface ClientRoute {
  pattern: string;
  page: string;
}

function main(): void {
  const [out, ...shards] = process.argv.slice(2);
  if (!out || shards.length === 0) throw new Error('usage: merge-shards.ts <out> <shard-dir>…');
  const owner = new Map<string, string>();
  const routes: ClientRoute[] = [];
  fs.mkdirSync(out, { recursive: true });
  for (const shard of shards) {
    for (const code of storefrontsIn(shard)) {
      const other = owner.get(code);
      if (other) throw new Error(`storefront ${code} is in ${other} and ${shard}`);
      owner.set(code, shard);
    }
    const routesFile = path.join(shard, '_routes.json');
    if (fs.existsSync(routesFile)) routes.push(...(JSON.parse(fs.readFileSync(routesFile, 'utf8')) as ClientRoute[]));
    fs.cpSync(shard, out, { recursive: true });
  }
  fs.writeFileSync(path.join(out, '_routes.json'), `${JSON.stringify(routes, null, 1)}\n`);
  // Each shard's build record names only its storefronts; the merged site is published whole (publish.ts).
  fs.rmSync(path.join(out, '.build-inputs.json'), { force: true });
  const built = storefrontsIn(out);
  writeSiteRootFiles(out, built, new Date().toISOString().slice(0, 10));
  console.log(`Merged ${shards.length} shards into ${out}: ${built.length} storefronts`);
}

try {
  main();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
