import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { buildSync } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { WIDGET_NAMES } from '../../widgets/contract';
import { WIDGET_STRING_KEYS, WIDGET_STRING_PREFIXES } from './widget-strings';

const widgetsDir = path.resolve('widgets');
const en = JSON.parse(fs.readFileSync(path.resolve('content/locales/en/translation.json'), 'utf8')) as Record<string, string>;

/** The widget source files a widget's bundle is made of (esbuild follows its imports as webpack does). */
function sourcesOf(name: string): string[] {
  const entry = ['index.tsx', 'index.ts'].map((f) => path.join(widgetsDir, name, f)).find((f) => fs.existsSync(f))!;
  const { metafile } = buildSync({ entryPoints: [entry], bundle: true, write: false, metafile: true, format: 'esm', jsx: 'automatic', jsxImportSource: 'preact', logLevel: 'silent' });
  return Object.keys(metafile.inputs).filter((input) => input.startsWith('widgets/') && /\.tsx?$/.test(input));
}

/** The literal keys of `t(strings, 'key', …)` calls in a file. */
function literalKeys(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const keys: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 't' && node.arguments.length >= 3) {
      const key = node.arguments[1]!;
      if (ts.isStringLiteral(key) || ts.isNoSubstitutionTemplateLiteral(key)) keys.push(key.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return keys;
}

/**
 * A key a widget reads must reach it from the storefront's catalogue, or the widget shows its English default on
 * every storefront. Keys the catalogue does not have yet (the widget's own texts, English everywhere) are listed
 * here so that a new one is a decision, not an accident.
 */
const NOT_IN_CATALOGUE = new Set(['cart.addFailed', 'cart.discount', 'chat.message', 'chat.privacyLink', 'chat.reconnecting', 'chat.send', 'chat.sendFailed', 'chat.title', 'chat.welcome', 'consent.categories', 'share.missing', 'share.open']);
/** Countdown units: the catalogue's "days" has no number placeholder, the widget's "{d}d" has one. */
const DIFFERENT_FORMAT = new Set(['countdown.days', 'countdown.hours', 'countdown.minutes', 'countdown.seconds']);

describe('widget strings', () => {
  it.each(WIDGET_NAMES)('%s: every key its code reads is passed to it from the catalogue', (name) => {
    const selected = (key: string) => key in WIDGET_STRING_KEYS[name] || (WIDGET_STRING_PREFIXES[name] ?? []).some((prefix) => key.startsWith(prefix));
    const unreachable = sourcesOf(name)
      .flatMap((file) => literalKeys(file).map((key) => ({ key, file })))
      .filter(({ key }) => !NOT_IN_CATALOGUE.has(key) && !DIFFERENT_FORMAT.has(key) && !selected(key))
      .map(({ key, file }) => `${key} (${file})`);
    expect([...new Set(unreachable)]).toEqual([]);
  });

  it('every catalogue key a widget is given exists in the English catalogue', () => {
    const missing = Object.values(WIDGET_STRING_KEYS).flatMap((map) => Object.values(map)).filter((key) => !(key in en));
    expect(missing).toEqual([]);
  });
});
