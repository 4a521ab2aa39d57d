/**
 * One build at a time per machine: Gatsby's work folder (public/) and its .cache are the machine's, whichever
 * database or process asks for a build. The queue already runs one build at a time per database; this lock file
 * in the releases folder (beside the publish lock) covers two stores, or the command line, on one machine.
 * A lock left by a process that is gone is taken over.
 */
import fs from 'node:fs';
import path from 'node:path';
import { takeLock } from '../../plugins/storefront-pages/build-plan/process-lock';

const LOCK_FILE = '.build.lock';

/** Takes the machine's build lock: the function that gives it back, or the process id that holds it. */
export function takeBuildLock(releasesDir: string): { release: () => void } | { holder: number } {
  fs.mkdirSync(releasesDir, { recursive: true });
  return takeLock(path.join(releasesDir, LOCK_FILE));
}
