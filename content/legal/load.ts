/**
 * Reads and checks the legal documents (content/legal/<document>/<language>.json). English is the master: a bad
 * English document, a placeholder outside the known list, a cookie without a purpose or a translation of the
 * current version whose sections or placeholders differ from English stops the build (SnapshotError: file,
 * pointer, reason). A translation of an older version, or one missing a cookie's purpose, is not broken but
 * pending: the storefront shows English until it is brought up to date, and legalGaps() lists it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { SnapshotError, type SnapshotIssue } from '../snapshot-error';
import { schemaIssues } from '../validate';
import { LEGAL_DOCUMENTS, type LegalDocument, type LegalDocumentId } from '../schemas/legal-document.schema';
import { LEGAL_PLACEHOLDERS, placeholdersOf } from './placeholders';

export type LegalLibrary = ReadonlyMap<LegalDocumentId, ReadonlyMap<string, LegalDocument>>;
export interface LegalLoadOptions {
  /**
   * Every cookie the store sets (the consent gate's list): the cookie policy must give each its purpose. The build
   * passes it; the API, which only reads the versions, does not.
   */
  cookies?: readonly string[];
}

const known = new Set<string>(LEGAL_PLACEHOLDERS);

/** Every text of a document, with its JSON pointer. */
function textsOf(doc: LegalDocument): [string, string][] {
  const texts: [string, string][] = [];
  doc.sections.forEach((section, s) =>
    section.body.forEach((part, p) => {
      const at = `/sections/${s}/body/${p}`;
      if (typeof part === 'string') texts.push([at, part]);
      else if ('text' in part) texts.push([`${at}/text`, part.text]);
      else part.list.forEach((item, i) => texts.push([`${at}/list/${i}`, item]));
    }),
  );
  return texts;
}

const sectionShape = (doc: LegalDocument): string[] =>
  doc.sections.map((s) => `${s.id}:${s.body.length}:${s.cookieTable ? 'table' : ''}`);
const placeholderShape = (doc: LegalDocument): string =>
  textsOf(doc)
    .map(([at, text]) => `${at}=${placeholdersOf(text).sort().join(',')}`)
    .join(';');

function readDocument(file: string, rel: string, issues: SnapshotIssue[]): LegalDocument | null {
  let data: unknown;
  try {
    data = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    issues.push({ file: rel, pointer: '', message: `not valid JSON: ${(error as Error).message}` });
    return null;
  }
  const found = schemaIssues('legal-document', rel, data);
  issues.push(...found);
  return found.length === 0 ? (data as LegalDocument) : null;
}

/** The problems of the English master: placeholders, unique section ids, the cookie table and purposes. */
function masterIssues(doc: LegalDocument, rel: string, options: LegalLoadOptions): SnapshotIssue[] {
  const issues: SnapshotIssue[] = [];
  for (const [pointer, text] of textsOf(doc))
    for (const name of placeholdersOf(text))
      if (!known.has(name)) issues.push({ file: rel, pointer, message: `unknown placeholder {{${name}}}` });
  const ids = new Set<string>();
  doc.sections.forEach((s, i) => {
    if (ids.has(s.id)) issues.push({ file: rel, pointer: `/sections/${i}/id`, message: `section id "${s.id}" twice` });
    ids.add(s.id);
  });
  const hasTable = doc.sections.some((s) => s.cookieTable);
  if (hasTable !== (doc.document === 'cookie-policy') || hasTable !== !!doc.cookies)
    issues.push({ file: rel, pointer: '/cookies', message: 'only the cookie policy has the cookie table and words' });
  if (!options.cookies) return issues;
  for (const name of options.cookies)
    if (doc.cookies && !doc.cookies.purposes[name])
      issues.push({ file: rel, pointer: `/cookies/purposes/${name}`, message: `the cookie "${name}" has no purpose` });
  for (const name of Object.keys(doc.cookies?.purposes ?? {}))
    if (!options.cookies.includes(name))
      issues.push({ file: rel, pointer: `/cookies/purposes/${name}`, message: `"${name}" is no cookie of the store` });
  return issues;
}

/** Words a text keeps in every language: placeholders, link targets, addresses. */
const untranslatable = (text: string): string =>
  text
    .replace(/\{\{[^}]*\}\}|\]\([^)]*\)|\S+@\S+|https?:\/\/\S+/g, ' ')
    .replace(/[^\p{L}]+/gu, ' ')
    .trim();

/**
 * The texts of a translation that are the English text unchanged: a translation that pretends stops the build, as
 * the language check does for the storefront's texts. Short texts (a cookie column "Cookie") may match.
 */
function englishLeftIn(doc: LegalDocument, master: LegalDocument, rel: string): SnapshotIssue[] {
  const english = new Map(textsOf(master));
  const pairs: [string, string, string | undefined][] = [
    ...textsOf(doc).map(([at, text]): [string, string, string | undefined] => [at, text, english.get(at)]),
    ['/title', doc.title, master.title],
    ['/description', doc.description, master.description],
    ...doc.sections.map((section, i): [string, string, string | undefined] => [
      `/sections/${i}/heading`,
      section.heading,
      master.sections[i]?.heading,
    ]),
    ...Object.entries(doc.cookies?.purposes ?? {}).map(([name, text]): [string, string, string | undefined] => [
      `/cookies/purposes/${name}`,
      text,
      master.cookies?.purposes[name],
    ]),
  ];
  return pairs
    .filter(([, text, en]) => text === en && untranslatable(text).split(' ').length >= 3)
    .map(([pointer]) => ({ file: rel, pointer, message: 'is the English text, not a translation' }));
}

/**
 * Loads every legal document in every language; throws SnapshotError on the first broken one.
 * @example loadLegalDocuments(path.resolve('content/legal'), { cookies: allCookieNames })
 */
export function loadLegalDocuments(root: string, options: LegalLoadOptions = {}): LegalLibrary {
  const issues: SnapshotIssue[] = [];
  const library = new Map<LegalDocumentId, Map<string, LegalDocument>>();
  const relRoot = path.relative(process.cwd(), root) || '.';
  for (const id of LEGAL_DOCUMENTS) {
    const languages = new Map<string, LegalDocument>();
    library.set(id, languages);
    const dir = path.join(root, id);
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.json')) : [];
    if (!files.includes('en.json'))
      issues.push({ file: `${relRoot}/${id}/en.json`, pointer: '', message: 'the English master is missing' });
    for (const name of files.sort()) {
      const rel = `${relRoot}/${id}/${name}`;
      const doc = readDocument(path.join(dir, name), rel, issues);
      if (!doc) continue;
      const language = name.slice(0, -'.json'.length);
      if (doc.document !== id) issues.push({ file: rel, pointer: '/document', message: `must be "${id}"` });
      if (doc.language !== language) issues.push({ file: rel, pointer: '/language', message: `must be "${language}"` });
      languages.set(language, doc);
    }
    const master = languages.get('en');
    if (!master) continue;
    issues.push(...masterIssues(master, `${relRoot}/${id}/en.json`, options));
    for (const [language, doc] of languages) {
      if (language === 'en' || doc.version !== master.version) continue;
      const rel = `${relRoot}/${id}/${language}.json`;
      if (sectionShape(doc).join() !== sectionShape(master).join())
        issues.push({ file: rel, pointer: '/sections', message: 'sections (ids, parts, table) differ from English' });
      else if (placeholderShape(doc) !== placeholderShape(master))
        issues.push({ file: rel, pointer: '/sections', message: 'placeholders differ from English' });
      else issues.push(...englishLeftIn(doc, master, rel));
    }
  }
  if (issues.length > 0) throw new SnapshotError(issues);
  return library;
}

/** Why a language shows the English document: none written, written for an older version, or a cookie left out. */
export type LegalGap = 'missing' | 'outdated' | 'incomplete';

/** Whether `language` has a current, complete translation of `id`, and if not why. */
export function legalGap(library: LegalLibrary, id: LegalDocumentId, language: string): LegalGap | null {
  const master = library.get(id)?.get('en');
  const doc = library.get(id)?.get(language);
  if (language === 'en') return null;
  if (!doc) return 'missing';
  if (!master || doc.version !== master.version) return 'outdated';
  const purposes = Object.keys(master.cookies?.purposes ?? {});
  return purposes.every((name) => doc.cookies?.purposes[name]) ? null : 'incomplete';
}

/** The document a storefront in `language` shows: its translation when current and complete, else English. */
export function documentFor(library: LegalLibrary, id: LegalDocumentId, language: string): LegalDocument {
  const own = legalGap(library, id, language) === null ? library.get(id)?.get(language) : undefined;
  const doc = own ?? library.get(id)?.get('en');
  if (!doc) throw new Error(`legal document ${id} has no English master`);
  return doc;
}

/** Every (language, document) pair still to translate, for the language status. */
export function legalGaps(
  library: LegalLibrary,
  languages: readonly string[],
): { language: string; document: LegalDocumentId; gap: LegalGap }[] {
  return languages.flatMap((language) =>
    LEGAL_DOCUMENTS.flatMap((document) => {
      const gap = legalGap(library, document, language);
      return gap ? [{ language, document, gap }] : [];
    }),
  );
}
