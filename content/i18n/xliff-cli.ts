/**
 * `npm run i18n:export -- <language> [file.xlf]`: one language's UI catalogues and content copy as XLIFF 2.0 for a
 * translator (default file: <language>.xlf). `npm run i18n:import -- <file.xlf>`: writes the translated targets back
 * into content/locales/<language>/ and content/copy/<language>.json (existing texts the document lacks are kept).
 */
import fs from 'node:fs';
import { readLanguage, writeLanguage } from './catalogue-files';
import { copySources } from './copy-check';
import { exportXliff, importXliff } from './xliff';

const [command, arg, out] = process.argv.slice(2);
if (command === 'export' && arg) {
  const file = out ?? `${arg}.xlf`;
  fs.writeFileSync(file, exportXliff(arg, readLanguage('en'), readLanguage(arg), copySources()));
  console.log(`${file}: ${arg} UI catalogues and content copy`);
} else if (command === 'import' && arg) {
  const { lang, texts } = importXliff(fs.readFileSync(arg, 'utf8'));
  const current = readLanguage(lang);
  writeLanguage(lang, { ui: { ...current.ui, ...texts.ui }, copy: { ...current.copy, ...texts.copy } });
  console.log(
    `${lang}: ${Object.keys(texts.ui).length} UI texts and ${Object.keys(texts.copy).length} content texts imported`,
  );
} else {
  console.error('usage: npm run i18n:export -- <language> [file.xlf] | npm run i18n:import -- <file.xlf>');
  process.exit(2);
}
