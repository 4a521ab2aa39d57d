/**
 * Everything the page builders of one storefront share, and `emit`, which turns a page description into
 * Gatsby pages (the web page plus its native-app variants) and records it for the sitemap and client routes.
 */
import path from 'node:path';
import type { Storefront } from '../../region-config';
import type {
  AppMode,
  Breadcrumb,
  PageContext,
  PageRef,
  SeoContext,
  StorefrontContext,
  TemplateName,
} from '../../src/page-context';
import type { CatalogueScope } from './catalogue-views';
import type { ContentBundle } from './content-bundle';
import type { StorefrontRecorder } from './render/page-records';
import type { Translate } from '../../src/components/translate';
import { buildSeo } from './seo';

export interface StorefrontBuild {
  storefront: Storefront;
  context: StorefrontContext;
  scope: CatalogueScope;
  content: ContentBundle;
  /** The storefront's catalogue (plural-aware, `{{name}}` placeholders); a key no catalogue has stops the build. */
  t: Translate;
}

export interface PageSpec<Data> {
  relativePath: string; // below the prefix, with slashes: '/', '/cart/'
  template: TemplateName;
  routeId: string;
  title: string;
  description: string;
  breadcrumbs: Breadcrumb[];
  data: Data;
  noindex?: boolean;
  canonicalRelativePath?: string;
  /** Also emit {prefix}/app/… and {prefix}/ios/… for the apps' webviews. */
  app?: boolean;
  image?: string;
  imageAlt?: string;
  ogType?: SeoContext['ogType'];
  jsonLd?: object[];
  /** Which footer: reduced = the footer of payment pages (payment terms and regulator logo). */
  shell?: 'full' | 'reduced';
  clientRoutes?: string[];
}

/** One createPage call: Gatsby keeps only the page's PageRef, the storefront's record holds the rest. */
export interface GatsbyPage {
  path: string;
  component: string;
  context: PageRef;
}

export interface EmitResult {
  pages: number;
  /** Storefront-relative paths of the indexable canonical pages: what the sitemaps list and hreflang clusters hold. */
  indexable: string[];
  clientRoutes: { pattern: string; page: string }[];
}

const templatePath = (template: TemplateName): string => path.resolve(`src/templates/${template}.tsx`);

/**
 * Creates pages for one storefront and remembers what the post-build step needs about them. Gatsby gets a
 * PageRef per page; the full context goes to the storefront's record, which the HTML renderer reads.
 */
export class PageEmitter {
  readonly result: EmitResult = { pages: 0, indexable: [], clientRoutes: [] };
  private readonly seen = new Set<string>();
  /** Aliases search engines may see (no noindex), checked against their targets by verify(). */
  private readonly aliases: { relativePath: string; target: string }[] = [];

  constructor(
    private readonly build: StorefrontBuild,
    private readonly createPage: (page: GatsbyPage) => void,
    /** Absent when the pages are only replayed to learn which exist (page-inventory.ts). */
    private readonly recorder?: StorefrontRecorder,
  ) {}

  /** True when the path is already taken by an earlier page of this storefront. */
  has(relativePath: string): boolean {
    return this.seen.has(relativePath);
  }

  emit<Data>(spec: PageSpec<Data>): void {
    if (this.seen.has(spec.relativePath))
      throw new Error(`Two pages claim ${this.build.context.home}${spec.relativePath.slice(1)} (${spec.routeId})`);
    this.seen.add(spec.relativePath);
    const { context } = this.build;
    const seo = buildSeo({
      storefront: context,
      relativePath: spec.relativePath,
      title: spec.title,
      description: spec.description,
      descriptionFiller: this.build.t('seo.descriptionFiller', { site: context.siteName }),
      breadcrumbs: spec.breadcrumbs,
      ...(spec.noindex !== undefined ? { noindex: spec.noindex } : {}),
      ...(spec.canonicalRelativePath !== undefined ? { canonicalRelativePath: spec.canonicalRelativePath } : {}),
      ...(spec.image !== undefined ? { image: spec.image } : {}),
      ...(spec.imageAlt !== undefined ? { imageAlt: spec.imageAlt } : {}),
      ...(spec.ogType !== undefined ? { ogType: spec.ogType } : {}),
      ...(spec.jsonLd !== undefined ? { jsonLd: spec.jsonLd } : {}),
    });
    const webPath = `/${context.urlLocal}${spec.relativePath}`;
    this.createOne(spec, webPath, 'web', seo);
    if (spec.app) {
      for (const mode of ['app', 'ios'] as const) {
        // App pages live inside the apps; crawlers get the web page.
        this.createOne(spec, `/${context.urlLocal}/${mode}${spec.relativePath}`, mode, { ...seo, noindex: true });
      }
    }
    if (!spec.noindex) {
      if (spec.canonicalRelativePath === undefined) this.result.indexable.push(spec.relativePath);
      else this.aliases.push({ relativePath: spec.relativePath, target: spec.canonicalRelativePath });
    }
    for (const pattern of spec.clientRoutes ?? []) {
      this.result.clientRoutes.push({ pattern: `/${context.urlLocal}${pattern}`, page: webPath });
      // The app webviews keep their own variant of the page (/id/app/payment-result/{id} → /id/app/payment-result/).
      if (spec.app) {
        for (const mode of ['app', 'ios'] as const) {
          this.result.clientRoutes.push({
            pattern: `/${context.urlLocal}/${mode}${pattern}`,
            page: `/${context.urlLocal}/${mode}${spec.relativePath}`,
          });
        }
      }
    }
  }

  /**
   * Throws when an alias without noindex names a page that is not indexable: search engines would then index the
   * alias itself. Call after the last page of the storefront, since aliases may come before their target.
   */
  verify(): void {
    const indexable = new Set(this.result.indexable);
    const broken = this.aliases.filter((alias) => !indexable.has(alias.target));
    if (broken.length > 0) {
      const list = broken
        .slice(0, 5)
        .map((alias) => `${alias.relativePath} → ${alias.target}`)
        .join(', ');
      throw new Error(
        `${this.build.context.urlLocal}: ${broken.length} indexable alias(es) name a canonical page that ` +
          `is not indexable: ${list}`,
      );
    }
  }

  private createOne<Data>(spec: PageSpec<Data>, pagePath: string, app: AppMode, seo: SeoContext): void {
    const { context } = this.build;
    const pageContext: PageContext<Data> = {
      template: spec.template,
      routeId: spec.routeId,
      pagePath,
      app,
      storefront: context,
      breadcrumbs: spec.breadcrumbs,
      seo,
      data: spec.data,
    };
    const component = templatePath(spec.template);
    if (this.recorder) {
      const ref = this.recorder.add(pageContext as PageContext, spec.shell === 'reduced' ? 'reduced' : 'full');
      this.createPage({ path: pagePath, component, context: ref });
    }
    this.result.pages += 1;
  }
}

/** Home → … breadcrumbs; `trail` holds [name, relativePath] pairs below the home. */
export function breadcrumbs(build: StorefrontBuild, ...trail: [string, string][]): Breadcrumb[] {
  const home = { name: build.t('breadcrumb.home'), path: build.context.home };
  return [home, ...trail.map(([name, relativePath]) => ({ name, path: `/${build.context.urlLocal}${relativePath}` }))];
}
