/** Runs the two build steps (islands, then Gatsby for the chosen storefronts) and records what was built. */
import { spawnSync } from 'child_process';
import fs from 'fs';
import { storefronts } from '../../../region-config';
import { buildInputs, recordBuiltInputs } from './build-inputs';

function run(script: string, env: NodeJS.ProcessEnv): void {
  const result = spawnSync('npm', ['run', script], { stdio: 'inherit', env });
  if (result.status !== 0) throw new Error(`npm run ${script} failed (exit ${result.status ?? result.signal})`);
}

/**
 * Builds the named storefronts (all of them when `urlLocals` is every storefront). `widgets`: also rebuild the
 * islands (skip it when widgets/ did not change and widgets/dist exists).
 */
export function runBuild(urlLocals: string[], options: { widgets: boolean }): void {
  const all = urlLocals.length === storefronts.length;
  const env = { ...process.env };
  if (all) delete env.REGIONS;
  else env.REGIONS = urlLocals.join(',');
  if (options.widgets || !fs.existsSync('widgets/dist/manifest.json')) run('build:widgets', env);
  run('build:sites', env);
  recordBuiltInputs(buildInputs(), urlLocals);
}
