import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { publishedReleaseId, releaseFromEnv } from './build-release';
import { RELEASE_NAME } from './release-links';

const dirs: string[] = [];
const releasesDir = (...existing: string[]) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'build-release-'));
  dirs.push(dir);
  for (const name of existing) fs.mkdirSync(path.join(dir, name));
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const built = 'r-20260102T030405678Z-ab12';

describe('the release a build renders its pages for', () => {
  it('is read from STORE_RELEASE only when it is a release name', () => {
    expect(releaseFromEnv({ STORE_RELEASE: built })).toBe(built);
    expect(releaseFromEnv({})).toBe('');
    expect(releaseFromEnv({ STORE_RELEASE: '../etc' })).toBe('');
  });

  it('names the published release while it is free and the newest', () => {
    expect(publishedReleaseId(releasesDir('r-20260101T000000000Z-aaaa'), built)).toBe(built);
    expect(publishedReleaseId(path.join(os.tmpdir(), `no-releases-${process.pid}`), built)).toBe(built);
  });

  it('gives way to a new name when the build was published before or a newer release exists', () => {
    const now = Date.parse('2026-03-01T00:00:00Z');
    for (const dir of [
      releasesDir(built),
      releasesDir('r-20260201T000000000Z-zzzz'),
      releasesDir(`.staging-${built}`),
    ]) {
      const id = publishedReleaseId(dir, built, now);
      expect(id).not.toBe(built);
      expect(id).toMatch(RELEASE_NAME);
      expect(id.startsWith('r-20260301T')).toBe(true);
    }
    expect(publishedReleaseId(releasesDir(), undefined, now).startsWith('r-20260301T')).toBe(true);
  });
});
