import { describe, expect, it } from 'vitest';
import { robotsTxt } from '../post-build/sitemaps';
import { auditCrawl, type AuditInput, type ProblemKind } from './audit';
import { readHead, readSitemap, type HreflangLink } from './read-head';
import { auditRobots } from './robots';

/**
 * A small site as a crawler sees it: storefronts /a/ (de-DE) and /b/ (de-AT) crawled, /c/ (de-CH) not built.
 * /x/ exists in all three; /a/item/ is an alias of /a/x/; /a/cart/ is noindex.
 */
const origin = 'https://shop.example';
const url = (path: string) => `${origin}${path}`;
const description = 'Ein ausreichend langer Text, der die Seite für Suchmaschinen beschreibt.';

interface PageSpec {
  lang: string;
  canonical?: string;
  noindex?: boolean;
  description?: string;
  hreflang?: HreflangLink[];
}

function html(spec: PageSpec): string {
  const links = (spec.hreflang ?? [])
    .map((l) => `<link rel="alternate" hrefLang="${l.hreflang}" href="${l.href}"/>`)
    .join('');
  return (
    `<!DOCTYPE html><html lang="${spec.lang}"><head><title>t</` +
    `title>${spec.description === undefined ? '' : `<meta name="description" content="${spec.description}"/>`}` +
    `${spec.noindex ? '<meta name="robots" content="noindex, follow"/>' : ''}` +
    `${spec.canonical ? `<link rel="canonical" href="${spec.canonical}"/>` : ''}${links}</head><body></body>` +
    `</html>`
  );
}

const cluster: HreflangLink[] = [
  { hreflang: 'de-DE', href: url('/a/x/') },
  { hreflang: 'de-AT', href: url('/b/x/') },
  { hreflang: 'de-CH', href: url('/c/x/') },
  { hreflang: 'x-default', href: url('/a/x/') },
];

function sitemap(entries: { loc: string; alternates: HreflangLink[] }[]): string {
  const body = entries
    .map(
      (e) =>
        `<url><loc>${e.loc}</loc>${e.alternates
          .map((a) => `<xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${a.href}"/>`)
          .join('')}</url>`,
    )
    .join('\n');
  return `<?xml version="1.0"?><urlset xmlns:xhtml="http://www.w3.org/1999/xhtml">${body}</urlset>`;
}

interface Site {
  pages: Record<string, PageSpec>;
  sitemap: { loc: string; alternates: HreflangLink[] }[];
}

function cleanSite(): Site {
  return {
    pages: {
      '/a/x/': { lang: 'de-DE', canonical: url('/a/x/'), description },
      '/b/x/': { lang: 'de-AT', canonical: url('/b/x/'), description },
      '/a/item/': { lang: 'de-DE', canonical: url('/a/x/'), description },
      '/a/cart/': { lang: 'de-DE', noindex: true, description: 'Warenkorb' },
    },
    sitemap: [
      { loc: url('/a/x/'), alternates: cluster },
      { loc: url('/b/x/'), alternates: cluster },
    ],
  };
}

function audit(site: Site, overrides: Partial<AuditInput> = {}) {
  const storefrontOf = (u: string) => u.slice(origin.length + 1).split('/')[0] ?? '';
  return auditCrawl({
    pages: Object.entries(site.pages).map(([path, spec]) => readHead(url(path), html(spec))),
    sitemapUrls: readSitemap(sitemap(site.sitemap)),
    isCrawled: (u) => ['a', 'b'].includes(storefrontOf(u)),
    expectedIndexable: (u) => u === url('/c/x/'),
    chooser: url('/a/select-location/'),
    pageKey: (u) => u.slice(origin.length + 1 + storefrontOf(u).length),
    ...overrides,
  });
}

const kinds = (site: Site, overrides: Partial<AuditInput> = {}): ProblemKind[] =>
  [...new Set(audit(site, overrides).problems.map((p) => p.kind))].sort();

describe('auditCrawl', () => {
  it('passes a consistent site and counts what it read', () => {
    const report = audit(cleanSite());
    expect(report.problems).toEqual([]);
    expect(report).toMatchObject({
      pages: 4,
      indexable: 2,
      sitemapUrls: 2,
      clusters: 1,
      xDefaultTargets: 1,
      htmlHreflangLinks: 0,
      sitemapHreflangLinks: 8,
    });
  });

  it('fails a member that does not list the page back, and the page that leaves a storefront out', () => {
    const site = cleanSite();
    site.sitemap[1] = {
      loc: url('/b/x/'),
      alternates: cluster.filter((l) => l.href !== url('/a/x/') || l.hreflang === 'x-default'),
    };
    // b's x-default (a) is then outside b's own list, too.
    expect(kinds(site)).toEqual(['hreflang-missing-member', 'hreflang-not-reciprocal', 'x-default']);
  });

  it('fails a page that does not list itself', () => {
    const site = cleanSite();
    const withoutB = cluster.filter((l) => l.href !== url('/b/x/'));
    site.sitemap[1] = { loc: url('/b/x/'), alternates: withoutB };
    expect(
      audit(site).problems.some(
        (p) => p.kind === 'hreflang-not-reciprocal' && p.detail === 'the page does not list itself',
      ),
    ).toBe(true);
  });

  it('fails a member that is an alias, a noindex page or a page the build data says is not indexable', () => {
    for (const target of ['/a/item/', '/a/cart/', '/c/missing/']) {
      const site = cleanSite();
      const bad = [...cluster, { hreflang: 'de-LI', href: url(target) }];
      site.sitemap = site.sitemap.map((e) => ({ ...e, alternates: bad }));
      expect(kinds(site), target).toContain('hreflang-not-canonical');
    }
  });

  it('fails hreflang on an alias page', () => {
    const site = cleanSite();
    site.pages['/a/item/'] = { ...site.pages['/a/item/']!, hreflang: cluster };
    expect(kinds(site)).toEqual(['hreflang-on-non-indexable']);
  });

  it('fails HTML hreflang that contradicts the sitemap cluster', () => {
    const site = cleanSite();
    site.pages['/a/x/'] = { ...site.pages['/a/x/']!, hreflang: cluster.slice(0, 2) };
    expect(kinds(site)).toEqual(['hreflang-conflict']);
  });

  it('fails a code that is malformed, repeated, or not the member page’s language', () => {
    const malformed = cleanSite();
    malformed.sitemap = malformed.sitemap.map((e) => ({
      ...e,
      alternates: e.alternates.map((l) => (l.hreflang === 'de-CH' ? { ...l, hreflang: 'de_CH' } : l)),
    }));
    expect(kinds(malformed)).toEqual(['hreflang-code']);
    const wrongLang = cleanSite();
    wrongLang.pages['/b/x/'] = { ...wrongLang.pages['/b/x/']!, lang: 'de-DE' };
    expect(kinds(wrongLang)).toEqual(['hreflang-code']);
  });

  it('fails two x-defaults, an x-default outside the cluster, and members naming different ones', () => {
    const two = cleanSite();
    two.sitemap = two.sitemap.map((e) => ({
      ...e,
      alternates: [...cluster, { hreflang: 'x-default', href: url('/b/x/') }],
    }));
    expect(kinds(two)).toEqual(['x-default']);
    const outside = cleanSite();
    const elsewhere = cluster.map((l) => (l.hreflang === 'x-default' ? { ...l, href: url('/a/other/') } : l));
    outside.pages['/a/other/'] = { lang: 'de-DE', canonical: url('/a/other/'), description };
    outside.sitemap = [
      ...outside.sitemap.map((e) => ({ ...e, alternates: elsewhere })),
      { loc: url('/a/other/'), alternates: [] },
    ];
    expect(kinds(outside)).toEqual(['x-default']);
    const disagree = cleanSite();
    disagree.sitemap[1] = {
      loc: url('/b/x/'),
      alternates: cluster.map((l) => (l.hreflang === 'x-default' ? { ...l, href: url('/b/x/') } : l)),
    };
    expect(kinds(disagree)).toEqual(['x-default']);
  });

  it('accepts the location chooser as the x-default of a cluster', () => {
    const site = cleanSite();
    site.pages['/a/select-location/'] = { lang: 'de-DE', canonical: url('/a/select-location/'), description };
    const toChooser = cluster.map((l) => (l.hreflang === 'x-default' ? { ...l, href: url('/a/select-location/') } : l));
    site.sitemap = [
      ...site.sitemap.map((e) => ({ ...e, alternates: toChooser })),
      { loc: url('/a/select-location/'), alternates: [] },
    ];
    expect(audit(site).problems).toEqual([]);
  });

  it('fails an indexable alias of a noindex page, and a noindex page that names a canonical', () => {
    const alias = cleanSite();
    alias.pages['/a/item/'] = { ...alias.pages['/a/item/']!, canonical: url('/a/cart/') };
    expect(kinds(alias)).toEqual(['indexable-alias']);
    const selfCanonical = cleanSite();
    selfCanonical.pages['/a/cart/'] = { ...selfCanonical.pages['/a/cart/']!, canonical: url('/a/cart/') };
    expect(kinds(selfCanonical)).toEqual(['canonical-to-noindex']);
  });

  it('fails a page without noindex and without canonical', () => {
    const site = cleanSite();
    site.pages['/a/about/'] = { lang: 'de-DE', description };
    expect(kinds(site)).toEqual(['no-canonical']);
  });

  it('fails a sitemap entry that is not indexable, and an indexable page in no sitemap', () => {
    const listed = cleanSite();
    listed.sitemap.push({ loc: url('/a/item/'), alternates: [] });
    expect(kinds(listed)).toEqual(['sitemap-not-indexable']);
    const missing = cleanSite();
    missing.pages['/a/about/'] = { lang: 'de-DE', canonical: url('/a/about/'), description };
    expect(kinds(missing)).toEqual(['missing-from-sitemap']);
  });

  it('fails a missing, short or long description on an indexable page only', () => {
    for (const text of [undefined, 'Zu kurz.', 'x'.repeat(161)]) {
      const site = cleanSite();
      site.pages['/b/x/'] = {
        lang: 'de-AT',
        canonical: url('/b/x/'),
        ...(text === undefined ? {} : { description: text }),
      };
      expect(kinds(site), String(text)).toEqual(['description-length']);
    }
  });
});

describe('auditRobots', () => {
  const index = `${origin}/sitemap.xml`;
  it('passes our robots.txt for storefront pages, and it blocks the private areas', () => {
    const text = robotsTxt().replace(/Sitemap: .*/, `Sitemap: ${index}`);
    expect(auditRobots(text, index, ['/a/', '/a/x/', '/a/support/user-guide/', '/a/appdownload/']).problems).toEqual(
      [],
    );
    expect(
      auditRobots(text, index, ['/a/cart/', '/b/user/order/', '/a/app/cart/']).problems.map((p) => p.kind),
    ).toEqual(['robots-blocked', 'robots-blocked', 'robots-blocked']);
  });

  it('lets the longest rule win and Allow win a tie', () => {
    const text = `User-agent: *\nDisallow: /*/x/\nAllow: /a/x/$\nSitemap: ${index}\n`;
    expect(auditRobots(text, index, ['/a/x/']).problems).toEqual([]);
    expect(auditRobots(text, index, ['/a/x/more/', '/b/x/']).problems).toHaveLength(2);
  });

  it('fails a robots.txt without the sitemap index or with a rule per storefront', () => {
    expect(auditRobots('User-agent: *\nDisallow: /api/\n', index, []).problems.map((p) => p.kind)).toEqual(['robots']);
    const long = [
      'User-agent: *',
      ...Array.from({ length: 60 }, (_, i) => `Disallow: /s${i}/cart/`),
      `Sitemap: ${index}`,
    ].join('\n');
    expect(auditRobots(long, index, []).problems.map((p) => p.detail)).toEqual([
      expect.stringMatching(/path patterns/),
    ]);
  });
});
