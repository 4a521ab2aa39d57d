import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COOKIE } from '../../../server/auth/cookies';
import { SESSION_DAYS, TRUSTED_DEVICE_DAYS } from '../../../server/repositories/users';
import { SIGN_IN_LINK_MINUTES } from '../../../server/repositories/account-tokens';
import { COOKIE_CATEGORY } from '../../../widgets/consent-gate/cookie-names';
import { SERVER_COOKIES, cookieRegister } from '../../../widgets/consent-gate/cookie-register';
import { LEGAL_DOCUMENTS } from '../../../content/schemas/legal-document.schema';
import { legalLibrary, legalPageData } from './legal-pages';

const sourceFiles = (root: string): string[] =>
  fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));

const storefront = (urlLocal: string, local: string, lang: string, i18n: string) => ({ urlLocal, local, lang, i18n });
const de = storefront('de', 'de', 'de-DE', 'de');
const id = storefront('id', 'id', 'id-ID', 'id');
const fr = storefront('fr', 'fr', 'fr-FR', 'fr');
const text = (data: ReturnType<typeof legalPageData>) => JSON.stringify(data.sections);

describe('the cookie policy cannot drift from the cookies the store sets', () => {
  it('every cookie the API sets is in the register, with the lifetime it is set with', () => {
    const set = new Set<string>();
    for (const file of sourceFiles('server'))
      for (const m of fs.readFileSync(file, 'utf8').matchAll(/setCookie\(\s*([^,]+),/g)) {
        const arg = (m[1] ?? '').trim();
        const name = arg.startsWith('COOKIE.') ? COOKIE[arg.slice(7) as keyof typeof COOKIE] : arg;
        set.add(name ?? arg);
      }
    expect([...set].sort()).toEqual(Object.keys(SERVER_COOKIES).sort());
    expect(SERVER_COOKIES[COOKIE.session]).toEqual({ days: SESSION_DAYS });
    expect(SERVER_COOKIES[COOKIE.cart]).toEqual({ days: SESSION_DAYS });
    expect(SERVER_COOKIES[COOKIE.device]).toEqual({ days: TRUSTED_DEVICE_DAYS });
    expect(SERVER_COOKIES[COOKIE.signInBrowser]).toEqual({ minutes: SIGN_IN_LINK_MINUTES });
  });

  it('the browser writes cookies only through the consent gate, and only cookies of its list', () => {
    for (const file of [...sourceFiles('widgets'), ...sourceFiles('src')]) {
      const code = fs.readFileSync(file, 'utf8');
      if (!file.endsWith(path.join('consent-gate', 'cookies.ts')))
        expect(code, `${file} writes document.cookie`).not.toMatch(/document\.cookie\s*=/);
    }
    expect(cookieRegister().map((c) => c.name)).toEqual(
      expect.arrayContaining([...Object.keys(COOKIE_CATEGORY), ...Object.keys(SERVER_COOKIES)]),
    );
  });

  it('the table is generated from the register, by category, in every language', () => {
    const names = cookieRegister().map((c) => c.name);
    for (const sf of [de, id, fr]) {
      const table = legalPageData('cookie-policy', sf, 'notice').sections.find((s) => s.table)?.table;
      expect(table?.rows.map((r) => r.name)).toEqual(names);
      for (const row of table?.rows ?? []) expect(row.purpose, `${sf.urlLocal} ${row.name}`).not.toBe('');
    }
    const german = legalPageData('cookie-policy', de, 'notice').sections.find((s) => s.table)?.table;
    expect(german?.rows.find((r) => r.name === 'lang')).toMatchObject({ category: 'Funktional', lifetime: '365 Tage' });
  });
});

describe('legal pages', () => {
  it('fill each country’s facts and keep only the parts that apply there', () => {
    const deTerms = text(legalPageData('terms-of-sale', de, 'n'));
    expect(deTerms).toContain('Mi Store Europe B.V.');
    expect(deTerms).toContain('innerhalb von 14 Tagen');
    expect(deTerms).toContain('Europäischen Union');
    expect(deTerms).not.toContain('{{');
    const idTerms = text(legalPageData('terms-of-sale', id, 'n'));
    expect(idTerms).toContain('PT Mi Store Indonesia');
    expect(idTerms).not.toContain('Uni Eropa');
    const idPrivacy = legalPageData('privacy-policy', id, 'n');
    expect(text(idPrivacy)).toContain('"href":"https://www.komdigi.go.id"');
    expect(text(idPrivacy)).toContain('"href":"/id/user/"');
    // India sets no legal guarantee: its warranty page says what consumer law gives instead.
    const india = text(legalPageData('warranty', storefront('in', 'in', 'en-IN', 'en'), 'n'));
    expect(india).toContain('Consumer Protection Act, 2019');
    expect(india).not.toContain('lack of conformity');
  });

  it('storefronts show their own documents; one without a current translation English, with lang and a notice', () => {
    // The committed documents with the French ones taken out, as for a language not yet translated.
    const withoutFrench = new Map(
      [...legalLibrary()].map(([doc, languages]) => [doc, new Map([...languages].filter(([l]) => l !== 'fr'))]),
    );
    for (const doc of LEGAL_DOCUMENTS) {
      expect(legalPageData(doc, de, 'n')).toMatchObject({ lang: 'de-DE' });
      expect(legalPageData(doc, de, 'n').notice).toBeUndefined();
      expect(legalPageData(doc, id, 'n')).toMatchObject({ lang: 'id-ID' });
      expect(legalPageData(doc, fr, 'Pas encore traduit', withoutFrench)).toMatchObject({
        lang: 'en',
        notice: 'Pas encore traduit',
      });
    }
    expect(legalPageData('privacy-policy', de, 'n').effective).toBe('Gültig ab 1. Dezember 2026 · Version 1.0');
    expect(legalPageData('privacy-policy', id, 'n').effective).toBe('Berlaku sejak 1 Desember 2026 · versi 1.0');
  });

  it('the committed translations are all of the current version', () => {
    for (const doc of LEGAL_DOCUMENTS) {
      const versions = new Set([...(legalLibrary().get(doc)?.values() ?? [])].map((d) => d.version));
      expect(versions.size, doc).toBe(1);
    }
  });
});
