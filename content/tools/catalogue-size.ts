/**
 * A catalogue of any size for build benchmarks: `CATALOGUE_SIZE=2000 npx tsx content/tools/generate.ts` writes
 * 2,000 products (the 64 defined ones first, unchanged, then numbered editions of them in turn), so every
 * category, sub-category and country is covered in the same proportions as the real range. Without the
 * variable the snapshots are the committed 64-product catalogue. Restore it with `npx tsx content/tools/generate.ts`.
 */
import { productDefs, type ProductDef } from './product-defs';

/** The size CATALOGUE_SIZE asks for, or the defined range; a bad value is the caller's mistake and stops. */
export function catalogueSize(value = process.env.CATALOGUE_SIZE): number {
  if (value === undefined || value === '') return productDefs.length;
  const size = Number(value);
  if (!Number.isInteger(size) || size < 1 || size > 20_000)
    throw new Error(`CATALOGUE_SIZE must be a whole number from 1 to 20000, not "${value}"`);
  return size;
}

/** One numbered edition of a defined product: its own id, name and image, a slightly different price. */
function edition(def: ProductDef, number: number): ProductDef {
  return {
    ...def,
    id: `${def.id}-e${number}`,
    name: `${def.name} E${number}`,
    eur: Math.round(def.eur * (1 + (number % 7) * 0.03)),
  };
}

/** The product definitions of a catalogue of `size` products. */
export function scaledProductDefs(size = catalogueSize()): ProductDef[] {
  if (size <= productDefs.length) return productDefs.slice(0, size);
  const defs = [...productDefs];
  for (let index = productDefs.length; index < size; index += 1) {
    const base = productDefs[index % productDefs.length] as ProductDef;
    defs.push(edition(base, Math.floor(index / productDefs.length)));
  }
  return defs;
}
