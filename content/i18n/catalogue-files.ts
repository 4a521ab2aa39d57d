/**
 * Reading and writing one language's texts as files: its UI catalogue's namespace files (content/locales) and its
 * copy catalogue (content/copy), keys in English's order, JSON as the project writes it (2 spaces, a final newline).
 */
import fs from 'node:fs';
import path from 'node:path';
import { NAMESPACES, namespaceOf } from './namespaces';
import { PLURAL_SUFFIX } from './plural';
import type { LanguageTexts } from './xliff';

const contentRoot = path.resolve(__dirname, '..');
const readJson = (file: string): Record<string, string> =>
  fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>) : {};

/** Every text of `lang`: its UI catalogue (all namespaces, flat) and its copy catalogue. */
export function readLanguage(lang: string, root = contentRoot): LanguageTexts {
  const ui: Record<string, string> = {};
  for (const ns of NAMESPACES) Object.assign(ui, readJson(path.join(root, 'locales', lang, `${ns}.json`)));
  return { ui, copy: lang === 'en' ? {} : readJson(path.join(root, 'copy', `${lang}.json`)) };
}

/**
 * Writes `texts` as `lang`'s files, ordered as English orders its keys and the copy sources; empty files are not
 * written.
 */
export function writeLanguage(lang: string, texts: LanguageTexts, root = contentRoot): void {
  const english = readLanguage('en', root).ui;
  const order = [
    ...Object.keys(english),
    ...Object.keys(texts.ui)
      .filter((k) => !(k in english))
      .sort(),
  ];
  for (const ns of NAMESPACES) {
    const keys = order.filter((key) => key in texts.ui && namespaceOf(key.replace(PLURAL_SUFFIX, '')) === ns);
    const file = path.join(root, 'locales', lang, `${ns}.json`);
    if (keys.length === 0) {
      fs.rmSync(file, { force: true });
      continue;
    }
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `${JSON.stringify(Object.fromEntries(keys.map((k) => [k, texts.ui[k]])), null, 2)}\n`);
  }
  if (lang === 'en') return;
  const sources = JSON.parse(fs.readFileSync(path.join(root, 'copy', 'sources.json'), 'utf8')) as string[];
  const copyOrder = [
    ...sources.filter((s) => s in texts.copy),
    ...Object.keys(texts.copy).filter((s) => !sources.includes(s)),
  ];
  if (copyOrder.length > 0)
    fs.writeFileSync(
      path.join(root, 'copy', `${lang}.json`),
      `${JSON.stringify(Object.fromEntries(copyOrder.map((s) => [s, texts.copy[s]])), null, 2)}\n`,
    );
}
