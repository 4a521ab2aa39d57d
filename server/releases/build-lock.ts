/**
 * One build at a time per machine: Gatsby's work folder (public/) and its .cache are the machine's, whichever
 * database or process asks for a build. The queue already runs one build at a time per database; this lock file
 * in the releases folder (beside the publish lock) covers two stores, or the command line, on one machine.
 * A lock left by a process that is gone is taken over.
 */
import fs from 'node:fs';
import path from 'node:path';

const LOCK_FILE = '.build.lock';

function holderOf(file: string): number | undefined {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(file, 'utf8').trim());
  } catch {
    return undefined;
  }
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : undefined;
  }
}

/** Takes the machine's build lock: the function that gives it back, or the process id that holds it. */
export function takeBuildLock(releasesDir: string): { release: () => void } | { holder: number } {
  fs.mkdirSync(releasesDir, { recursive: true });
  const file = path.join(releasesDir, LOCK_FILE);
  const token = `${process.pid}\n${Math.random().toString(36).slice(2)}`;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      fs.writeFileSync(file, token, { flag: 'wx' });
      return {
        release: () => {
          // Only our own lock: a stale-lock takeover by another process must not be undone by us.
          if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === token) fs.rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = holderOf(file);
    if (holder !== undefined) return { holder };
    fs.rmSync(file, { force: true });
  }
  return { holder: holderOf(file) ?? -1 };
}
