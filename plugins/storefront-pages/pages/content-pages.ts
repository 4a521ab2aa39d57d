/** Editable content, support and event pages of the CMS snapshot. */
import { localize } from '../../../content/localize';
import { linkRuns } from '../../../content/programmes';
import type { ContentBlock, ContentPage } from '../../../content/schemas/pages.schema';
import type { ContentData, ResolvedBlock } from '../../../src/template-data';
import { isOffered, productCard } from '../catalogue-views';
import { breadcrumbs, type PageEmitter, type StorefrontBuild } from '../storefront-build';

/** A storefront-relative link ('/smart-home/') becomes '/id/smart-home/'; absolute URLs stay. */
export function storefrontLink(build: StorefrontBuild, url: string): string {
  return url.startsWith('/') ? `/${build.context.urlLocal}${url}` : url;
}

/** False for a link to the page of a programme this country does not run (content/programmes.ts). */
export function programmeLinkRuns(build: StorefrontBuild, url: string): boolean {
  return linkRuns(build.content, build.scope.local, url);
}

/**
 * The content pages published in this storefront: those of its region (a page without regions is everywhere),
 * without the page of a programme the country does not run.
 */
export function publishedPages(build: StorefrontBuild): ContentPage[] {
  return build.content.pages.filter(
    (page) => (!page.regions || page.regions.includes(build.scope.local)) && programmeLinkRuns(build, page.path),
  );
}

function resolveBlock(build: StorefrontBuild, block: ContentBlock): ResolvedBlock | undefined {
  const text = (value: Parameters<typeof localize>[0]) => localize(value, build.scope.i18n);
  switch (block.type) {
    case 'hero':
      // A call to action of a programme the country does not run would lead nowhere: the block goes.
      if (!programmeLinkRuns(build, block.cta.url)) return undefined;
      return {
        type: 'hero',
        title: text(block.title),
        subtitle: text(block.subtitle),
        image: block.image,
        cta: { text: text(block.cta.text), href: storefrontLink(build, block.cta.url) },
      };
    case 'product-row': {
      const products = block.productIds
        .map((id) => build.content.products.find((p) => p.id === id))
        .filter((p): p is NonNullable<typeof p> => p !== undefined && isOffered(p, build.scope.local))
        .map((p) => productCard(p, build.scope));
      // A row of products this country does not sell says nothing to its shoppers.
      return products.length > 0 ? { type: 'product-row', title: text(block.title), products } : undefined;
    }
    case 'banner':
      if (!programmeLinkRuns(build, block.url)) return undefined;
      return {
        type: 'banner',
        title: text(block.title),
        ...(block.text ? { subtitle: text(block.text) } : {}),
        image: block.image,
        cta: { text: text(block.title), href: storefrontLink(build, block.url) },
      };
    case 'rich-text':
      return {
        type: 'rich-text',
        ...(block.heading ? { title: text(block.heading) } : {}),
        paragraphs: block.paragraphs.map(text),
      };
    case 'faq-list': {
      const category = build.content.faq.categories.find((c) => c.categoryNumber === block.categoryNumber);
      const faqs = (category?.items ?? []).map((item) => ({
        question: text(item.question),
        answer: item.answer.map(text),
      }));
      return { type: 'faq-list', title: text(block.title), faqs };
    }
    case 'countdown':
      return {
        type: 'countdown',
        title: text(block.title),
        ...(block.startsAt ? { startsAt: block.startsAt } : {}),
        endsAt: block.endsAt,
      };
    case 'category-grid': {
      const categories = block.categoryIds
        .map((id) => build.content.categories.find((c) => c.id === id))
        .filter((c): c is NonNullable<typeof c> => c !== undefined)
        .map((c) => ({ id: c.id, name: text(c.name), href: storefrontLink(build, c.path), icon: c.icon }));
      return { type: 'category-grid', title: text(block.title), categories };
    }
    case 'warranty-check':
      return { type: 'warranty-check' };
  }
}

export function contentData(build: StorefrontBuild, page: ContentPage): ContentData {
  return {
    kind: page.kind,
    title: localize(page.title, build.scope.i18n),
    description: localize(page.description, build.scope.i18n),
    blocks: page.blocks
      .map((block) => resolveBlock(build, block))
      .filter((block): block is ResolvedBlock => block !== undefined),
  };
}

/**
 * Pages of the app webviews: event pages are opened from the apps' banners, support pages (warranty, terms, guides,
 * documents) from the apps' support tab; the help tools under /support/ and /universal/ (warranty check) too,
 * whatever their kind. Other content pages (landing and category pages, about us) stay on the web.
 */
const appKinds = new Set(['event', 'support']);
const appPrefixes = ['/support/', '/universal/'];

/** Whether a content page is also built for the apps' webviews. */
export function contentPageInApp(page: Pick<ContentPage, 'kind' | 'path'>): boolean {
  return page.path === '/' || appKinds.has(page.kind) || appPrefixes.some((prefix) => page.path.startsWith(prefix));
}

export function emitContentPages(build: StorefrontBuild, pages: PageEmitter): void {
  for (const page of publishedPages(build)) {
    if (pages.has(page.path)) continue; // a built-in route of the same path (e.g. a support area) wins
    const data = contentData(build, page);
    const isHome = page.path === '/';
    const hero = data.blocks.find((block) => block.image);
    const trail: [string, string][] = isHome ? [] : [[data.title, page.path]];
    pages.emit({
      relativePath: page.path,
      template: page.kind === 'event' ? 'event' : 'content',
      routeId: isHome ? 'home' : `page:${page.path}`,
      title: data.title,
      description: data.description,
      breadcrumbs: breadcrumbs(build, ...trail),
      data,
      app: contentPageInApp(page),
      ogType: page.kind === 'support' ? 'article' : 'website',
      ...(hero?.image ? { image: hero.image, imageAlt: hero.title ?? data.title } : {}),
    });
    if (isHome) {
      // The route table lists /index, /index.html and /web/index as the home too; /index.html is the home's own file.
      for (const alias of ['/index/', '/web/index/']) {
        pages.emit({
          relativePath: alias,
          template: 'content',
          routeId: `home-alias:${alias}`,
          title: data.title,
          description: data.description,
          breadcrumbs: breadcrumbs(build),
          data,
          canonicalRelativePath: '/',
        });
      }
    }
  }
}
