/**
 * XLIFF 2.0 for professional translators and translation-management systems: one language's UI catalogues (a
 * <file> per namespace) and its content copy (a <file> "copy") in one document, English as <source>, the language's
 * text as <target> (a unit without one is still to translate, state "initial"). Importing a document writes the
 * targets back into content/locales/<language>/<namespace>.json and content/copy/<language>.json, in English's order.
 */
import { NAMESPACES, namespaceOf } from './namespaces';
import { PLURAL_SUFFIX, pluralCategories } from './plural';

export interface LanguageTexts {
  /** The UI catalogue, flat (every namespace). */
  ui: Record<string, string>;
  /** The content copy: English source text → translation. */
  copy: Record<string, string>;
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const unescapeXml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

function unit(id: string, source: string, target: string | undefined, note?: string): string {
  const state = target === undefined ? 'initial' : 'translated';
  return [
    `    <unit id="${escapeXml(id)}">`,
    ...(note ? [`      <notes><note>${escapeXml(note)}</note></notes>`] : []),
    `      <segment state="${state}">`,
    `        <source>${escapeXml(source)}</source>`,
    ...(target === undefined ? [] : [`        <target>${escapeXml(target)}</target>`]),
    '      </segment>',
    '    </unit>',
  ].join('\n');
}

/** The XLIFF 2.0 document of `lang`: every English text to translate, with the language's text where it has one. */
export function exportXliff(
  lang: string,
  english: LanguageTexts,
  texts: LanguageTexts,
  copySources: readonly string[],
): string {
  const files = NAMESPACES.map((ns) => {
    // A counted text carries one unit per plural category of the target language (its English source: the form of
    // that category, else the _other form), so a language with more forms than English loses none of them.
    const seen = new Set<string>();
    const keys = Object.keys(english.ui).flatMap((key) => {
      if (!PLURAL_SUFFIX.test(key)) return [key];
      const base = key.replace(PLURAL_SUFFIX, '');
      if (seen.has(base)) return [];
      seen.add(base);
      return pluralCategories(lang).map((category) => `${base}_${category}`);
    });
    const units = keys
      .filter((key) => namespaceOf(key.replace(PLURAL_SUFFIX, '')) === ns)
      .map((key) => {
        const source = english.ui[key] ?? english.ui[key.replace(PLURAL_SUFFIX, '_other')]!;
        return unit(
          key,
          source,
          texts.ui[key],
          PLURAL_SUFFIX.test(key)
            ? 'a plural form: write the form your language uses for this CLDR category ({{count}} is the number)'
            : undefined,
        );
      });
    return [`  <file id="${ns}">`, ...units, '  </file>'].join('\n');
  });
  const copyUnits = copySources.map((source, i) =>
    unit(`copy-${i + 1}`, source, texts.copy[source], 'content copy; {name} placeholders are filled by the store'),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="${escapeXml(lang)}">`,
    ...files,
    ['  <file id="copy">', ...copyUnits, '  </file>'].join('\n'),
    '</xliff>',
    '',
  ].join('\n');
}

/**
 * The targets of a document exported by exportXliff (or returned by a translator), by file: UI keys and copy sources.
 */
export function importXliff(xml: string): { lang: string; texts: LanguageTexts } {
  const lang = /trgLang="([^"]+)"/.exec(xml)?.[1];
  if (!lang) throw new Error('not an XLIFF 2.0 document of this store: no trgLang');
  const texts: LanguageTexts = { ui: {}, copy: {} };
  for (const file of xml.matchAll(/<file id="([^"]+)">([\s\S]*?)<\/file>/g)) {
    const [, fileId = '', body = ''] = file;
    for (const u of body.matchAll(/<unit id="([^"]+)">([\s\S]*?)<\/unit>/g)) {
      const [, id = '', inner = ''] = u;
      const source = /<source>([\s\S]*?)<\/source>/.exec(inner)?.[1];
      const target = /<target>([\s\S]*?)<\/target>/.exec(inner)?.[1];
      if (target === undefined || source === undefined) continue;
      if (fileId === 'copy') texts.copy[unescapeXml(source)] = unescapeXml(target);
      else texts.ui[unescapeXml(id)] = unescapeXml(target);
    }
  }
  return { lang, texts };
}
