import fs from 'node:fs';
import path from 'node:path';

/**
 * The fonts of the documents: Noto, from Debian's fonts-noto-core and fonts-noto-cjk (.ci/run and the README install
 * them). The PDF's 14 standard fonts cover Latin-1 only; Noto covers every storefront language's script. Each text
 * run is set in the font of its script, and pdfkit embeds only the glyphs used (a subset), so a Latin invoice does not
 * carry the Chinese font.
 */
export const FONT_DIRS = ['/usr/share/fonts/truetype/noto', '/usr/share/fonts/opentype/noto'];

/** The script families a run of text can need. */
export type FontFamily = 'latin' | 'arabic' | 'thai' | 'khmer' | 'jp' | 'kr' | 'sc' | 'tc' | 'hk';

interface FontFile {
  file: string;
  /** The face inside a collection (.ttc). */
  postscript?: string;
}

const FILES: Readonly<Record<FontFamily, { regular: FontFile; bold: FontFile }>> = {
  latin: { regular: { file: 'NotoSans-Regular.ttf' }, bold: { file: 'NotoSans-Bold.ttf' } },
  arabic: { regular: { file: 'NotoSansArabic-Regular.ttf' }, bold: { file: 'NotoSansArabic-Bold.ttf' } },
  thai: { regular: { file: 'NotoSansThai-Regular.ttf' }, bold: { file: 'NotoSansThai-Bold.ttf' } },
  khmer: { regular: { file: 'NotoSansKhmer-Regular.ttf' }, bold: { file: 'NotoSansKhmer-Bold.ttf' } },
  ...Object.fromEntries(
    (['jp', 'kr', 'sc', 'tc', 'hk'] as const).map((v) => [
      v,
      {
        regular: { file: 'NotoSansCJK-Regular.ttc', postscript: `NotoSansCJK${v}-Regular` },
        bold: { file: 'NotoSansCJK-Bold.ttc', postscript: `NotoSansCJK${v}-Bold` },
      },
    ]),
  ),
} as Record<FontFamily, { regular: FontFile; bold: FontFile }>;

const bytes = new Map<string, Buffer>();

function read(file: string): Buffer {
  let buffer = bytes.get(file);
  if (!buffer) {
    const found = FONT_DIRS.map((dir) => path.join(dir, file)).find((p) => fs.existsSync(p));
    if (!found)
      throw new Error(`font ${file} not found in ${FONT_DIRS.join(', ')}: install fonts-noto-core and fonts-noto-cjk`);
    buffer = fs.readFileSync(found);
    bytes.set(file, buffer);
  }
  return buffer;
}

/** The font data of a family and weight (read once per process), with the face to pick in a collection. */
export function fontData(family: FontFamily, bold: boolean): { data: Buffer; postscript: string | undefined } {
  const spec = FILES[family][bold ? 'bold' : 'regular'];
  return { data: read(spec.file), postscript: spec.postscript };
}

/** Which fonts are missing on this machine (empty when documents can be rendered). */
export function missingFonts(): string[] {
  const files = new Set(Object.values(FILES).flatMap((f) => [f.regular.file, f.bold.file]));
  return [...files].filter((file) => !FONT_DIRS.some((dir) => fs.existsSync(path.join(dir, file))));
}

/** The CJK face a language reads: Japanese kana and kanji, Korean hangul, simplified or traditional Chinese. */
export function cjkFamily(lang: string): FontFamily {
  if (lang.startsWith('ja')) return 'jp';
  if (lang.startsWith('ko')) return 'kr';
  if (lang === 'zh-HK') return 'hk';
  if (lang === 'zh-TW') return 'tc';
  return 'sc';
}

/**
 * The family a character needs, or null for white space (which any font has). Digits and ASCII punctuation are Noto
 * Sans's: the Khmer and Thai fonts have no Latin digits, currency signs or brackets.
 */
function familyOfChar(code: number, lang: string): FontFamily | null {
  if (code === 0x20 || code === 0xa0 || code === 0x202f || code === 0x09) return null;
  if (code < 0x0250 || (code >= 0x2000 && code <= 0x206f) || (code >= 0x20a0 && code <= 0x20cf)) return 'latin';
  if (code >= 0x0600 && code <= 0x06ff) return 'arabic';
  if ((code >= 0x0750 && code <= 0x077f) || (code >= 0xfb50 && code <= 0xfeff)) return 'arabic';
  if (code >= 0x0e00 && code <= 0x0e7f) return 'thai';
  if (code >= 0x1780 && code <= 0x17ff) return 'khmer';
  if (code >= 0xac00 && code <= 0xd7af) return 'kr';
  if (code >= 0x1100 && code <= 0x11ff) return 'kr';
  if ((code >= 0x3000 && code <= 0x9fff) || (code >= 0xff00 && code <= 0xffef)) return cjkFamily(lang);
  // Greek, Cyrillic, Latin Extended and the rest of the European scripts: Noto Sans.
  return 'latin';
}

const RTL_LETTER = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefe]/;

/**
 * The visual order of a one-line text with right-to-left words, for a layout engine that places words left to right
 * (pdfkit): the runs of the line are reversed, and the words of a right-to-left run are bound by no-break spaces, so
 * the run is shaped as one piece (fontkit orders its glyphs right to left); left-to-right runs (numbers, amounts,
 * codes) keep their order. Texts without such letters are returned as they are.
 * @example visualOrder('ضريبة القيمة 15 %') // '15 % ضريبة\u00a0القيمة'
 */
export function visualOrder(text: string): string {
  if (!RTL_LETTER.test(text)) return text;
  const segments: { rtl: boolean; words: string[] }[] = [];
  for (const word of text.split(' ')) {
    const rtl = RTL_LETTER.test(word);
    const last = segments[segments.length - 1];
    if (last && last.rtl === rtl) last.words.push(word);
    else segments.push({ rtl, words: [word] });
  }
  return segments
    .reverse()
    .map((s) => s.words.join(s.rtl ? '\u00a0' : ' '))
    .join(' ');
}

/**
 * Splits a text into runs of one font each; characters every font has stay with the run they are in.
 * @example fontRuns('Xiaomi 14 ใบกำกับ', 'th')
 * // [{family:'latin', text:'Xiaomi 14 '}, {family:'thai', text:'ใบกำกับ'}]
 */
export function fontRuns(text: string, lang: string): { family: FontFamily; text: string }[] {
  const runs: { family: FontFamily; text: string }[] = [];
  let pending = '';
  for (const ch of text) {
    const family = familyOfChar(ch.codePointAt(0)!, lang);
    const last = runs[runs.length - 1];
    if (family === null) {
      if (last) last.text += ch;
      else pending += ch;
    } else if (last && last.family === family) last.text += ch;
    else runs.push({ family, text: (runs.length === 0 ? pending : '') + ch });
  }
  if (runs.length === 0) return [{ family: 'latin', text: pending }];
  return runs;
}
