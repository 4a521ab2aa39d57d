import type { Located } from './cross-file-rules';
import type { SnapshotIssue } from './snapshot-error';
import type { FlashSalesSnapshot } from './schemas/flash-sales.schema';
import type { ProductsSnapshot } from './schemas/products.schema';

/**
 * Rules of the flash-sale snapshot the schema cannot say: ids unique; known countries; the sale's versions are the
 * product's, each offered in the sale's country (a won place becomes an order line of it) at a shelf price above the
 * sale price; the sale starts before it ends.
 */
export function flashSalesHold(
  snapshot: Located<FlashSalesSnapshot>,
  products: ProductsSnapshot['products'],
  knownLocals: ReadonlySet<string>,
): SnapshotIssue[] {
  const issues: SnapshotIssue[] = [];
  const byId = new Map(products.map((p) => [p.id, p]));
  const ids = new Set<string>();
  snapshot.data.sales.forEach((sale, i) => {
    const at = (field: string, message: string) =>
      issues.push({ file: snapshot.file, pointer: `/sales/${i}/${field}`, message });
    if (ids.has(sale.id)) at('id', `duplicate flash sale id "${sale.id}"`);
    ids.add(sale.id);
    if (!knownLocals.has(sale.local)) at('local', `unknown country "${sale.local}"`);
    if (!(Date.parse(sale.startsAt) < Date.parse(sale.endsAt))) at('endsAt', 'the sale must end after it starts');
    const product = byId.get(sale.productId);
    if (!product) {
      at('productId', `product "${sale.productId}" is not in the catalogue`);
      return;
    }
    sale.commodityIds.forEach((commodityId, j) => {
      const offer = product.commodities.find((c) => c.commodityId === commodityId)?.offers[sale.local];
      if (!offer)
        at(`commodityIds/${j}`, `"${commodityId}" is not a version of "${product.id}" on sale in ${sale.local}`);
      else if (!(sale.salePrice < offer.salePrice))
        at('salePrice', `the sale price must be below the shelf price of "${commodityId}" (${offer.salePrice})`);
    });
  });
  return issues;
}
