/**
 * `npm run lint` (after Biome): lists every line of the tracked code and stylesheets that is longer than 120
 * characters and fails when there is one. Biome wraps code at 120 but never breaks a string, a template, a comment
 * or a test title, so those are checked here.
 *
 * Length is counted in characters (Unicode code points), as Biome does, not in UTF-8 bytes: a line of Arabic or
 * Vietnamese copy is as long as it looks.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const MAX = 120;
const FILES = ['*.ts', '*.tsx', '*.cjs', '*.mjs', '*.mts', '*.css'];

/**
 * A line may stay long only when it is one token that no break can split without changing what it means:
 *   - a regular-expression literal (`/…/flags`), since a regex has no concatenation and `new RegExp('…' + '…')`
 *     would trade the literal's checking and escaping for a string's;
 *   - a URL, bare (in a comment, after `//` or ` * `) or as the whole of a quoted string, since a URL is read and
 *     copied as one piece.
 * "The line" is its text without the indentation, without a `//` or ` * ` comment marker, and without the closing
 * punctuation `,` `;` `)` `]` `}` that may follow the token. Anything else on the line (a key, an assignment, a call)
 * means the line can be broken before the token, so it must be.
 */
const REGEX = /^\/(?![*/])(?:[^/\\[\n]|\\.|\[(?:[^\]\\\n]|\\.)*\])+\/[dgimsuyv]*$/;
const URL = /^(['"`]?)https?:\/\/\S+\1$/;

/** Whether `line` is exempt by the rule above. */
function isOneToken(line: string): boolean {
  const token = line
    .trim()
    .replace(/^(\/\/|\*)\s+/, '')
    .replace(/[,;)\]}]+$/, '');
  return REGEX.test(token) || URL.test(token);
}

/** The lines over the limit in the tracked files, as `file:line: length`. */
function longLines(files: string[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    lines.forEach((line, index) => {
      const length = [...line].length;
      if (length > MAX && !isOneToken(line)) found.push(`${file}:${index + 1}: ${length} characters`);
    });
  }
  return found;
}

const tracked = execFileSync('git', ['ls-files', '-z', '--', ...FILES], { encoding: 'utf8' })
  .split('\0')
  .filter((file) => file && fs.existsSync(file));
const found = longLines(tracked);
for (const entry of found) console.error(entry);
if (found.length > 0) {
  console.error(`${found.length} lines are longer than ${MAX} characters: break them (see tests/run/line-length.ts).`);
  process.exit(1);
}
console.log(`line length: no line over ${MAX} characters in ${tracked.length} files.`);
