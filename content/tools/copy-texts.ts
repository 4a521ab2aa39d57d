/**
 * Content copy for the snapshot generator (page and support texts, FAQ and articles, product templates and labels):
 * the English source text is written in the builders, and each language's translation of it lives in
 * content/copy/<language>.json, keyed by that English text as gettext keys a message by its source. Editing an
 * English text leaves it untranslated until its translations follow, which the copy check reports.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Localized } from '../schemas/common.schema';

const folder = path.resolve(__dirname, '../copy');
let catalogues: Record<string, Record<string, string>> | null = null;

/** Every language's copy catalogue, by language code. */
export function copyCatalogues(): Record<string, Record<string, string>> {
  if (catalogues) return catalogues;
  catalogues = {};
  for (const name of fs
    .readdirSync(folder)
    .filter((n) => n.endsWith('.json'))
    .sort()) {
    catalogues[name.replace(/\.json$/, '')] = JSON.parse(fs.readFileSync(path.join(folder, name), 'utf8')) as Record<
      string,
      string
    >;
  }
  return catalogues;
}

const sources = new Set<string>();

/** The English source texts the builders asked for so far, in first-use order (content/copy/sources.json). */
export function copySourcesSeen(): string[] {
  return [...sources];
}

/** An English source text with every translation the copy catalogues hold. */
export function copyText(en: string): Localized {
  sources.add(en);
  const text: Record<string, string> = { en };
  for (const [code, strings] of Object.entries(copyCatalogues())) if (strings[en]) text[code] = strings[en];
  return text as Localized;
}

/** Replaces {placeholders}; a missing value leaves a readable dash rather than a raw brace. */
export function fill(template: string, values: Record<string, string | undefined>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '–');
}

/**
 * A template in every language it is translated into, each filled with `values`. A value given in several languages
 * (a spec value such as "15 days") is filled in the template's language, else in English.
 */
export function copyTemplate(template: string, values: Record<string, string | Localized | undefined>): Localized {
  return Object.fromEntries(
    Object.entries(copyText(template) as Record<string, string>).map(([code, text]) => {
      const inLanguage = Object.fromEntries(
        Object.entries(values).map(([key, value]) => [
          key,
          typeof value === 'object' ? ((value as Record<string, string>)[code] ?? value.en) : value,
        ]),
      );
      return [code, fill(text, inLanguage)];
    }),
  ) as Localized;
}
