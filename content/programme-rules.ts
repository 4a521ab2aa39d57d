/**
 * Cross-file rule of the header and footer snapshots: no link (menu, footer column, store navigation, notification
 * bar) leads to the page of a programme the storefront's country does not run, as content/programmes.ts reads it
 * from the programme's own snapshot. A hand edit or a CMS export that links /trade-in/ where no programme exists
 * stops the build here instead of sending shoppers to a "not offered" page.
 */
import type { Located } from './cross-file-rules';
import { linkRuns, programmeOfPath, type ProgrammeData } from './programmes';
import type { HeaderFooter } from './schemas/header-footer.schema';
import type { SnapshotIssue } from './snapshot-error';

const LINK_KEYS = new Set(['url', 'gotoUrl']);
const pointerKey = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** Every link of a snapshot with its JSON pointer. */
function links(value: unknown, pointer: string, found: { pointer: string; url: string }[] = []) {
  if (Array.isArray(value)) value.forEach((item, i) => links(item, `${pointer}/${i}`, found));
  else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      if (LINK_KEYS.has(key) && typeof item === 'string')
        found.push({ pointer: `${pointer}/${pointerKey(key)}`, url: item });
      else links(item, `${pointer}/${pointerKey(key)}`, found);
    }
  return found;
}

/** `countryOf` maps a storefront's urlLocal to its country. */
export function headerFootersLinkRunningProgrammes(
  headerFooters: readonly Located<HeaderFooter>[],
  countryOf: ReadonlyMap<string, string>,
  programmes: ProgrammeData,
): SnapshotIssue[] {
  const issues: SnapshotIssue[] = [];
  for (const { file, data } of headerFooters) {
    const local = countryOf.get(data.urlLocal);
    if (!local) continue; // an unknown storefront is storefrontsHaveHeaderFooter's to report
    const prefix = `/${data.urlLocal}`;
    for (const { pointer, url } of links(data, '')) {
      if (linkRuns(programmes, local, url, prefix)) continue;
      const programme = programmeOfPath(url.startsWith(`${prefix}/`) ? url.slice(prefix.length) : url);
      issues.push({ file, pointer, message: `links ${url}, but "${local}" does not run the ${programme} programme` });
    }
  }
  return issues;
}
