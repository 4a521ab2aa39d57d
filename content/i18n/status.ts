/**
 * `npm run i18n:status`: how complete each language's UI catalogue is, per namespace, and its content copy (pages,
 * FAQ, articles, product texts), with the storefronts it serves.
 * A key counts as translated when the language has it (every plural form it needs), with English's placeholders,
 * and not as a copy of the English text.
 */
import { loadTranslations } from '../load';
import { contentStorefronts } from '../storefronts';
import { NAMESPACES, namespaceOf } from './namespaces';
import { catalogueProblems, textUnits } from './check';
import { copyProblems, copySources } from './copy-check';
import { legalDocumentsStatus } from '../legal/status';

const catalogues = loadTranslations();
const english = catalogues['en']!;
const units = textUnits(english);
const totals = Object.fromEntries(NAMESPACES.map((ns) => [ns, units.filter((u) => namespaceOf(u.key) === ns).length]));

const sources = copySources();
const rows = Object.keys(catalogues)
  .sort()
  .map((code) => {
    const broken = new Set(
      catalogueProblems(catalogues, code).map(
        (p) =>
          `${namespaceOf(p.key.replace(/_(zero|one|two|few|many|other)$/, ''))}` +
          `|${p.key.replace(/_(zero|one|two|few|many|other)$/, '')}`,
      ),
    );
    const perNs = Object.fromEntries(
      NAMESPACES.map((ns) => [ns, totals[ns]! - [...broken].filter((b) => b.startsWith(`${ns}|`)).length]),
    );
    const done = Object.values(perNs).reduce((a, b) => a + b, 0);
    return {
      language: code,
      ...Object.fromEntries(NAMESPACES.map((ns) => [ns, `${perNs[ns]}/${totals[ns]}`])),
      total: `${done}/${units.length}`,
      '%': Math.floor((done / units.length) * 1000) / 10,
      legal: legalDocumentsStatus.done(code),
      copy:
        `${sources.length - copyProblems(code, sources).filter((p) => p.problem !== 'obsolete').length}/` +
        `${sources.length}`,
      storefronts:
        contentStorefronts
          .filter((s) => s.i18n === code)
          .map((s) => s.urlLocal)
          .join(' ') || (code === 'en' ? '(fallback)' : ''),
    };
  });
console.table(rows);
const complete = rows.filter((r) => r['%'] === 100 && r.copy === `${sources.length}/${sources.length}`).length;
console.log(
  `${complete} of ${rows.length} languages complete: ${units.length} UI texts in ${NAMESPACES.length} ` +
    `namespaces (content/locales), ${sources.length} content texts (content/copy).`,
);
console.log(legalDocumentsStatus.summary(Object.keys(catalogues).sort()));
