/**
 * Product copy for the generator, in English: category templates filled with the product's name and headline
 * feature, spec labels, marketing tags and the EU labels' texts. Their translations are in content/copy/<language>.json
 * (copy-texts.ts).
 */
import type { ProductCategory } from '../schemas/products.schema';
import type { SpecKey } from './product-defs';

type Texts = string;

export const taglines: Record<ProductCategory, Texts> = {
  phones: '{headline}. Built for every moment.',
  tvs: '{headline} picture for the whole family',
  wearables: '{headline}, all day long',
  tablets: '{headline} screen for work and play',
  scooters: 'Up to {headline} on a single charge',
  appliances: '{headline} for a cleaner, smarter home',
  accessories: '{headline}, ready when you are',
  refurbished: 'Certified refurbished, {headline} inside',
};

export const descriptions: Record<ProductCategory, Texts> = {
  phones:
    '{name} pairs a {display} display with {camera} and a {battery} battery, so your day never stops at the charger.',
  tvs: '{name} brings {resolution} picture and {connectivity} to your living room.',
  wearables: '{name} keeps up with your routine: {batteryLife} of battery life and {water} water resistance.',
  tablets: '{name} has a {display} display and {processor}, ready for notes, films and games.',
  scooters: '{name} rides up to {range} at {speed} with a {motor} motor. Always follow local traffic rules.',
  appliances: '{name} works quietly in the background and is controlled from the Xiaomi Home app.',
  accessories: '{name}: a dependable companion for your Xiaomi devices.',
  refurbished: '{name} is inspected, repaired where needed and tested by Xiaomi, with a {warranty}-month warranty.',
};

export const specLabels: Record<SpecKey, Texts> = {
  display: 'Display',
  processor: 'Processor',
  camera: 'Main camera',
  battery: 'Battery',
  charging: 'Fast charging',
  weight: 'Weight',
  screen: 'Screen size',
  resolution: 'Resolution',
  refresh: 'Refresh rate',
  range: 'Range',
  speed: 'Top speed',
  motor: 'Motor',
  suction: 'Suction power',
  coverage: 'Coverage',
  batteryLife: 'Battery life',
  water: 'Water resistance',
  connectivity: 'Connectivity',
  output: 'Output',
  capacity: 'Capacity',
};

export const marketingTagTexts: Record<'new' | 'hot' | 'discount', Texts> = {
  new: 'New',
  hot: 'Best seller',
  discount: 'Deal',
};

/** The EU compliance labels' texts (energy label and repairability class, EU regulations 2017/1369 and 2023/1669). */
export const complianceLabelTexts: Record<'bundleTitle' | 'productSheet' | 'repairabilityClass', Texts> = {
  bundleTitle: 'EU energy label',
  productSheet: 'Product information sheet',
  repairabilityClass: 'Repairability class {score}',
};
