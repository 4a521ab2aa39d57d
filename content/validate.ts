/**
 * Validates one parsed snapshot against the JSON Schema of its kind (ajv, all errors collected) and turns
 * ajv's errors into file + JSON pointer + reason. Node and browser safe (no fs).
 */
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { articlesSchema, type ArticlesSnapshot } from './schemas/articles.schema';
import { categoriesSchema, type CategoriesSnapshot } from './schemas/categories.schema';
import { couponsSchema, type CouponsSnapshot } from './schemas/coupons.schema';
import { fcodesSchema, type FcodesSnapshot } from './schemas/fcodes.schema';
import { tradeInSchema, type TradeInSnapshot } from './schemas/trade-in.schema';
import { presalesSchema, type PresalesSnapshot } from './schemas/presales.schema';
import { flashSalesSchema, type FlashSalesSnapshot } from './schemas/flash-sales.schema';
import { serviceCentresSchema, type ServiceCentresSnapshot } from './schemas/service-centres.schema';
import { storesSchema, type StoresSnapshot } from './schemas/stores.schema';
import { reviewsSchema, type ReviewsSnapshot } from './schemas/reviews.schema';
import { faqSchema, type FaqSnapshot } from './schemas/faq.schema';
import { headerFooterSchema, type HeaderFooter } from './schemas/header-footer.schema';
import { legalDocumentSchema, type LegalDocument } from './schemas/legal-document.schema';
import { pagesSchema, type PagesSnapshot } from './schemas/pages.schema';
import { productsSchema, type ProductsSnapshot } from './schemas/products.schema';
import { translationSchema, type TranslationCatalogue } from './schemas/translation.schema';
import { SnapshotError, type SnapshotIssue } from './snapshot-error';

/** The parsed type of each snapshot kind. */
export interface SnapshotTypes {
  products: ProductsSnapshot;
  categories: CategoriesSnapshot;
  coupons: CouponsSnapshot;
  fcodes: FcodesSnapshot;
  'trade-in': TradeInSnapshot;
  presales: PresalesSnapshot;
  'flash-sales': FlashSalesSnapshot;
  'service-centres': ServiceCentresSnapshot;
  stores: StoresSnapshot;
  reviews: ReviewsSnapshot;
  'header-footer': HeaderFooter;
  pages: PagesSnapshot;
  faq: FaqSnapshot;
  articles: ArticlesSnapshot;
  translation: TranslationCatalogue;
  'legal-document': LegalDocument;
}
export type SnapshotKind = keyof SnapshotTypes;
export type Snapshot<K extends SnapshotKind> = SnapshotTypes[K];

export const snapshotSchemas = {
  products: productsSchema,
  categories: categoriesSchema,
  coupons: couponsSchema,
  fcodes: fcodesSchema,
  'trade-in': tradeInSchema,
  presales: presalesSchema,
  'flash-sales': flashSalesSchema,
  'service-centres': serviceCentresSchema,
  stores: storesSchema,
  reviews: reviewsSchema,
  'header-footer': headerFooterSchema,
  pages: pagesSchema,
  faq: faqSchema,
  articles: articlesSchema,
  translation: translationSchema,
  'legal-document': legalDocumentSchema,
} as const satisfies Record<SnapshotKind, object>;

export const snapshotKinds = Object.keys(snapshotSchemas) as SnapshotKind[];

// verbose: errors carry the offending value, so reasons can say "got …".
// `en` is both a named property and matches the language pattern of Localized, on purpose.
const ajv = new Ajv({
  allErrors: true,
  verbose: true,
  discriminator: true,
  allowMatchingProperties: true,
  strict: true,
});
addFormats(ajv);
const compiled = new Map<SnapshotKind, ValidateFunction>();

function validatorFor(kind: SnapshotKind): ValidateFunction {
  let validate = compiled.get(kind);
  if (!validate) {
    validate = ajv.compile(snapshotSchemas[kind]);
    compiled.set(kind, validate);
  }
  return validate;
}

/**
 * Checks `data` against the schema of `kind`; returns it typed, or throws SnapshotError naming `file`,
 * the JSON pointer of the first problem and the reason.
 * @example validateSnapshot('faq', 'content/snapshots/support/faq.json', JSON.parse(text))
 */
export function validateSnapshot<K extends SnapshotKind>(kind: K, file: string, data: unknown): Snapshot<K> {
  const issues = schemaIssues(kind, file, data);
  if (issues.length > 0) throw new SnapshotError(issues);
  return data as Snapshot<K>;
}

/** The schema problems of one snapshot, most specific first; [] when it is valid. */
export function schemaIssues(kind: SnapshotKind, file: string, data: unknown): SnapshotIssue[] {
  const validate = validatorFor(kind);
  if (validate(data)) return [];
  const errors = validate.errors ?? [];
  // oneOf/anyOf summarise their branches' errors; the branch errors say more, so they go first.
  const summary = new Set(['oneOf', 'anyOf', 'if']);
  const ordered = [...errors.filter((e) => !summary.has(e.keyword)), ...errors.filter((e) => summary.has(e.keyword))];
  return ordered.map((error) => ({ file, pointer: pointerOf(error), message: reasonOf(error) }));
}

function pointerOf(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required') return `${error.instancePath}/${escapePointer(String(params['missingProperty']))}`;
  if (error.keyword === 'additionalProperties')
    return `${error.instancePath}/${escapePointer(String(params['additionalProperty']))}`;
  return error.instancePath;
}

function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

function reasonOf(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return 'required property is missing';
    case 'additionalProperties':
      return 'unknown property (not allowed by the schema)';
    case 'enum':
      return (
        `must be one of ${(params['allowedValues'] as unknown[]).map((v) => JSON.stringify(v)).join(', ')}, ` +
        `got ${JSON.stringify(error.data)}`
      );
    case 'const':
      return `must be ${JSON.stringify(params['allowedValue'])}, got ${JSON.stringify(error.data)}`;
    case 'type':
      return `must be ${String(params['type'])}, got ${describeType(error.data)}`;
    case 'pattern':
      return `${JSON.stringify(error.data)} does not match the pattern ${String(params['pattern'])}`;
    case 'format':
      return `${JSON.stringify(error.data)} is not a valid ${String(params['format'])}`;
    case 'discriminator':
      return `block type ${JSON.stringify(params['tagValue'] ?? null)} is unknown or missing`;
    default:
      return error.message ?? `fails "${error.keyword}"`;
  }
}

function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}
