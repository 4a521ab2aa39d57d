/**
 * Loads unshare-linked-files.cjs into this process too. `gatsby build` gets it by preload; a process that publishes
 * (the build's runner, `npm start`, the bench, a browser test that edits a built file and publishes it again) may
 * also write public/ itself, and must not change the linked release files under the server when it does.
 */
import { createRequire } from 'node:module';
import path from 'node:path';

const GUARD = 'unshare-linked-files.cjs';

/**
 * Guards the build's work folder (public/ of the project this process runs in) in this process; false when it could
 * not.
 */
export function guardWorkFolder(): boolean {
  try {
    // __dirname, as the other build modules use: `import.meta` would make Playwright's loader take this CommonJS
    // module for an ES module and fail on its exports.
    createRequire(path.join(__dirname, GUARD))(`./${GUARD}`);
    return true;
  } catch {
    return false;
  }
}
