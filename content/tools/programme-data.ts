/**
 * The programme snapshots as the generator writes them, in the shape content/programmes.ts reads: what the
 * header and footer builder asks before it links a programme's page.
 */
import type { ProgrammeData } from '../programmes';
import type { ProductsSnapshot } from '../schemas/products.schema';
import { buildCoupons } from './build-coupons';
import { buildPages } from './build-pages';
import { buildServiceCentres } from './build-service-centres';
import { buildStores } from './build-stores';
import { buildTradeIn } from './build-trade-in';

/** `catalogue` says which phones each country's trade-in programme takes. */
export function programmeData(catalogue: ProductsSnapshot): ProgrammeData {
  return {
    tradeIn: buildTradeIn(catalogue.products).countries,
    stores: buildStores().countries,
    serviceCentres: buildServiceCentres().countries,
    coupons: buildCoupons().coupons,
    pages: Object.values(buildPages()).flatMap((snapshot) => snapshot.pages),
  };
}
