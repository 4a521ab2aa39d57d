/** One problem found in a snapshot: where (file + JSON pointer) and what. */
export interface SnapshotIssue {
  file: string; // relative to the project root, e.g. content/snapshots/catalogue/products.json
  pointer: string; // RFC 6901 JSON pointer into that file; '' is the whole document
  message: string;
}

/**
 * A snapshot that is invalid on its own or inconsistent with another one. It is the release manager's fault
 * (bad content), so the build must stop and say where: the message is `<file> <pointer>: <reason>`.
 */
export class SnapshotError extends Error {
  readonly code = 'SNAPSHOT_INVALID';
  /** Whose fault: the content's author, not the code or a third party (STYLE.md). */
  readonly fault = 'user';
  readonly file: string;
  readonly pointer: string;
  readonly reason: string;
  /** Every problem found; the message names the first. */
  readonly issues: readonly SnapshotIssue[];

  constructor(issues: readonly SnapshotIssue[]) {
    const first = issues[0];
    if (!first) throw new TypeError('SnapshotError needs at least one issue');
    const more = issues.length > 1 ? ` (and ${issues.length - 1} more problem${issues.length > 2 ? 's' : ''})` : '';
    super(`${formatIssue(first)}${more}`);
    this.name = 'SnapshotError';
    this.file = first.file;
    this.pointer = first.pointer;
    this.reason = first.message;
    this.issues = issues;
  }
}

/** `file pointer: reason`, with '/' standing for the document root so the pointer is never blank. */
export function formatIssue(issue: SnapshotIssue): string {
  return `${issue.file} ${issue.pointer || '/'}: ${issue.message}`;
}
