/** Every content type in one type-only import (browser-safe): `import type { Product } from '../content/types'`. */
export type { Localized, EnergyLabel, BundleLabel } from './schemas/common.schema';
export type { Product, ProductCategory, Commodity, Offer, ProductsSnapshot } from './schemas/products.schema';
export type { Category, CategoriesSnapshot } from './schemas/categories.schema';
export type { HeaderFooter, MenuItem, MenuChild, NavProduct, NavGroup } from './schemas/header-footer.schema';
export type { ContentPage, ContentBlock, PagesSnapshot } from './schemas/pages.schema';
export type { FaqSnapshot, FaqCategory, FaqItem } from './schemas/faq.schema';
export type { Article, ArticlesSnapshot } from './schemas/articles.schema';
export type { TranslationCatalogue } from './schemas/translation.schema';
export type { ContentBundle } from './load';
export type { SnapshotKind, Snapshot } from './validate';
export type { SnapshotIssue } from './snapshot-error';
