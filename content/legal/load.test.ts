import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { documentFor, legalGap, legalGaps, loadLegalDocuments } from './load';
import { LEGAL_DOCUMENTS } from '../schemas/legal-document.schema';

const ROOT = path.resolve('content/legal');
const english = (id: string) => JSON.parse(fs.readFileSync(path.join(ROOT, id, 'en.json'), 'utf8'));
const storeCookies = Object.keys(english('cookie-policy').cookies.purposes) as string[];
let temp: string | undefined;

/** A copy of the committed documents, with `change` applied to one file. */
function withChange(id: string, language: string, change: (doc: Record<string, any>) => void): string {
  temp = fs.mkdtempSync(path.join(os.tmpdir(), 'legal-'));
  fs.cpSync(ROOT, temp, { recursive: true, filter: (src) => !src.endsWith('.ts') });
  const file = path.join(temp, id, `${language}.json`);
  const doc = JSON.parse(fs.readFileSync(file, 'utf8'));
  change(doc);
  fs.writeFileSync(file, JSON.stringify(doc));
  return temp;
}

afterEach(() => {
  if (temp) fs.rmSync(temp, { recursive: true, force: true });
  temp = undefined;
});

describe('legal documents', () => {
  it('the committed documents load, current and complete in every storefront language', () => {
    const library = loadLegalDocuments(ROOT, { cookies: storeCookies });
    const languages = fs.readdirSync(path.resolve('content/locales'));
    expect(languages).toHaveLength(34);
    expect(legalGaps(library, languages)).toEqual([]);
    for (const id of LEGAL_DOCUMENTS) expect(legalGap(library, id, 'de'), id).toBeNull();
    // A language no translator has started shows English for every document.
    expect(legalGaps(library, ['xx']).map((g) => g.gap)).toEqual(LEGAL_DOCUMENTS.map(() => 'missing'));
  });

  it('a bad document stops the load naming the file, the field and the reason', () => {
    const root = withChange('terms-of-sale', 'de', (doc) => {
      doc.effectiveDate = '1. Dezember';
    });
    expect(() => loadLegalDocuments(root, { cookies: storeCookies })).toThrow(
      /terms-of-sale\/de\.json \/effectiveDate: "1\. Dezember" is not a valid date/,
    );
  });

  it('refuses a translation that keeps an English paragraph', () => {
    const root = withChange('warranty', 'de', (doc) => {
      doc.sections[1].body[0] = english('warranty').sections[1].body[0];
    });
    expect(() => loadLegalDocuments(root, { cookies: storeCookies })).toThrow(
      /warranty\/de\.json \/sections\/1\/body\/0: is the English text, not a translation/,
    );
  });

  it('refuses a placeholder no country fills', () => {
    const root = withChange('privacy-policy', 'en', (doc) => {
      doc.sections[0].body[0] = 'Sold by {{seller.nmae}}.';
    });
    expect(() => loadLegalDocuments(root, { cookies: storeCookies })).toThrow(
      /privacy-policy\/en\.json \/sections\/0\/body\/0: unknown placeholder \{\{seller\.nmae\}\}/,
    );
  });

  it('refuses a cookie the English policy does not explain, and a purpose for a cookie the store does not set', () => {
    expect(() => loadLegalDocuments(ROOT, { cookies: [...storeCookies, 'new_cookie'] })).toThrow(
      /cookie-policy\/en\.json \/cookies\/purposes\/new_cookie: the cookie "new_cookie" has no purpose/,
    );
    expect(() => loadLegalDocuments(ROOT, { cookies: storeCookies.slice(1) })).toThrow(/is no cookie of the store/);
  });

  it('refuses a translation of the current version whose sections or placeholders differ from English', () => {
    const sections = withChange('warranty', 'id', (doc) => {
      doc.sections.pop();
    });
    expect(() => loadLegalDocuments(sections, { cookies: storeCookies })).toThrow(
      /warranty\/id\.json \/sections: sections \(ids, parts, table\) differ from English/,
    );
    fs.rmSync(sections, { recursive: true });
    const placeholders = withChange('warranty', 'id', (doc) => {
      doc.sections[1].body[0] = 'Perangkat baru dilindungi selama 24 bulan.';
    });
    expect(() => loadLegalDocuments(placeholders, { cookies: storeCookies })).toThrow(/placeholders differ/);
  });

  it('shows English while a translation is of an older version or misses a cookie', () => {
    const outdated = withChange('terms-of-sale', 'de', (doc) => {
      doc.version = '0.9';
    });
    const library = loadLegalDocuments(outdated, { cookies: storeCookies });
    expect(legalGap(library, 'terms-of-sale', 'de')).toBe('outdated');
    expect(documentFor(library, 'terms-of-sale', 'de').language).toBe('en');
    fs.rmSync(outdated, { recursive: true });
    const incomplete = withChange('cookie-policy', 'de', (doc) => {
      delete doc.cookies.purposes.lang;
    });
    const second = loadLegalDocuments(incomplete, { cookies: storeCookies });
    expect(legalGap(second, 'cookie-policy', 'de')).toBe('incomplete');
    expect(documentFor(second, 'cookie-policy', 'de').language).toBe('en');
  });
});
