/**
 * Text preparation for the search index: folding (case, accents, width) with a map back to the original text, so
 * matches found in folded text are highlighted in the text as written; word tokens; bounded edit distance.
 */

/** A text folded for matching, with where each folded character came from in the original. */
export interface FoldedText {
  original: string;
  folded: string;
  /** For folded index i: the original range [start[i], end[i]) it came from. */
  start: number[];
  end: number[];
}

export interface Token {
  /** Folded word. */
  word: string;
  /** Index of its first character in the folded text. */
  at: number;
}

const COMBINING = /\p{M}/gu;

/** Folds one piece of text: NFKD, combining marks dropped, lower case (ß stays ß: "strasse" is a typo away). */
export function foldText(original: string): FoldedText {
  let folded = '';
  const start: number[] = [];
  const end: number[] = [];
  let i = 0;
  for (const ch of original) {
    const to = i + ch.length;
    const piece = ch.normalize('NFKD').replace(COMBINING, '').toLowerCase();
    for (const c of piece) {
      folded += c;
      for (let k = 0; k < c.length; k++) {
        start.push(i);
        end.push(to);
      }
    }
    i = to;
  }
  return { original, folded, start, end };
}

/** The folded form of a query or word. */
export const fold = (text: string): string => foldText(text).folded;

const WORD = /[\p{L}\p{N}]+/gu;

/** Word tokens of a folded text (letters and digits; "Pro+ 5G" → pro, 5g). */
export function tokenize(folded: string): Token[] {
  const tokens: Token[] = [];
  for (const m of folded.matchAll(WORD)) tokens.push({ word: m[0], at: m.index ?? 0 });
  return tokens;
}

/** Three rows of the distance table, reused by every call (a query compares its words with hundreds of terms). */
let table = new Int32Array(3 * 64);

/**
 * Optimal-string-alignment distance (Levenshtein plus adjacent transpositions), or max+1 as soon as it must exceed
 * `max`: typos are a missing, extra, wrong or swapped letter. `bLength` compares with the start of `b` only.
 */
export function editDistance(a: string, b: string, max: number, bLength = b.length): number {
  const n = bLength;
  if (Math.abs(a.length - n) > max) return max + 1;
  const width = n + 1;
  if (table.length < 3 * width) table = new Int32Array(6 * width);
  const d = table;
  let prev2 = 0;
  let prev = width;
  let row = 2 * width;
  for (let j = 0; j <= n; j++) d[prev + j] = j;
  for (let i = 1; i <= a.length; i++) {
    const ai = a.charCodeAt(i - 1);
    const aBefore = i > 1 ? a.charCodeAt(i - 2) : -1;
    d[row] = i;
    let best = i;
    for (let j = 1; j <= n; j++) {
      const bj = b.charCodeAt(j - 1);
      let v = Math.min(d[prev + j]! + 1, d[row + j - 1]! + 1, d[prev + j - 1]! + (ai === bj ? 0 : 1));
      if (j > 1 && aBefore === bj && ai === b.charCodeAt(j - 2)) v = Math.min(v, d[prev2 + j - 2]! + 1);
      d[row + j] = v;
      if (v < best) best = v;
    }
    if (best > max) return max + 1;
    const oldest = prev2;
    prev2 = prev;
    prev = row;
    row = oldest;
  }
  return d[prev + n]!;
}

/**
 * Typos tolerated in a query word: none below 4 letters (too many short words are one letter apart), then 1, then 2
 * from 8.
 */
export function allowedEdits(word: string): number {
  if (word.length < 4 || /^\d+$/.test(word)) return 0;
  return word.length >= 8 ? 2 : 1;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** HTML-escapes text for element content or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** Escaped HTML of `text` with each [start, end) range wrapped in <mark>; ranges sorted and not overlapping. */
export function markHtml(text: string, marks: readonly (readonly [number, number])[]): string {
  let html = '';
  let at = 0;
  for (const [s, e] of marks) {
    html += `${escapeHtml(text.slice(at, s))}<mark>${escapeHtml(text.slice(s, e))}</mark>`;
    at = e;
  }
  return html + escapeHtml(text.slice(at));
}

/** Sorts ranges and merges those that touch or overlap. */
export function mergeRanges(ranges: (readonly [number, number])[]): [number, number][] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const out: [number, number][] = [];
  for (const [s, e] of sorted) {
    const last = out[out.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}
