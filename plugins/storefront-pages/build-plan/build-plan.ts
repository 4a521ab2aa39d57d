import type { BuildInputs, OwnPart } from './build-inputs';

export interface BuildPlan {
  /** Storefronts to rebuild, each with why. Empty: public/ matches the inputs. */
  rebuild: { urlLocal: string; why: string }[];
}

/** Files whose hash differs between two records (added, changed or removed), at most `limit` named. */
function changedFiles(now: Record<string, string>, then: Record<string, string> | undefined, limit = 4): string {
  const names = [...new Set([...Object.keys(now), ...Object.keys(then ?? {})])].filter(
    (file) => now[file] !== then?.[file],
  );
  if (names.length === 0) return '';
  return names.length > limit
    ? `${names.slice(0, limit).join(', ')} and ${names.length - limit} more`
    : names.join(', ');
}

/**
 * Which of the `wanted` storefronts need a build, and why, from the inputs now and those recorded with public/.
 * `present`: the storefronts whose folder is in public/ (a record without its folder does not count).
 */
export function planBuild(
  current: BuildInputs,
  recorded: BuildInputs | undefined,
  wanted: string[],
  present: ReadonlySet<string>,
): BuildPlan {
  const rebuild: BuildPlan['rebuild'] = [];
  for (const urlLocal of wanted) {
    const now = current.storefronts[urlLocal];
    const then = recorded?.storefronts[urlLocal];
    if (!now) continue;
    if (!then || !present.has(urlLocal)) rebuild.push({ urlLocal, why: 'not built yet' });
    else if (recorded?.unfinished?.includes(urlLocal)) rebuild.push({ urlLocal, why: 'its last build did not finish' });
    else if (now.code !== then.code)
      rebuild.push({
        urlLocal,
        why: `code changed (${changedFiles(current.codeFiles, recorded?.codeFiles) || 'since its last build'})`,
      });
    else if (now.shared !== then.shared)
      rebuild.push({
        urlLocal,
        why:
          `shared content changed (` +
          `${changedFiles(current.sharedFiles, recorded?.sharedFiles) || 'storefront list'})`,
      });
    else {
      const parts = (Object.keys(now.own) as OwnPart[]).filter((part) => now.own[part] !== then.own[part]);
      if (parts.length > 0) rebuild.push({ urlLocal, why: `its ${parts.join(', ')} changed` });
    }
  }
  return { rebuild };
}
