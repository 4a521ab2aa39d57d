/**
 * The content copy's counterpart of check.ts: each language's copy catalogue (content/copy/<language>.json) against
 * the English source texts the builders use (content/copy/sources.json): every source translated, with the same
 * {placeholders}, and no translation that is just the English text (unless a reviewed neutral term).
 */
import fs from 'node:fs';
import path from 'node:path';
import { isNeutral, type CatalogueProblem } from './check';

const folder = path.resolve(__dirname, '../copy');

/** The English source texts of the content copy. */
export function copySources(): string[] {
  return JSON.parse(fs.readFileSync(path.join(folder, 'sources.json'), 'utf8')) as string[];
}

/** A language's copy catalogue (empty when it has none yet). */
export function copyCatalogue(code: string): Record<string, string> {
  const file = path.join(folder, `${code}.json`);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>) : {};
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{(\w+)\}/g)]
    .map((m) => m[1])
    .sort()
    .join(',');

/** Everything wrong with the copy of `code` (empty: complete). English is the source and has nothing to check. */
export function copyProblems(code: string, sources = copySources(), own = copyCatalogue(code)): CatalogueProblem[] {
  if (code === 'en') return [];
  // A translation of a text the builders no longer use (an English source that was reworded or removed).
  const known = new Set(sources);
  const obsolete = Object.keys(own)
    .filter((source) => !known.has(source))
    .map((source): CatalogueProblem => ({ code, key: source, problem: 'obsolete' }));
  return obsolete.concat(
    sources.flatMap((source): CatalogueProblem[] => {
      const text = own[source];
      if (text === undefined) return [{ code, key: source, problem: 'missing' }];
      if (placeholders(text) !== placeholders(source))
        return [{ code, key: source, problem: 'placeholders', detail: placeholders(text) }];
      if (text === source && !isNeutral(text, code)) return [{ code, key: source, problem: 'english' }];
      return [];
    }),
  );
}
