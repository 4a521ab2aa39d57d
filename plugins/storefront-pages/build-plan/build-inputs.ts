/**
 * What a storefront's built pages depend on, as hashes, so that `npm start` can tell whether public/ is up to
 * date and which storefronts a change touches. Three layers per storefront:
 *  - code: templates, plugins, islands, region and site code, the lock file (any change rebuilds everything);
 *  - shared: content every storefront reads (categories, CMS pages, support, promotions, reviews, stores,
 *    images, the English catalogue, the storefront list the language switcher shows);
 *  - own: its region and site settings, its header/footer snapshot, its UI catalogue, and the catalogue as
 *    it sells it (each product with only its own country's offers), so a price change in one country
 *    rebuilds that country's storefronts only.
 */
import { createHash } from 'node:crypto';
import { pseudoLocale } from '../../../content/i18n/pseudo';
import fs from 'node:fs';
import path from 'node:path';
import { catalogueCandidates, storefronts, type Storefront } from '../../../region-config';
import { getSiteConfig } from '../../../sites';

export interface StorefrontInputs {
  code: string;
  shared: string;
  own: Record<OwnPart, string>;
}

export type OwnPart = 'region and site settings' | 'header/footer' | 'catalogue' | 'UI strings' | 'content copy';

export interface BuildInputs {
  /** Hash of every code file, by path, to name what changed. */
  codeFiles: Record<string, string>;
  sharedFiles: Record<string, string>;
  storefronts: Record<string, StorefrontInputs>;
  /** Storefronts whose build started and did not finish: their files in public/ may be half-written. */
  unfinished?: string[];
  /**
   * The storefronts the last build rendered into public/: only these are whole there, since Gatsby deletes the
   * pages of storefronts a build leaves out (the served release keeps them; publish.ts takes them from it).
   */
  lastBuilt?: string[];
  /**
   * Storefronts moved out of public/ by a build that has not finished yet. Gatsby saves its state only when a
   * build succeeds, so after a failed one its state may still list their pages as written: the next build starts
   * Gatsby without its cache (run-build.ts).
   */
  movedOut?: string[];
  /** The release the last build rendered its pages for (build-release.ts): the publish takes it as its name. */
  release?: string;
}

const CODE_ROOTS = [
  'src',
  'plugins',
  'widgets',
  'region-config',
  'sites',
  'content',
  'gatsby-config.ts',
  'gatsby-node.ts',
  'package-lock.json',
  'tsconfig.json',
];
const SHARED_ROOTS = ['content/snapshots', 'content/images', 'content/locales/en'];
/** Data that code roots contain but that belongs to a storefront (hashed per storefront, below). */
const PER_STOREFRONT_DATA = [
  'region-config/region-data.json',
  'sites/price-displays.json',
  'sites/host-overrides.json',
];
const SKIP = /(^|\/)(node_modules|dist|\.cache|public|releases)(\/|$)|\.test\.tsx?$|\.md$/;

const hash = (data: string | Buffer): string => createHash('sha1').update(data).digest('base64url').slice(0, 20);

/** Every file below the given roots (files or folders, relative to the project), minus tests, docs and output. */
function filesBelow(roots: string[], exclude: (file: string) => boolean): string[] {
  const files: string[] = [];
  for (const root of roots) {
    if (!fs.existsSync(root)) continue;
    if (fs.statSync(root).isFile()) files.push(root);
    else
      for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true }))
        if (entry.isFile()) files.push(path.join(entry.parentPath, entry.name));
  }
  return files.filter((file) => !SKIP.test(file) && !exclude(file)).sort();
}

function fileHashes(files: string[]): Record<string, string> {
  return Object.fromEntries(files.map((file) => [file, hash(fs.readFileSync(file))]));
}

const combined = (hashes: Record<string, string>): string => hash(JSON.stringify(hashes));

interface Offerable {
  commodities?: { offers?: Record<string, unknown> }[];
}

/** The catalogue as one country sells it: every product, each commodity with only that country's offer. */
function catalogueFor(products: Offerable[], local: string): string {
  return hash(
    JSON.stringify(
      products.map((product) => ({
        ...product,
        commodities: product.commodities?.map((c) => ({ ...c, offers: c.offers?.[local] ?? null })),
      })),
    ),
  );
}

/** The storefront's own UI catalogue: every namespace file of the language it reads (English is a shared input). */
function uiCatalogueOf(storefront: Storefront): string {
  const code =
    catalogueCandidates(storefront.lang).find((candidate) => fs.existsSync(`content/locales/${candidate}`)) ?? 'en';
  const folder = `content/locales/${code}`;
  return hash(
    fs
      .readdirSync(folder)
      .sort()
      .map((name) => `${name}\n${fs.readFileSync(`${folder}/${name}`, 'utf8')}`)
      .join('\n'),
  );
}

/** The storefront's content copy (colour and edition names are read from it at build time). */
function copyCatalogueOf(storefront: Storefront): string {
  const code = catalogueCandidates(storefront.lang).find((candidate) =>
    fs.existsSync(`content/copy/${candidate}.json`),
  );
  return code ? hash(fs.readFileSync(`content/copy/${code}.json`)) : '';
}

/** The inputs of every storefront, read from the project in the current directory. */
export function buildInputs(): BuildInputs {
  const codeFiles = fileHashes(
    filesBelow(
      CODE_ROOTS,
      (file) =>
        file.startsWith('content/tools/') ||
        file.startsWith('content/snapshots/') ||
        file.startsWith('content/images/') ||
        file.startsWith('content/locales/') ||
        PER_STOREFRONT_DATA.includes(file),
    ),
  );
  const sharedFiles = fileHashes(
    filesBelow(
      SHARED_ROOTS,
      (file) =>
        file.startsWith('content/snapshots/header-footer/') || file === 'content/snapshots/catalogue/products.json',
    ),
  );
  const switcher = storefronts.map((s) => [s.urlLocal, s.local, s.lang, s.language.localTitle, s.language.langTitle]);
  const code = combined(codeFiles);
  // A pseudo-locale build (content/i18n/pseudo.ts) differs in every page from a real one.
  const shared = hash(combined(sharedFiles) + JSON.stringify(switcher) + (pseudoLocale() ?? ''));
  const products = (
    JSON.parse(fs.readFileSync('content/snapshots/catalogue/products.json', 'utf8')) as { products: Offerable[] }
  ).products;
  const byStorefront: Record<string, StorefrontInputs> = {};
  const catalogues = new Map<string, string>();
  for (const storefront of storefronts) {
    if (!catalogues.has(storefront.local)) catalogues.set(storefront.local, catalogueFor(products, storefront.local));
    const headerFooter = `content/snapshots/header-footer/${storefront.urlLocal}.json`;
    byStorefront[storefront.urlLocal] = {
      code,
      shared,
      own: {
        'region and site settings': hash(JSON.stringify([storefront, getSiteConfig(storefront.local)])),
        'header/footer': fs.existsSync(headerFooter) ? hash(fs.readFileSync(headerFooter)) : '',
        catalogue: catalogues.get(storefront.local) ?? '',
        'UI strings': uiCatalogueOf(storefront),
        'content copy': copyCatalogueOf(storefront),
      },
    };
  }
  return { codeFiles, sharedFiles, storefronts: byStorefront };
}

/**
 * Where the inputs of what public/ holds are recorded (a dotfile: the server never serves it; each release has a copy).
 */
export const recordFile = (publicDir = 'public'): string => path.join(publicDir, '.build-inputs.json');

export function readRecordedInputs(publicDir = 'public'): BuildInputs | undefined {
  const file = recordFile(publicDir);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as BuildInputs) : undefined;
}

/**
 * Records that these storefronts are being rebuilt, so that a build that fails or is stopped rebuilds them next time.
 */
export function recordBuildStarted(urlLocals: string[], publicDir = 'public'): void {
  const earlier = readRecordedInputs(publicDir);
  if (!earlier) return; // nothing recorded: everything is "not built yet" anyway
  writeRecord({ ...earlier, unfinished: [...new Set([...(earlier.unfinished ?? []), ...urlLocals])] }, publicDir);
}

/** Records that these storefronts' files were moved out of public/ by the build that is starting. */
export function recordMovedOut(urlLocals: string[], publicDir = 'public'): void {
  const earlier = readRecordedInputs(publicDir);
  if (!earlier) return;
  writeRecord({ ...earlier, movedOut: [...new Set([...(earlier.movedOut ?? []), ...urlLocals])] }, publicDir);
}

/** Records the inputs of the storefronts just built, keeping the record of the others as it was. */
export function recordBuiltInputs(current: BuildInputs, built: string[], publicDir = 'public', release?: string): void {
  const earlier = readRecordedInputs(publicDir);
  const kept = Object.fromEntries(Object.entries(earlier?.storefronts ?? {}).filter(([code]) => !built.includes(code)));
  const fresh = Object.fromEntries(
    built.map((code) => [code, current.storefronts[code]]).filter(([, inputs]) => inputs),
  );
  const unfinished = (earlier?.unfinished ?? []).filter((code) => !built.includes(code));
  // The file lists only name what changed next time; the per-storefront hashes decide what is rebuilt.
  const record: BuildInputs = {
    codeFiles: current.codeFiles,
    sharedFiles: current.sharedFiles,
    storefronts: { ...kept, ...fresh },
    ...(unfinished.length > 0 ? { unfinished } : {}),
    lastBuilt: built,
    ...(release ? { release } : {}),
  };
  writeRecord(record, publicDir);
}

function writeRecord(record: BuildInputs, publicDir: string): void {
  fs.mkdirSync(publicDir, { recursive: true });
  const temporary = `${recordFile(publicDir)}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, `${JSON.stringify(record)}\n`);
  fs.renameSync(temporary, recordFile(publicDir));
}
