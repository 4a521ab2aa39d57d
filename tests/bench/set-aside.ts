/**
 * Earlier builds' outputs, moved out of the way while a benchmark times its builds and deleted once it is done.
 *
 * Deleting them first would time the deletion too, and only for the build that follows it. On this machine's ext4
 * (no journal), a new file or folder is not given an inode number freed in the last minutes (the kernel's
 * `recently_deleted` check), so each one created near hundreds of thousands of freshly freed inodes costs a scan
 * past them. Measured here: 20,000 new folders with one page each took 0.5–0.6 s of system time, and 3.0–4.2 s in
 * the three minutes after deleting 100,000 such folders beside them. A full build writes about 400,000 files and
 * folders into the same folders its predecessor's deletion freed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// In the temp folder, beside the trivial sites: inside the project, Parcel's snapshot walk at the start of our
// build (build-plan/parcel-snapshot-scope.cjs) would go through them.
const PREFIX = 'bench-set-aside-';

export class SetAside {
  private readonly paths: string[] = [];

  /**
   * Moves `dir` into the temp folder (a rename, so nothing is freed yet); nothing happens when it does not exist.
   * Where the temp folder is another file system, it is deleted now, and the next build's time includes that.
   */
  move(dir: string): void {
    if (!fs.existsSync(dir)) return;
    const aside = path.join(os.tmpdir(), `${PREFIX}${process.pid}-${this.paths.length}-${path.basename(dir)}`);
    try {
      fs.renameSync(dir, aside);
      this.paths.push(aside);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      console.log(
        `${os.tmpdir()} is another file system: ${dir} is deleted before the build, which slows the ` +
          `build's file creation`,
      );
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }

  /** A folder to delete at the end instead of now. */
  later(dir: string): void {
    this.paths.push(dir);
  }

  /** Deletes everything set aside; returns the seconds it took. */
  empty(): number {
    const started = Date.now();
    for (const aside of this.paths.splice(0)) fs.rmSync(aside, { recursive: true, force: true });
    return (Date.now() - started) / 1000;
  }
}

/** What an interrupted benchmark left set aside, deleted now. */
export function removeLeftovers(): string[] {
  const left = fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith(PREFIX));
  for (const name of left) fs.rmSync(path.join(os.tmpdir(), name), { recursive: true, force: true });
  return left;
}
