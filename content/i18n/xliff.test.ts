import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { requiredCatalogues } from '../storefronts';
import { readLanguage, writeLanguage } from './catalogue-files';
import { copySources } from './copy-check';
import { exportXliff, importXliff } from './xliff';

const contentRoot = path.resolve(__dirname, '..');

describe('XLIFF 2.0 export and import', () => {
  // A copy of the catalogues to import into: the test never writes the project's files.
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-xliff-'));
  fs.cpSync(path.join(contentRoot, 'locales'), path.join(root, 'locales'), { recursive: true });
  fs.cpSync(path.join(contentRoot, 'copy'), path.join(root, 'copy'), { recursive: true });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it.each(requiredCatalogues.filter((code) => code !== 'en'))(
    '%s: exporting and importing back changes nothing',
    (lang) => {
      const before = readLanguage(lang, root);
      const xml = exportXliff(lang, readLanguage('en', root), before, copySources());
      expect(xml).toMatch(
        /^<\?xml version="1.0" encoding="UTF-8"\?>\n<xliff xmlns="urn:oasis:names:tc:xliff:document:2\.0" version="2\.0" srcLang="en"/,
      );
      const imported = importXliff(xml);
      expect(imported.lang).toBe(lang);
      writeLanguage(lang, { ui: {}, copy: {} }, root); // nothing left of the language but what the document brings back
      writeLanguage(lang, imported.texts, root);
      expect(readLanguage(lang, root)).toEqual(before);
    },
  );

  it('carries every English text as a unit, untranslated ones as initial, and survives markup characters', () => {
    const xml = exportXliff(
      'xx',
      {
        ui: {
          'cart.title': 'Cart & <more>',
          'cart.items_one': '{{count}} item',
          'cart.items_other': '{{count}} items',
        },
        copy: {},
      },
      { ui: { 'cart.title': 'Korb & <mehr>' }, copy: { 'Shop "now"': 'Jetzt "kaufen"' } },
      ['Shop "now"', 'Learn more'],
    );
    expect(xml.match(/<unit /g)).toHaveLength(5);
    expect(xml).toContain('<source>Cart &amp; &lt;more&gt;</source>');
    expect(xml.match(/state="initial"/g)).toHaveLength(3);
    expect(importXliff(xml).texts).toEqual({
      ui: { 'cart.title': 'Korb & <mehr>' },
      copy: { 'Shop "now"': 'Jetzt "kaufen"' },
    });
  });
});
