/**
 * `npm start`, before serving: builds nothing when the served release already matches the inputs, and otherwise
 * only the storefronts whose inputs changed, saying which and why. Gatsby builds only those (re-rendering only
 * the pages whose content changed: each page's PageRef carries its hash), and the publish carries the other
 * storefronts over from the served release (publish.ts). A build finished earlier but not yet published (the
 * publish was stopped) is published without building.
 */
import fs from 'node:fs';
import { storefrontsIn } from '../post-build/root-files';
import { selectedStorefronts } from '../selected-storefronts';
import { buildInputs, readRecordedInputs, recordFile } from './build-inputs';
import { planBuild } from './build-plan';
import { describePublish, publishRelease } from './publish';
import { RELEASES_DIR, servedDir } from './release-links';
import { runBuild } from './run-build';
import { afterServedChange } from './served-change';

/** Whether the served release is the build in public/ (each release keeps a copy of the build record). */
function servesWorkFolder(): boolean {
  const read = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined);
  const built = read(recordFile('public'));
  return built !== undefined && built === read(recordFile(servedDir()));
}

async function main(): Promise<void> {
  const started = Date.now();
  const wanted = selectedStorefronts().map((s) => s.urlLocal);
  // What is online is the served release; public/ holds only the storefronts the last build made.
  const present = new Set(storefrontsIn(servedDir()));
  const current = buildInputs();
  const recorded = readRecordedInputs();
  const plan = planBuild(current, recorded, wanted, present);
  if (plan.rebuild.length === 0) {
    console.log(
      `public/ matches the inputs of its ${wanted.length} storefronts: no build needed (checked in ` +
        `${Date.now() - started} ms).`,
    );
    if (servesWorkFolder()) return;
    const publishing = Date.now();
    const result = await publishRelease();
    console.log(describePublish(result, Date.now() - publishing));
    await afterServedChange({
      releasesDir: RELEASES_DIR,
      releaseId: result.id,
      locals: result.changedStorefronts,
      reason: 'publish',
    });
    return;
  }
  console.log(`Rebuilding ${plan.rebuild.length} of ${wanted.length} storefronts:`);
  for (const { urlLocal, why } of plan.rebuild) console.log(`  ${urlLocal}: ${why}`);
  const widgetsChanged = Object.keys(current.codeFiles).some(
    (file) => file.startsWith('widgets/') && current.codeFiles[file] !== recorded?.codeFiles[file],
  );
  await runBuild(
    plan.rebuild.map((entry) => entry.urlLocal),
    { widgets: widgetsChanged },
  );
  console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((error: unknown) => {
  console.error((error as Error).message);
  process.exit(1);
});
