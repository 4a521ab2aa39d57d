/**
 * The build-time crawler check, run by `npm run test:e2e` between the build and the browser tests: reads the built
 * pages, sitemaps and robots.txt of the given storefronts as a search engine would and fails on any contradiction
 * (plugins/storefront-pages/seo-audit/audit.ts) and on any page that is not in its storefront's language: English
 * in a title or description, a description in another script, English sentences in the visible text
 * (seo-audit/language.ts).
 *
 *   npx tsx tests/seo/crawl-built.ts id,in,de,ae-ar,kr      # storefronts (or countries) to crawl; default: all served
 *
 * It reads what the server serves: the release the build published (releases/current, or PUBLIC_DIR).
 *
 * Storefronts that were not built are not crawled; links into them are checked against the build's own data
 * (page-inventory.ts), so a partial build passes when what it built is right.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadContent } from '../../content/load';
import { storefronts } from '../../region-config';
import { servedDir } from '../../plugins/storefront-pages/build-plan/release-links';
import { LOCATION_CHOOSER } from '../../plugins/storefront-pages/hreflang-clusters';
import { siteInventory } from '../../plugins/storefront-pages/page-inventory';
import { englishCounter, vocabulary, type EnglishCount } from '../../content/i18n/english-words';
import { auditCrawl, problemKinds } from '../../plugins/storefront-pages/seo-audit/audit';
import {
  auditPageLanguage,
  languageProblemKinds,
  type LanguageProblem,
} from '../../plugins/storefront-pages/seo-audit/language';
import { readPageText } from '../../plugins/storefront-pages/seo-audit/page-text';
import {
  readHead,
  readSitemap,
  readSitemapIndex,
  type PageFacts,
  type SitemapUrl,
} from '../../plugins/storefront-pages/seo-audit/read-head';
import { auditRobots } from '../../plugins/storefront-pages/seo-audit/robots';
import { selectedStorefronts } from '../../plugins/storefront-pages/selected-storefronts';
import { absoluteUrl, siteUrl } from '../../plugins/storefront-pages/site-url';

const publicDir = path.resolve(process.env.PUBLIC_DIR ?? servedDir());
const argument = process.argv[2];
const crawled = argument
  ? selectedStorefronts(argument).map((s) => s.urlLocal)
  : storefronts.map((s) => s.urlLocal).filter((code) => fs.existsSync(path.join(publicDir, code, 'index.html')));
const crawledSet = new Set(crawled);

/** '/id/' → 'id'; undefined outside the storefronts. */
function storefrontOf(url: string): string | undefined {
  if (!url.startsWith(`${siteUrl}/`)) return undefined;
  const code = url.slice(siteUrl.length + 1).split('/')[0] ?? '';
  return storefronts.some((s) => s.urlLocal === code) ? code : undefined;
}

function htmlFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The URL a crawler fetches a built file under: a folder's index.html is served at the folder with its slash. */
function urlOf(file: string): string {
  const relative = path.relative(publicDir, file).split(path.sep).join('/');
  return absoluteUrl(`/${relative.replace(/(^|\/)index\.html$/, '$1')}`);
}

const started = Date.now();
const pages: PageFacts[] = [];
const languageProblems: LanguageProblem[] = [];
const counters = new Map<string, (texts: readonly string[]) => EnglishCount>();
let textWords = 0;
let englishWords = 0;
let htmlBytes = 0;
for (const code of crawled) {
  const dir = path.join(publicDir, code);
  if (!fs.existsSync(dir))
    throw new Error(`${path.relative(process.cwd(), dir)} is missing: build it first (REGIONS=${code} npm run build)`);
  for (const file of htmlFiles(dir)) {
    const html = fs.readFileSync(file, 'utf8');
    htmlBytes += Buffer.byteLength(html);
    const facts = readHead(urlOf(file), html);
    pages.push(facts);
    const text = readPageText(html);
    let english = counters.get(text.lang);
    if (!english) counters.set(text.lang, (english = englishCounter(vocabulary(text.lang))));
    languageProblems.push(
      ...auditPageLanguage(facts.url, text, text.lang, english, !facts.noindex && facts.canonical === facts.url),
    );
    const counted = english(text.texts);
    textWords += counted.words;
    englishWords += counted.english.length;
  }
}

const indexFile = path.join(publicDir, 'sitemap.xml');
const sitemapLocs = fs.existsSync(indexFile) ? readSitemapIndex(fs.readFileSync(indexFile, 'utf8')) : [];
const sitemapUrls: SitemapUrl[] = [];
let sitemapBytes = 0;
for (const loc of sitemapLocs) {
  const code = storefrontOf(loc);
  if (!code || !crawledSet.has(code)) continue;
  const xml = fs.readFileSync(path.join(publicDir, loc.slice(siteUrl.length + 1)), 'utf8');
  sitemapBytes += Buffer.byteLength(xml);
  sitemapUrls.push(...readSitemap(xml));
}
const missingSitemaps = crawled.filter((code) => !sitemapLocs.includes(absoluteUrl(`/${code}/sitemap.xml`)));

const inventory = siteInventory(loadContent(path.resolve('content')));
const report = auditCrawl({
  pages,
  sitemapUrls,
  isCrawled: (url) => crawledSet.has(storefrontOf(url) ?? ''),
  expectedIndexable: (url) => {
    const code = storefrontOf(url);
    return code !== undefined && (inventory.get(code)?.has(url.slice(siteUrl.length + 1 + code.length)) ?? false);
  },
  chooser: absoluteUrl(LOCATION_CHOOSER),
  pageKey: (url) => {
    const code = storefrontOf(url);
    return code === undefined ? undefined : url.slice(siteUrl.length + 1 + code.length);
  },
});
const robotsFile = path.join(publicDir, 'robots.txt');
const robots = auditRobots(
  fs.existsSync(robotsFile) ? fs.readFileSync(robotsFile, 'utf8') : '',
  absoluteUrl('/sitemap.xml'),
  pages.filter((p) => !p.noindex && p.canonical === p.url).map((p) => p.url.slice(siteUrl.length)),
);

const problems = [
  ...report.problems,
  ...robots.problems,
  ...languageProblems,
  ...missingSitemaps.map((code) => ({
    kind: 'missing-from-sitemap' as const,
    url: absoluteUrl(`/${code}/sitemap.xml`),
    detail: 'storefront sitemap not in the sitemap index',
  })),
];
console.log(
  `SEO crawl of ${crawled.length} storefronts (${crawled.join(', ')}) in ` +
    `${((Date.now() - started) / 1000).toFixed(1)} s`,
);
const webPages = pages.filter(
  (p) => !/^\/[^/]+\/(app|ios)\//.test(p.url.slice(siteUrl.length)) && !p.url.endsWith('.html'),
).length;
console.log(
  `  pages ${report.pages}, of which ${webPages} web pages (not app/ios webviews, not 404.html copies); ` +
    `${(htmlBytes / report.pages / 1024).toFixed(1)} KB HTML on average, indexable ${report.indexable}, ` +
    `sitemap URLs ${report.sitemapUrls} (${(sitemapBytes / 1024 / 1024).toFixed(2)} MB)`,
);
console.log(
  `  clusters ${report.clusters}, x-default targets ${report.xDefaultTargets}, hreflang links: ` +
    `${report.htmlHreflangLinks} in HTML, ${report.sitemapHreflangLinks} in sitemaps`,
);
console.log(
  `  robots.txt: ${robots.lines} lines; visible words ${textWords}, of which English where another ` +
    `language is expected ${englishWords} (${((100 * englishWords) / Math.max(1, textWords)).toFixed(2)} %)`,
);
for (const kind of [...problemKinds, ...languageProblemKinds]) {
  const ofKind = problems.filter((p) => p.kind === kind);
  console.log(`  ${ofKind.length === 0 ? 'ok  ' : 'FAIL'} ${kind}: ${ofKind.length}`);
  for (const problem of ofKind.slice(0, 3)) console.log(`         ${problem.url}: ${problem.detail}`);
}
if (problems.length > 0) {
  console.error(`SEO crawl: ${problems.length} problems`);
  process.exit(1);
}
