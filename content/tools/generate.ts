/**
 * Regenerates the committed snapshots and images from the sources in content/tools.
 * Run: npx tsx content/tools/generate.ts   (the JSON it writes is the snapshot; review the diff, then commit)
 */
import path from 'node:path';
import { buildCategories, buildProducts, catalogueImages } from './build-catalogue';
import { buildTranslations } from './build-translations';
import { writeJson, writeText } from './write-json';

const root = path.resolve(__dirname, '..');

writeJson(path.join(root, 'snapshots/catalogue/products.json'), buildProducts());
writeJson(path.join(root, 'snapshots/catalogue/categories.json'), buildCategories());
for (const [file, svg] of Object.entries(catalogueImages())) writeText(path.join(root, 'images', file), svg);
for (const [code, strings] of Object.entries(buildTranslations())) writeJson(path.join(root, 'locales', code, 'translation.json'), strings);
console.log('content snapshots written');
