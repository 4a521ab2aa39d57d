/**
 * What an errsave report says, read from its content: the islands send JSON ({ level, message, stack, source, line,
 * column, … }: widgets/request/errsave.ts), older or foreign pages plain text (the message, then the stack).
 */

/** The message and where it was thrown: `file` (a path, or the address of a script elsewhere) and `line`/`column`. */
export interface ReportContent {
  message: string;
  file: string | null;
  line: number | null;
  column: number | null;
}

/** A stack line's location: "at f (https://x/a.js:1:2)", "at https://x/a.js:1:2", "f@https://x/a.js:1:2". */
const FRAME = /((?:[a-z][a-z0-9+.-]*:\/\/|\/)[^\s()@]*?):(\d+):(\d+)\)?$/i;

/** A script's address as the console shows it: its path on the store's origin, the address elsewhere. */
function fileOf(address: string, pageUrl: string): string {
  try {
    const url = new URL(address, 'http://relative.invalid');
    let page: URL | null = null;
    try {
      page = new URL(pageUrl);
    } catch {
      // a page URL that is not absolute: treat every script as the store's
    }
    const own = url.origin === 'http://relative.invalid' || (page !== null && url.origin === page.origin);
    return own ? url.pathname : `${url.origin}${url.pathname}`;
  } catch {
    return address;
  }
}

const whole = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null;

/** The first frame of a stack that names a script with line and column, or null. */
function firstFrame(stack: string): { address: string; line: number; column: number } | null {
  for (const text of stack.split('\n')) {
    const match = FRAME.exec(text.trim());
    if (match) return { address: match[1]!, line: Number(match[2]), column: Number(match[3]) };
  }
  return null;
}

/**
 * The message and source location of a report: the first stack frame's file, line and column, else the error
 * event's own `source` and `line` (and `column`).
 * @example readReport('x is null\n    at f (https://s.example/w/a.js:3:9)', 'https://s.example/de/')
 *   // { message: 'x is null', file: '/w/a.js', line: 3, column: 9 }
 */
export function readReport(content: string, pageUrl: string): ReportContent {
  let json: Record<string, unknown> | null = null;
  if (content.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(content);
      if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed))
        json = parsed as Record<string, unknown>;
    } catch {
      // cut or not JSON after all: read it as text
    }
  }
  const lines = content.split('\n');
  const message = (typeof json?.['message'] === 'string' ? json['message'] : lines[0]!).trim() || '(no message)';
  const stack = json ? (typeof json['stack'] === 'string' ? json['stack'] : '') : lines.slice(1).join('\n');
  const frame = firstFrame(stack);
  if (frame) return { message, file: fileOf(frame.address, pageUrl), line: frame.line, column: frame.column };
  const source = json?.['source'];
  if (typeof source === 'string' && source !== '')
    return { message, file: fileOf(source, pageUrl), line: whole(json?.['line']), column: whole(json?.['column']) };
  return { message, file: null, line: null, column: null };
}

/** file:line:col (or less when the line or column is unknown), or null without a file. */
export function sourceOf(report: ReportContent): string | null {
  if (report.file === null) return null;
  return [report.file, report.line, report.line === null ? null : report.column].filter((p) => p !== null).join(':');
}
