/** Support pages: index and areas, support search, FAQ lists and details, articles. */
import { localize } from '../../../content/localize';
import type { Article } from '../../../content/schemas/articles.schema';
import type {
  ArticleData,
  ArticleSummary,
  FaqCategoryView,
  FaqData,
  FaqDetailData,
  SupportData,
} from '../../../src/template-data';
import { faqPageJsonLd } from '../seo';
import { supportAreas, type FixedRoute } from '../route-table';
import { breadcrumbs, type PageEmitter, type StorefrontBuild } from '../storefront-build';

function faqCategories(build: StorefrontBuild): FaqCategoryView[] {
  const text = (value: Parameters<typeof localize>[0]) => localize(value, build.scope.i18n);
  return build.content.faq.categories.map((category) => ({
    categoryNumber: category.categoryNumber,
    title: text(category.title),
    items: category.items.map((item) => ({
      id: item.id,
      index: item.index,
      question: text(item.question),
      answer: item.answer.map(text),
    })),
  }));
}

function articleSummary(build: StorefrontBuild, article: Article): ArticleSummary {
  return {
    articleId: article.articleId,
    title: localize(article.title, build.scope.i18n),
    summary: localize(article.summary, build.scope.i18n),
    href: `${build.context.home}support/article/${article.articleId}/`,
    updatedAt: article.updatedAt,
  };
}

export function emitSupportPages(build: StorefrontBuild, pages: PageEmitter, routes: Map<string, FixedRoute>): void {
  const categories = faqCategories(build);
  const home = build.context.home;
  const supportTitle = build.t('page.support.title');
  const faqTitle = build.t('page.faq.title');
  const categoryLinks = categories.map((c) => ({
    categoryNumber: c.categoryNumber,
    title: c.title,
    href: `${home}support/faq/${c.categoryNumber}/1/`,
    count: c.items.length,
  }));
  const supportCrumb: [string, string] = [supportTitle, '/support/'];

  // The co storefront shows its regulator's logo link on the support page (from its footer data).
  const regulator = build.content.headerFooters[build.context.urlLocal]?.footer.regulator;
  const supportPage = (
    relativePath: string,
    routeId: string,
    area: string,
    title: string,
    description: string,
    articles: Article[],
    extra: Partial<SupportData> = {},
    app = routes.get(routeId)?.app ?? false,
  ) =>
    pages.emit<SupportData>({
      relativePath,
      template: 'support',
      routeId,
      title,
      description,
      breadcrumbs:
        relativePath === '/support/'
          ? breadcrumbs(build, supportCrumb)
          : breadcrumbs(build, supportCrumb, [title, relativePath]),
      data: {
        area,
        title,
        categories: categoryLinks,
        articles: articles.map((a) => articleSummary(build, a)),
        ...(regulator ? { regulator } : {}),
        ...extra,
      },
      app,
      ...(routes.get(routeId)?.clientRoutes ? { clientRoutes: routes.get(routeId)?.clientRoutes ?? [] } : {}),
    });

  const fixed = (id: string) => routes.get(id);
  for (const id of ['support', 'service-support', 'support-search']) {
    const route = fixed(id);
    if (!route) continue;
    const articles =
      id === 'service-support'
        ? build.content.articles.filter((a) => a.category === 'after-sales')
        : build.content.articles;
    supportPage(
      `${route.path}/`,
      id,
      id === 'support-search' ? 'search' : 'support',
      build.t(`page.${id}.title`),
      build.t(`page.${id}.description`),
      articles,
      id === 'support-search' ? { searchKey: '' } : {},
    );
  }
  // The sub-areas go where the support index goes.
  const areasInApp = fixed('support')?.app ?? false;
  for (const area of supportAreas) {
    const title = build.t(`support.area.${area}`);
    supportPage(
      `/support/${area}/`,
      `support-area`,
      area,
      `${title} | ${supportTitle}`,
      `${supportTitle}: ${title}.`,
      build.content.articles.filter((a) => a.category === area),
      {},
      areasInApp,
    );
  }

  const faqDescription = build.t('page.faq.description');
  const faqCrumb: [string, string] = [faqTitle, '/support/faq/'];
  const allItems = categories.flatMap((c) => c.items);
  pages.emit<FaqData>({
    relativePath: '/support/faq/',
    template: 'faq',
    routeId: 'faq',
    title: faqTitle,
    description: faqDescription,
    breadcrumbs: breadcrumbs(build, supportCrumb, faqCrumb),
    data: { categories },
    app: true,
    jsonLd: [faqPageJsonLd(allItems)],
  });
  pages.emit<FaqData>({
    relativePath: '/support/faqs/',
    template: 'faq',
    routeId: 'faqs',
    title: faqTitle,
    description: faqDescription,
    breadcrumbs: breadcrumbs(build, supportCrumb, faqCrumb),
    data: { categories },
    canonicalRelativePath: '/support/faq/',
  });
  for (const category of categories) {
    for (const item of category.items) {
      const path = `/support/faq/${category.categoryNumber}/${item.index}/`;
      pages.emit<FaqData>({
        relativePath: path,
        template: 'faq',
        routeId: 'faq-item',
        title: `${item.question} | ${category.title}`,
        description: item.answer[0] ?? item.question,
        breadcrumbs: breadcrumbs(build, supportCrumb, faqCrumb, [
          category.title,
          `/support/faq/${category.categoryNumber}/1/`,
        ]),
        data: { categories, selected: { categoryNumber: category.categoryNumber, index: item.index } },
        app: true,
        canonicalRelativePath: `/support/faq/details/${item.id}/`,
        jsonLd: [faqPageJsonLd([item])],
      });
      pages.emit<FaqDetailData>({
        relativePath: `/support/faq/details/${item.id}/`,
        template: 'faq-detail',
        routeId: 'faq-detail',
        title: item.question,
        description: item.answer[0] ?? item.question,
        breadcrumbs: breadcrumbs(build, supportCrumb, faqCrumb, [item.question, `/support/faq/details/${item.id}/`]),
        data: {
          category: {
            categoryNumber: category.categoryNumber,
            title: category.title,
            href: `${home}support/faq/${category.categoryNumber}/1/`,
          },
          item,
          related: category.items.filter((other) => other.id !== item.id).slice(0, 5),
        },
        app: true,
        ogType: 'article',
        jsonLd: [faqPageJsonLd([item])],
      });
    }
  }

  for (const article of build.content.articles) {
    const summary = articleSummary(build, article);
    const path = `/support/article/${article.articleId}/`;
    pages.emit<ArticleData>({
      relativePath: path,
      template: 'article',
      routeId: 'article',
      title: summary.title,
      description: summary.summary,
      breadcrumbs: breadcrumbs(build, supportCrumb, [summary.title, path]),
      data: {
        article: {
          ...summary,
          body: article.body.map((p) => localize(p, build.scope.i18n)),
          category: article.category,
        },
      },
      app: true,
      ogType: 'article',
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'Article',
          headline: summary.title,
          description: summary.summary,
          dateModified: article.updatedAt,
          inLanguage: build.context.lang,
        },
      ],
    });
  }
}
