/**
 * The crawler check of international SEO: reads built pages and sitemaps the way a search engine does and names every
 * page whose signals contradict each other. Pure: the caller reads the files (tests/seo/crawl-built.ts) or
 * hands in fixtures (audit.test.ts).
 *
 * Words used below. An indexable page answers without noindex and names itself as canonical. An alias names
 * another page as canonical. A cluster is the set of pages an hreflang annotation lists, read from the sitemaps
 * (our cluster source) and from the HTML (which must carry none that contradicts them).
 */
import type { HreflangLink, PageFacts, SitemapUrl } from './read-head';

export const problemKinds = [
  /** An hreflang member that does not list the annotating page back (or a page that does not list itself). */
  'hreflang-not-reciprocal',
  /** An hreflang member that is not an indexable, canonical page. */
  'hreflang-not-canonical',
  /** hreflang annotations on an alias or noindex page. */
  'hreflang-on-non-indexable',
  /** An indexable page that leaves out the same page of another crawled storefront. */
  'hreflang-missing-member',
  /** The HTML's hreflang links differ from the page's sitemap entry. */
  'hreflang-conflict',
  /** A language-region code that is malformed, used twice in a cluster, or not the member's own <html lang>. */
  'hreflang-code',
  /** Not exactly one x-default, one outside the cluster (other than the location chooser), or members that disagree. */
  'x-default',
  /** An alias without noindex whose canonical target is not indexable: search engines would index the alias. */
  'indexable-alias',
  /** A noindex page whose canonical link names a page that is not indexable (itself included). */
  'canonical-to-noindex',
  /** A page without noindex and without a canonical link. */
  'no-canonical',
  /** A sitemap <loc> that is not an indexable page. */
  'sitemap-not-indexable',
  /** An indexable page that no sitemap lists. */
  'missing-from-sitemap',
  /** An indexable page whose meta description is missing, under 50 or over 160 characters. */
  'description-length',
  /** An indexable page that robots.txt disallows. */
  'robots-blocked',
  /** robots.txt without the sitemap index, or long where path patterns would do. */
  'robots',
] as const;

export type ProblemKind = (typeof problemKinds)[number];

export interface Problem {
  kind: ProblemKind;
  url: string;
  detail: string;
}

export interface AuditInput {
  /** Every page of the crawled storefronts. */
  pages: PageFacts[];
  /** Every <url> of the crawled storefronts' sitemaps. */
  sitemapUrls: SitemapUrl[];
  /** True when the URL belongs to a crawled storefront, so its page must be among `pages`. */
  isCrawled: (url: string) => boolean;
  /** For URLs of storefronts that were not built: whether the build's own data makes the page indexable. */
  expectedIndexable: (url: string) => boolean;
  /** The one x-default target allowed outside a cluster. */
  chooser: string;
  /** The same page's key in every storefront ('/product/x/'), or undefined outside the storefronts. */
  pageKey: (url: string) => string | undefined;
}

export interface AuditReport {
  pages: number;
  indexable: number;
  sitemapUrls: number;
  clusters: number;
  xDefaultTargets: number;
  htmlHreflangLinks: number;
  sitemapHreflangLinks: number;
  problems: Problem[];
  byKind: Record<ProblemKind, number>;
}

const X_DEFAULT = 'x-default';
const CODE = /^[a-z]{2,3}(-[A-Z][a-z]{3})?(-([A-Z]{2}|\d{3}))?$/;
export const DESCRIPTION_MIN = 50;
export const DESCRIPTION_MAX = 160;

const sameSet = (a: HreflangLink[], b: HreflangLink[]): boolean => {
  const key = (links: HreflangLink[]) =>
    links
      .map((l) => `${l.hreflang} ${l.href}`)
      .sort()
      .join('\n');
  return key(a) === key(b);
};

export function auditCrawl(input: AuditInput): AuditReport {
  const problems: Problem[] = [];
  const report = (kind: ProblemKind, url: string, detail: string) => problems.push({ kind, url, detail });
  const byUrl = new Map(input.pages.map((page) => [page.url, page]));
  const indexable = (url: string): boolean => {
    if (!input.isCrawled(url)) return input.expectedIndexable(url);
    const page = byUrl.get(url);
    return page !== undefined && !page.noindex && page.canonical === url;
  };
  const describe = (url: string): string => {
    const page = byUrl.get(url);
    if (!input.isCrawled(url)) return 'not indexable by the build data';
    if (!page) return 'not built';
    if (page.noindex) return 'noindex';
    return page.canonical ? `an alias of ${page.canonical}` : 'without canonical';
  };

  // Canonicals, robots and descriptions, page by page.
  for (const page of input.pages) {
    if (page.canonical === undefined) {
      if (!page.noindex) report('no-canonical', page.url, 'indexable-looking page without rel=canonical');
    } else if (page.noindex) {
      if (!indexable(page.canonical))
        report(
          'canonical-to-noindex',
          page.url,
          `noindex page names ${page.canonical} (` +
            `${page.canonical === page.url ? 'itself' : describe(page.canonical)}) as canonical`,
        );
    } else if (page.canonical !== page.url && !indexable(page.canonical)) {
      report('indexable-alias', page.url, `indexable alias of ${page.canonical}, which is ${describe(page.canonical)}`);
    }
    if (indexable(page.url)) {
      const length = page.description === undefined ? 0 : [...page.description.trim()].length;
      if (length < DESCRIPTION_MIN || length > DESCRIPTION_MAX)
        report('description-length', page.url, `description of ${length} characters`);
    }
  }

  // Sitemaps list exactly the indexable canonical pages.
  const inSitemaps = new Map<string, SitemapUrl>();
  for (const entry of input.sitemapUrls) {
    if (!indexable(entry.loc))
      report('sitemap-not-indexable', entry.loc, `sitemap lists a page that is ${describe(entry.loc)}`);
    inSitemaps.set(entry.loc, entry);
  }
  for (const page of input.pages) {
    if (indexable(page.url) && !inSitemaps.has(page.url))
      report('missing-from-sitemap', page.url, 'indexable page in no sitemap');
  }

  // The annotations of each page: the sitemap entry is the cluster source; HTML links must agree with it.
  const annotations = new Map<string, HreflangLink[]>();
  for (const page of input.pages) {
    const fromSitemap = inSitemaps.get(page.url)?.alternates ?? [];
    if (page.hreflang.length > 0 && fromSitemap.length > 0 && !sameSet(page.hreflang, fromSitemap)) {
      report(
        'hreflang-conflict',
        page.url,
        `${page.hreflang.length} hreflang links in the HTML, ${fromSitemap.length} in the sitemap`,
      );
    }
    const links = fromSitemap.length > 0 ? fromSitemap : page.hreflang;
    if (links.length > 0) annotations.set(page.url, links);
  }
  for (const entry of input.sitemapUrls)
    if (!annotations.has(entry.loc) && entry.alternates.length > 0) annotations.set(entry.loc, entry.alternates);

  const xDefaultOf = (links: HreflangLink[]) => links.filter((l) => l.hreflang === X_DEFAULT).map((l) => l.href);
  const clusters = new Set<string>();
  const xDefaultTargets = new Set<string>();
  for (const [url, links] of annotations) {
    if (!indexable(url)) {
      report('hreflang-on-non-indexable', url, `${links.length} hreflang links on a page that is ${describe(url)}`);
      continue;
    }
    const members = links.filter((l) => l.hreflang !== X_DEFAULT);
    clusters.add(
      members
        .map((m) => m.href)
        .sort()
        .join(' '),
    );
    const codes = new Map<string, string>();
    for (const member of members) {
      const code = member.hreflang;
      if (!CODE.test(code)) report('hreflang-code', url, `malformed code ${code}`);
      else if (codes.has(code) && codes.get(code) !== member.href)
        report('hreflang-code', url, `${code} names two pages`);
      codes.set(code, member.href);
    }
    if (!members.some((m) => m.href === url)) report('hreflang-not-reciprocal', url, 'the page does not list itself');
    for (const member of members) {
      if (member.href === url) continue;
      if (!indexable(member.href)) {
        report('hreflang-not-canonical', url, `${member.hreflang} → ${member.href}, which is ${describe(member.href)}`);
        continue;
      }
      if (!input.isCrawled(member.href)) continue;
      const back = annotations.get(member.href) ?? [];
      if (!back.some((l) => l.href === url && l.hreflang !== X_DEFAULT))
        report('hreflang-not-reciprocal', url, `${member.href} does not list it back`);
      const lang = byUrl.get(member.href)?.lang ?? '';
      if (lang.toLowerCase() !== member.hreflang.toLowerCase())
        report('hreflang-code', url, `${member.hreflang} → ${member.href}, whose html lang is ${lang || 'missing'}`);
    }
    const xDefaults = xDefaultOf(links);
    const [xDefault] = xDefaults;
    if (xDefaults.length !== 1 || xDefault === undefined) {
      report('x-default', url, `${xDefaults.length} x-default links`);
    } else {
      xDefaultTargets.add(xDefault);
      if (!indexable(xDefault))
        report('hreflang-not-canonical', url, `x-default → ${xDefault}, which is ${describe(xDefault)}`);
      else if (xDefault !== input.chooser && !members.some((m) => m.href === xDefault))
        report('x-default', url, `x-default ${xDefault} is neither a member nor the location chooser`);
      const disagreeing = members.filter(
        (m) =>
          input.isCrawled(m.href) &&
          annotations.has(m.href) &&
          xDefaultOf(annotations.get(m.href) ?? []).join() !== xDefault,
      );
      if (disagreeing.length > 0)
        report('x-default', url, `${disagreeing.length} members name another x-default (e.g. ${disagreeing[0]?.href})`);
    }
  }

  // Every cluster holds the same page of every crawled storefront where it is indexable.
  const sameKey = new Map<string, string[]>();
  for (const page of input.pages) {
    const key = input.pageKey(page.url);
    if (key !== undefined && indexable(page.url)) sameKey.set(key, [...(sameKey.get(key) ?? []), page.url]);
  }
  for (const urls of sameKey.values()) {
    if (urls.length < 2) continue;
    // One x-default for the whole cluster, whether or not its members name each other.
    const targets = new Set(urls.flatMap((url) => xDefaultOf(annotations.get(url) ?? [])));
    if (targets.size > 1)
      report(
        'x-default',
        urls[0] ?? '',
        `${targets.size} different x-default targets across the same page of ${urls.length} storefronts`,
      );
    for (const url of urls) {
      const listed = new Set((annotations.get(url) ?? []).filter((l) => l.hreflang !== X_DEFAULT).map((l) => l.href));
      for (const other of urls)
        if (other !== url && !listed.has(other)) report('hreflang-missing-member', url, `leaves out ${other}`);
    }
  }

  const byKind = Object.fromEntries(problemKinds.map((kind) => [kind, 0])) as Record<ProblemKind, number>;
  for (const problem of problems) byKind[problem.kind] += 1;
  return {
    pages: input.pages.length,
    indexable: input.pages.filter((p) => indexable(p.url)).length,
    sitemapUrls: inSitemaps.size,
    clusters: clusters.size,
    xDefaultTargets: xDefaultTargets.size,
    htmlHreflangLinks: input.pages.reduce((sum, p) => sum + p.hreflang.length, 0),
    sitemapHreflangLinks: input.sitemapUrls.reduce((sum, e) => sum + e.alternates.length, 0),
    problems,
    byKind,
  };
}
