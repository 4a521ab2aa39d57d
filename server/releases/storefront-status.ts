/**
 * What the console shows per storefront: the version it serves and the release that made it, when and by whom it
 * was published (the console's history; "outside the console" for `npm start` or `site:publish`), the releases on
 * disk it can be rolled back to, and what changed in its inputs since the served version was built.
 */
import fs from 'node:fs';
import path from 'node:path';
import { storefronts } from '../../region-config';
import { buildInputs, recordFile, type BuildInputs } from '../../plugins/storefront-pages/build-plan/build-inputs';
import { diffInputs, summarizeInputs, type InputsDiff, type InputsSummary } from './inputs-summary';
import { listReleasesOnDisk, releaseOfVersion, servedRelease } from './releases-on-disk';
import type { ReleaseStore } from './release-store';

export interface StorefrontStatus {
  local: string;
  version: string | null;
  releaseId: string | null;
  publishedAt: string | null;
  publishedBy: string | null;
  note: string | null;
  /** Releases on disk that hold a different version of this storefront (rollback targets), newest first. */
  rollbackTargets: { releaseId: string; created: string; version: string }[];
}

export interface StorefrontDiff {
  local: string;
  version: string | null;
  /** False when the served version's inputs were never recorded and differ from the content now. */
  known: boolean;
  diff: InputsDiff | null;
  /** When not known: the parts of the inputs that differ (from the build record's hashes). */
  changedParts: string[];
}

/** The status of every storefront (or those in `only`). */
export async function storefrontStatuses(
  store: ReleaseStore,
  releasesDir: string,
  only?: string[],
): Promise<StorefrontStatus[]> {
  const served = servedRelease(releasesDir);
  const onDisk = listReleasesOnDisk(releasesDir);
  const changes = await store.lastServedChanges();
  return storefronts
    .filter((s) => !only || only.includes(s.urlLocal))
    .map((s) => {
      const version = served?.storefronts[s.urlLocal] ?? null;
      const change = changes.get(s.urlLocal);
      const ours =
        change && version && (change.releaseId === served?.id || releaseOfVersion(version) === change.releaseId);
      const seen = new Set(version ? [version] : []);
      const rollbackTargets = onDisk.flatMap((release) => {
        const v = release.storefronts[s.urlLocal];
        if (!v || seen.has(v)) return [];
        seen.add(v);
        return [{ releaseId: release.id, created: release.created, version: v }];
      });
      return {
        local: s.urlLocal,
        version,
        releaseId: version ? releaseOfVersion(version) : null,
        publishedAt: ours
          ? change.at.toISOString()
          : version
            ? (onDisk.find((r) => r.id === releaseOfVersion(version))?.created ?? served?.created ?? null)
            : null,
        publishedBy: ours ? change.actorLabel : version ? null : null,
        note: ours ? change.note : null,
        rollbackTargets,
      };
    });
}

/** buildInputs() hashes every code file (about a second): an answer is reused for a while. */
let inputsNow: { at: number; value: BuildInputs } | undefined;
const INPUTS_REUSE_MS = 30_000;
function currentBuildInputs(fresh = false): BuildInputs {
  if (fresh || !inputsNow || Date.now() - inputsNow.at > INPUTS_REUSE_MS)
    inputsNow = { at: Date.now(), value: buildInputs() };
  return inputsNow.value;
}

/** The build record a release carries (its copy of public/.build-inputs.json). */
function recordedInputs(releaseDir: string): BuildInputs | undefined {
  try {
    return JSON.parse(fs.readFileSync(recordFile(releaseDir), 'utf8')) as BuildInputs;
  } catch {
    return undefined;
  }
}

/**
 * The parts of a storefront's inputs that differ between a build record and now (names as build-inputs.ts gives them).
 */
function changedParts(recorded: BuildInputs | undefined, now: BuildInputs, local: string): string[] {
  const then = recorded?.storefronts[local];
  const current = now.storefronts[local];
  if (!then || !current) return ['not recorded'];
  const parts = Object.keys(current.own).filter(
    (part) => then.own[part as keyof typeof then.own] !== current.own[part as keyof typeof current.own],
  );
  if (then.shared !== current.shared) parts.push('shared content');
  if (then.code !== current.code) parts.push('code');
  return parts;
}

/**
 * What changed in a storefront's inputs since its served version was built. A version the console built has its
 * inputs recorded; one built outside it (npm start) gets them recorded the first time the console looks, when the
 * release's build record shows its inputs are still those of the content now; otherwise the console can only name
 * the parts that differ.
 */
export async function storefrontDiff(store: ReleaseStore, releasesDir: string, local: string): Promise<StorefrontDiff> {
  const served = servedRelease(releasesDir);
  const version = served?.storefronts[local] ?? null;
  const now = summarizeInputs(local);
  if (!version || !served) return { local, version, known: false, diff: null, changedParts: ['not published'] };
  let before = (await store.inputsOf(local, version)) as InputsSummary | null;
  if (!before) {
    const record =
      recordedInputs(path.join(releasesDir, releaseOfVersion(version))) ??
      recordedInputs(path.join(releasesDir, served.id));
    // A reused answer may say "differs" a little late; "unchanged" is what gets recorded, so that one is always fresh.
    let parts = changedParts(record, currentBuildInputs(), local);
    if (parts.length === 0) parts = changedParts(record, currentBuildInputs(true), local);
    if (parts.length > 0) return { local, version, known: false, diff: null, changedParts: parts };
    await store.saveVersionInputs(local, version, now);
    before = now;
  }
  return { local, version, known: true, diff: diffInputs(before, now), changedParts: [] };
}
