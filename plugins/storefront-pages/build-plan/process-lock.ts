/**
 * A lock file held by a live process: it names the process (its id on the first line) and a token of the taker, so
 * only the taker gives it back. A lock whose process is gone (a stopped build or publish) is taken over. Used for the
 * machine's publish lock and build lock in the releases folder.
 */
import fs from 'node:fs';

/** The live process that holds `file`, or undefined when nobody (no file, or its process is gone). */
export function lockHolder(file: string): number | undefined {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(file, 'utf8').split('\n')[0]!.trim());
  } catch {
    return undefined; // released meanwhile
  }
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: alive but someone else's; ESRCH: gone, so the lock is stale.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : undefined;
  }
}

/** Takes the lock `file`: the function that gives it back, or the id of the live process that holds it. */
export function takeLock(file: string): { release: () => void } | { holder: number } {
  const token = `${process.pid}\n${Math.random().toString(36).slice(2)}`;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      fs.writeFileSync(file, token, { flag: 'wx' });
      return {
        release: () => {
          // Only our own lock: a takeover by another process (ours looked stale) must not be undone by us.
          if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === token) fs.rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = lockHolder(file);
    if (holder !== undefined) return { holder };
    fs.rmSync(file, { force: true });
  }
  return { holder: lockHolder(file) ?? -1 };
}
