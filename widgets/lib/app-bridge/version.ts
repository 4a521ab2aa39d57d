/**
 * App versions as the apps write them ('3.17.0', '3.18', '3.17.0-beta.2'): numeric parts compared one by one, a
 * missing part counts as 0, and a pre-release sorts before its release. Enough of semver for "is this app new enough".
 */

interface ParsedVersion {
  parts: number[];
  prerelease: boolean;
}

/** Up to four numeric parts, an optional pre-release ('-beta.2') and build ('+514'); the build is not compared. */
const VERSION = /^(\d{1,6}(?:\.\d{1,6}){0,3})(-[0-9A-Za-z.-]{1,40})?(\+[0-9A-Za-z.-]{1,40})?$/;

function parse(version: string): ParsedVersion | null {
  const m = VERSION.exec(version.trim());
  if (!m) return null;
  return { parts: (m[1] ?? '').split('.').map(Number), prerelease: m[2] !== undefined };
}

/** A version string the apps may send, or null when it is not one (the user agent is the shopper's to change). */
export function cleanVersion(version: unknown): string | null {
  return typeof version === 'string' && parse(version) ? version.trim() : null;
}

/**
 * Negative when a is older than b, 0 when equal, positive when newer; an unreadable version is older than any.
 * @example compareVersions('3.9.1', '3.17.0') // < 0
 */
export function compareVersions(a: string, b: string): number {
  const pa = parse(a);
  const pb = parse(b);
  if (!pa || !pb) return pa ? 1 : pb ? -1 : 0;
  for (let i = 0; i < Math.max(pa.parts.length, pb.parts.length); i++) {
    const diff = (pa.parts[i] ?? 0) - (pb.parts[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return Number(pb.prerelease) - Number(pa.prerelease);
}

/** Whether `running` is `minimum` or newer. */
export function atLeast(running: string, minimum: string): boolean {
  return compareVersions(running, minimum) >= 0;
}
