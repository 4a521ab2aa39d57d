/**
 * Loads unshare-linked-files.cjs into this process too. `gatsby build` gets it by preload; a process that publishes
 * (the build's runner, `npm start`, the bench, a browser test that edits a built file and publishes it again) may
 * also write public/ itself, and must not change the linked release files under the server when it does.
 */
import { createRequire } from 'module';
import path from 'path';

const GUARD = 'unshare-linked-files.cjs';

/** Guards the build's work folder (public/ of the project this process runs in) in this process; false when it could not. */
export function guardWorkFolder(): boolean {
  const candidates = [() => createRequire(import.meta.url)(`./${GUARD}`), () => createRequire(path.resolve('package.json'))(`./plugins/storefront-pages/build-plan/${GUARD}`)];
  for (const load of candidates) {
    try {
      load();
      return true;
    } catch {
      // import.meta.url is not there in every transform (CommonJS test runners): resolve from the project instead
    }
  }
  return false;
}
