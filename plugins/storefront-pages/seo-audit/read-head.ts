/**
 * What a crawler reads from a built page and a sitemap: canonical, robots, description, html lang and hreflang.
 * The pages are our own React output, so a small tag reader is enough; no HTML parser is needed.
 */

export interface HreflangLink {
  hreflang: string;
  href: string;
}

export interface PageFacts {
  url: string;
  /** <html lang>. */
  lang: string;
  canonical: string | undefined;
  noindex: boolean;
  description: string | undefined;
  /** rel="alternate" hreflang links in the HTML head. */
  hreflang: HreflangLink[];
}

export interface SitemapUrl {
  loc: string;
  alternates: HreflangLink[];
}

const entities: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>', nbsp: '\u00a0' };

/** Decodes the character references React and our XML writer produce. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    }
    return entities[ref.toLowerCase()] ?? whole;
  });
}

/**
 * Attributes of one start tag, names lower-cased (HTML attribute names are case-insensitive: React writes hrefLang).
 */
export function attributes(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const match of tag.matchAll(/([a-zA-Z_:][\w:.-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
    const name = match[1];
    if (name) out[name.toLowerCase()] = decodeEntities(match[2] ?? match[3] ?? '');
  }
  return out;
}

/** The crawler's view of one page's <head>. */
export function readHead(url: string, html: string): PageFacts {
  const headEnd = html.search(/<\/head>/i);
  const head = headEnd >= 0 ? html.slice(0, headEnd) : html;
  const facts: PageFacts = {
    url,
    lang: attributes(/<html\b[^>]*>/i.exec(head)?.[0] ?? '').lang ?? '',
    canonical: undefined,
    noindex: false,
    description: undefined,
    hreflang: [],
  };
  for (const match of head.matchAll(/<(link|meta)\b[^>]*>/gi)) {
    const attrs = attributes(match[0]);
    const rel = attrs.rel?.toLowerCase();
    if (match[1]?.toLowerCase() === 'link') {
      if (rel === 'canonical' && attrs.href !== undefined) facts.canonical = attrs.href;
      else if (rel === 'alternate' && attrs.hreflang !== undefined && attrs.href !== undefined)
        facts.hreflang.push({ hreflang: attrs.hreflang, href: attrs.href });
      continue;
    }
    const name = attrs.name?.toLowerCase();
    if ((name === 'robots' || name === 'googlebot') && /\bnoindex\b/i.test(attrs.content ?? '')) facts.noindex = true;
    if (name === 'description') facts.description = attrs.content ?? '';
  }
  return facts;
}

/** Every <url> of a sitemap with its xhtml:link alternates. */
export function readSitemap(xml: string): SitemapUrl[] {
  const urls: SitemapUrl[] = [];
  for (const match of xml.matchAll(/<url>([\s\S]*?)<\/url>/g)) {
    const body = match[1] ?? '';
    const loc = /<loc>([^<]*)<\/loc>/.exec(body)?.[1];
    if (loc === undefined) continue;
    const alternates = [...body.matchAll(/<xhtml:link\b[^>]*>/g)]
      .map((link) => attributes(link[0]))
      .filter((a) => a.rel === 'alternate' && a.hreflang !== undefined && a.href !== undefined)
      .map((a) => ({ hreflang: a.hreflang as string, href: a.href as string }));
    urls.push({ loc: decodeEntities(loc.trim()), alternates });
  }
  return urls;
}

/** The <loc>s of a sitemap index. */
export function readSitemapIndex(xml: string): string[] {
  return [...xml.matchAll(/<sitemap>[\s\S]*?<loc>([^<]*)<\/loc>[\s\S]*?<\/sitemap>/g)].map((m) =>
    decodeEntities((m[1] ?? '').trim()),
  );
}
