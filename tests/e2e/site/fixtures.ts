/** Expected values for the site tests, computed from the same snapshots and settings the build used. */
import fs from 'node:fs';
import path from 'node:path';
import { formatPrice } from '../../../region-config';
import { getSiteConfig } from '../../../sites';
import type { Product } from '../../../content/schemas/products.schema';

const products = (
  JSON.parse(fs.readFileSync(path.resolve('content/snapshots/catalogue/products.json'), 'utf8')) as {
    products: Product[];
  }
).products;

/** A product offered (and in stock) in the country, with the price string its page must show. */
export function offeredProduct(
  local: string,
  category = 'phones',
): { product: Product; price: string; currency: string } {
  const display = getSiteConfig(local).priceDisplay;
  for (const product of products.filter((p) => p.category === category)) {
    const offers = product.commodities.map((c) => c.offers?.[local]).filter((o) => o !== undefined && o.stock > 0);
    const cheapest = offers.sort((a, b) => (a?.salePrice ?? 0) - (b?.salePrice ?? 0))[0];
    if (cheapest) return { product, price: formatPrice(cheapest.salePrice, display), currency: display.currency };
  }
  throw new Error(`no ${category} product offered in ${local}`);
}

export function faqArticleId(): string {
  const articles = JSON.parse(fs.readFileSync(path.resolve('content/snapshots/support/articles.json'), 'utf8')) as {
    articles: { articleId: string; title: Record<string, string> }[];
  };
  const first = articles.articles[0];
  if (!first) throw new Error('no support article in the snapshot');
  return first.articleId;
}

export function articleTitle(articleId: string, i18n: string): string {
  const articles = JSON.parse(fs.readFileSync(path.resolve('content/snapshots/support/articles.json'), 'utf8')) as {
    articles: { articleId: string; title: Record<string, string> }[];
  };
  const title = articles.articles.find((a) => a.articleId === articleId)?.title;
  return title?.[i18n] ?? title?.en ?? '';
}
