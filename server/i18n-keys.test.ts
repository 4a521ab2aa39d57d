import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { requiredCatalogues } from '../content/storefronts';
import { loadTranslations } from '../content/load';

/**
 * The server's messages come from content/locales only (server/i18n.ts has no English copy to fall back on), so a
 * catalogue key written in server code must be in the catalogues. A string literal shaped like a key whose first part
 * is one of the catalogue's namespaces ('payment.error.declined') is taken as one; keys built from a template are
 * checked by the tests of their routes.
 */
const all = loadTranslations();
const catalogue = (code: string) => all[code] ?? {};
const english = catalogue('en');
const namespaces = new Set(Object.keys(english).map((key) => key.split('.')[0]));
const KEY = /^[a-z][a-zA-Z0-9]*(\.[a-zA-Z0-9-]+)+$/;

/** Literals that look like keys but are not used as one. */
const NOT_KEYS: Record<string, string> = {
  'sitemap.xml': 'a file name',
  'message.order.paid': 'prefix of a .title/.body pair (orders/order-messages.ts)',
  'message.order.depositPaid': 'prefix of a .title/.body pair',
  'message.order.expired': 'prefix of a .title/.body pair',
  'message.order.presaleLapsed': 'prefix of a .title/.body pair',
  'message.order.refundDue': 'prefix of a .title/.body pair',
  'message.order.refunded': 'prefix of a .title/.body pair',
  'message.order.refundStarted': 'prefix of a .title/.body pair',
  'message.order.refundedGiftCard': 'prefix of a .title/.body pair',
  'payment.cod.message.confirmed': 'prefix of a .title/.body pair (cash on delivery confirmed)',
};

/** A counted text: the catalogue holds its plural forms (key_one, key_other, …), not the key itself. */
const isPluralFamily = (key: string) => english[`${key}_other`] !== undefined;

/**
 * A call that names a counted text with values but no `count` ({ hours: 24 } where the text wants {{count}}): its
 * number would pick no plural form and fill no placeholder.
 */
function countMissing(node: ts.Node): boolean {
  const call = node.parent;
  if (!call || !ts.isCallExpression(call) || !call.arguments.some((arg) => arg === node)) return false;
  // message() reads a text as it is: a counted text has no such text, only its plural forms.
  if (ts.isIdentifier(call.expression) && call.expression.text === 'message') return true;
  const values = call.arguments.slice(call.arguments.indexOf(node as ts.Expression) + 1);
  const literal = values.find(ts.isObjectLiteralExpression);
  if (values.length > 0 && !literal) return false; // values passed through a variable: its route's tests check it
  return !literal?.properties.some((p) => p.name !== undefined && ts.isIdentifier(p.name) && p.name.text === 'count');
}

function serverKeyLiterals(): { key: string; file: string; countMissing: boolean }[] {
  const files = (fs.readdirSync('server', { recursive: true }) as string[])
    .map((file) => path.join('server', file))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
  const found: { key: string; file: string; countMissing: boolean }[] = [];
  for (const file of files) {
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (
        (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) &&
        KEY.test(node.text) &&
        namespaces.has(node.text.split('.')[0]) &&
        !(node.text in NOT_KEYS)
      )
        found.push({ key: node.text, file, countMissing: isPluralFamily(node.text) && countMissing(node) });
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

describe('server catalogue keys', () => {
  const literals = serverKeyLiterals();

  it('finds the keys of the server code', () => {
    expect(literals.length).toBeGreaterThan(300);
  });

  it('every key the server names is in every catalogue a storefront reads', () => {
    const missing = requiredCatalogues.flatMap((code) => {
      const texts = { ...english, ...catalogue(code) };
      return literals
        .filter(({ key }) => !texts[key] && !texts[`${key}_other`])
        .map(({ key, file }) => `${code}: ${key} (${file})`);
    });
    expect([...new Set(missing)]).toEqual([]);
  });

  it('every counted text is given its count', () => {
    expect(literals.filter((l) => l.countMissing).map(({ key, file }) => `${key} (${file})`)).toEqual([]);
  });

  it('the prefixes it builds .title and .body keys from have both', () => {
    for (const prefix of Object.keys(NOT_KEYS).filter((key) => key.startsWith('message.order.'))) {
      expect(english[`${prefix}.title`], prefix).toBeTruthy();
      expect(english[`${prefix}.body`], prefix).toBeTruthy();
    }
  });
});
