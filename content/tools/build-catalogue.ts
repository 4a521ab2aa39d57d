/** Builds products.json and categories.json data (plus the images they reference) from the definitions. */
import type { CategoriesSnapshot } from '../schemas/categories.schema';
import type { Localized, LocalizedBundleLabel, LocalizedEnergyLabel } from '../schemas/common.schema';
import type { Commodity, Offer, Product, ProductsSnapshot } from '../schemas/products.schema';
import { countryCurrency } from '../storefronts';
import { categoryDefs } from './category-defs';
import { localizedText } from './catalogue-texts';
import { unit } from './hash';
import { scaledProductDefs } from './catalogue-size';
import type { ProductDef, SpecKey } from './product-defs';
import { complianceLabelTexts, descriptions, marketingTagTexts, specLabels, taglines } from './product-texts';
import { copyTemplate, copyText } from './copy-texts';
import { labelCountries, localPrice, shelfPrice } from './prices';
import { durabilitySvg, energyLabelSvg, glyphIconSvg, productSvg } from './svg';

const countries = Object.keys(countryCurrency);
const refurbishedCountries = new Set([
  'de',
  'fr',
  'es',
  'it',
  'uk',
  'nl',
  'pl',
  'be',
  'pt',
  'ie',
  'at',
  'in',
  'id',
  'mx',
  'br',
]);
const noScooters = new Set(['jp', 'kr', 'cn', 'bd', 'lk', 'ng', 'eg', 'in', 'sg']);
const noTvs = new Set(['jp', 'kr', 'us', 'au', 'nz']);
/** EPREL, the EU product registry the energy and repairability labels link to. */
const EPREL_SCREEN = 'https://eprel.ec.europa.eu/screen/product';
const EPREL_PHONES = `${EPREL_SCREEN}/smartphonestablets20231669`;

/** Whether `def` is sold in `local` at all (regulation, range decisions, then a stable random gap). */
function soldIn(def: ProductDef, local: string): boolean {
  if (def.category === 'refurbished') return refurbishedCountries.has(local);
  if (def.category === 'scooters' && noScooters.has(local)) return false;
  if (def.category === 'tvs' && noTvs.has(local)) return false;
  if (def.id === 'xiaomi-tv-max-100') return ['de', 'fr', 'es', 'it', 'uk', 'id', 'th', 'ae', 'sa'].includes(local);
  if (local === 'id' || local === 'de') return true; // the two reference storefronts carry the full range
  return unit(`${def.id}@${local}`) > 0.14;
}

const localized = copyTemplate;

function offerFor(def: ProductDef, commodityIndex: number, firstIndex: number, local: string): Offer {
  const eur = def.eur * (1 + 0.2 * firstIndex);
  const { currency, price: marketPrice } = localPrice(eur, local);
  const discountRoll = unit(`${def.id}#discount@${local}`);
  // About a third of offers carry no discount: the build then shows one price (salePrice == marketPrice).
  const discount = discountRoll < 0.35 ? 0 : 0.05 + Math.round(discountRoll * 4) * 0.05;
  let salePrice = discount === 0 ? marketPrice : Number(shelfPrice(marketPrice * (1 - discount), currency).toFixed(2));
  if (salePrice >= marketPrice || salePrice <= 0) salePrice = marketPrice;
  const stockRoll = unit(`${def.id}#${commodityIndex}#stock@${local}`);
  const stock = stockRoll < 0.08 ? 0 : 5 + Math.floor(stockRoll * 400);
  return { currency, salePrice, marketPrice, stock };
}

function energyLabel(def: ProductDef): LocalizedEnergyLabel {
  const rating =
    def.category === 'tvs'
      ? ('EFG'[Math.floor(unit(`${def.id}#energy`) * 3)] ?? 'F')
      : ('ABC'[Math.floor(unit(`${def.id}#energy`) * 3)] ?? 'B');
  const eprel = 1_000_000 + Math.floor(unit(`${def.id}#eprel`) * 8_999_999);
  const registry = def.category === 'tvs' ? 'electronicdisplays' : 'householdappliances';
  return {
    energy_image: `/images/labels/energy-${rating}.svg`,
    energy_info: `https://eprel.ec.europa.eu/qr/${eprel}`,
    product_energy: localized(complianceLabelTexts.productSheet, {}),
    product_energy_info: `${EPREL_SCREEN}/${registry}/${eprel}`,
    description: rating,
  };
}

function bundleLabel(def: ProductDef): LocalizedBundleLabel {
  const rating = 'AB'[Math.floor(unit(`${def.id}#bundle`) * 2)] ?? 'A';
  const score = 'ABC'[Math.floor(unit(`${def.id}#repair`) * 3)] ?? 'B';
  const eprel = 2_000_000 + Math.floor(unit(`${def.id}#eprel`) * 7_999_999);
  return {
    title: localized(complianceLabelTexts.bundleTitle, {}),
    energy: {
      energy_image: `/images/labels/energy-${rating}.svg`,
      energy_info: `https://eprel.ec.europa.eu/qr/${eprel}`,
      product_energy: localized(complianceLabelTexts.productSheet, {}),
      product_energy_info: `${EPREL_PHONES}/${eprel}`,
      description: rating,
    },
    durability: {
      durability_score_img: `/images/labels/repairability-${score}.svg`,
      durability_score_doc: `${EPREL_PHONES}/${eprel}?tab=repairability`,
      description: localized(complianceLabelTexts.repairabilityClass, { score }),
    },
  };
}

/**
 * A spec value or headline with an ordinary word ("1000W peak", "20 h cordless", "15 days", "13 L/day", "open-ear") is
 * translated
 * like a colour name; chip, camera and panel names ("Snapdragon 8 Elite", "6.67\" 2K Flow AMOLED"), sizes and codes
 * ("55dB ANC", "IP67") are brand names or units and read the same everywhere.
 */
const hasOrdinaryWord = (value: string) =>
  /(^|[\s,/-])[a-z]{3,}\b/.test(value.replace(/\b(mAh|nits|km\/h|min)\b/g, ''));

/** A spec value as the product templates fill it in: in every language when it has an ordinary word. */
const templateValue = (value: string): string | Localized => (hasOrdinaryWord(value) ? copyText(value) : value);

/**
 * Colour and edition names are shown in the shopper's language (content/i18n/spec-values.ts reads their translations
 * from the copy catalogues); sizes, capacities and plug types written with digits and units read the same everywhere.
 */
function registerSpecValues(def: ProductDef): void {
  for (const colour of def.colours) copyText(colour);
  for (const first of def.first) if (/[a-z]{2}/.test(first.replace(/\d+(GB|TB|mAh|mm|W|L)\b/g, ''))) copyText(first);
  for (const value of Object.values(def.specs)) if (hasOrdinaryWord(value)) copyText(value);
}

/** Commodity ids are assigned in catalogue order from a fixed base so they stay stable between runs. */
function buildProduct(def: ProductDef, idCounter: { next: number }): Product {
  registerSpecValues(def);
  const combos = def.first
    .flatMap((first, firstIndex) => def.colours.map((colour) => ({ first, firstIndex, colour })))
    .slice(0, 4);
  const available = countries.filter((local) => soldIn(def, local));
  const commodities: Commodity[] = combos.map(({ first, firstIndex, colour }, index) => {
    const n = idCounter.next++;
    // Not every variant reaches every country; the first one always does.
    const markets = available.filter((local) => index === 0 || unit(`${def.id}#${index}#market@${local}`) > 0.12);
    return {
      commodityId: String(10_000 + n),
      goodsId: String(20_000 + n),
      firstSpecValue: first,
      secondSpecValue: colour,
      offers: Object.fromEntries(markets.map((local) => [local, offerFor(def, index, firstIndex, local)])),
    };
  });
  const specValues = Object.fromEntries(Object.entries(def.specs).map(([key, value]) => [key, templateValue(value)]));
  const values = {
    ...specValues,
    name: def.name,
    headline: templateValue(def.headline),
    warranty: String(def.refurbished?.warrantyMonths ?? 12),
  };
  const needsEnergy =
    (def.category === 'tvs' && def.sub === 'smart-tvs') || (def.category === 'appliances' && def.sub !== 'kitchen');
  const needsBundle = def.category === 'phones' || def.category === 'tablets' || def.category === 'refurbished';
  const product: Product = {
    id: def.id,
    category: def.category,
    subCategory: def.sub,
    name: def.name,
    tagline: localized(taglines[def.category], values),
    description: localized(descriptions[def.category], values),
    image: `/images/products/${def.id}.svg`,
    ...(def.tag ? { marketingTag: { subtype: def.tag, text: localized(marketingTagTexts[def.tag], {}) } } : {}),
    specs: (Object.entries(def.specs) as [SpecKey, string][]).map(([key, value]) => ({
      label: localized(specLabels[key], {}),
      value,
    })),
    commodities,
    ...(needsEnergy ? { energyInfo: energyLabel(def) } : {}),
    ...(needsBundle ? { bundleLabels: [bundleLabel(def)] } : {}),
    ...(needsEnergy || needsBundle ? { labelCountries: [...labelCountries] } : {}),
    ...(def.refurbished ? { refurbished: def.refurbished } : {}),
    purchaseLimit:
      def.category === 'accessories' ? 10 : def.category === 'phones' || def.category === 'refurbished' ? 2 : 5,
  };
  return product;
}

/** The catalogue: the defined products, or CATALOGUE_SIZE of them (content/tools/catalogue-size.ts). */
export function buildProducts(defs: ProductDef[] = scaledProductDefs()): ProductsSnapshot {
  const idCounter = { next: 1 };
  return { products: defs.map((def) => buildProduct(def, idCounter)) };
}

export function buildCategories(): CategoriesSnapshot {
  return {
    categories: categoryDefs.map((def) => ({
      id: def.id,
      name: localizedText(`category.${def.id}`),
      path: `/product-list/${def.id}/`,
      icon: `/images/categories/${def.id}.svg`,
      subcategories: def.subs.map((sub) => ({
        id: sub.id,
        name: localizedText(`category.${def.id}.${sub.id}`),
        path: `/product-list/${def.id}/${sub.id}/`,
      })),
    })),
  };
}

/** Image files (path under content/images → SVG text) the catalogue references. */
export function catalogueImages(defs: ProductDef[] = scaledProductDefs()): Record<string, string> {
  const files: Record<string, string> = {};
  for (const def of defs)
    files[`products/${def.id}.svg`] = productSvg(def.name, def.category, def.colours[0] ?? 'Black');
  // The gift card is sold from the voucher page (sites/gift-cards.ts), not from the catalogue.
  files['products/gift-card.svg'] = glyphIconSvg('Xiaomi Gift Card', 'Gift', '#ff6900');
  for (const rating of 'ABCDEFG') files[`labels/energy-${rating}.svg`] = energyLabelSvg(rating);
  for (const score of 'ABCDE') files[`labels/repairability-${score}.svg`] = durabilitySvg(`Repair ${score}`);
  const glyphs: Record<string, string> = {
    phones: 'Ph',
    tvs: 'TV',
    wearables: 'W',
    tablets: 'Tb',
    scooters: 'Sc',
    appliances: 'Ap',
    accessories: 'Ac',
    refurbished: 'Rf',
  };
  for (const def of categoryDefs)
    files[`categories/${def.id}.svg`] = glyphIconSvg(
      localizedText(`category.${def.id}`).en,
      glyphs[def.id] ?? '?',
      '#ff6900',
    );
  return files;
}
