import { createContext } from 'react';
import type { WidgetName } from '../../widgets/contract';
import islandKeys from '../../widgets/string-keys.json';

/**
 * The catalogue keys each island reads, as its code names them: widgets/string-keys.json, generated from the
 * islands' `t(strings, key)` calls (`npm run strings:widgets`; widget-strings.test.ts fails when it is stale or when
 * a catalogue lacks one of the keys). Hosts pass only these, not the whole catalogue, to keep the props attribute
 * small; `prefixes` are the few families named by content data (trade-in answers), passed whole.
 */
export const WIDGET_STRING_KEYS: Readonly<
  Record<WidgetName, { readonly keys: readonly string[]; readonly prefixes: readonly string[] }>
> = islandKeys;

/** The resolved catalogue of the page or slice being rendered; hosts pick their widget's keys from it. */
export const CatalogueContext = createContext<Record<string, string> | undefined>(undefined);

/** The language of the page or slice being rendered (BCP 47): which plural form a counted text takes. */
export const LangContext = createContext('en');

/** The catalogue writes i18next placeholders (`{{count}}`); widgets/lib/strings.ts fills `{count}`. */
export function toWidgetPlaceholders(text: string): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, '{$1}');
}

/** The subset of a catalogue a widget needs; undefined when nothing applies (no `strings` prop then). */
export function widgetStrings(
  name: WidgetName,
  catalogue: Record<string, string> | undefined,
): Record<string, string> | undefined {
  if (!catalogue) return undefined;
  // Every page of a storefront shares one catalogue object: pick each widget's subset once, not once per island.
  let byWidget = pickedSubsets.get(catalogue);
  if (!byWidget) pickedSubsets.set(catalogue, (byWidget = new Map()));
  if (!byWidget.has(name)) byWidget.set(name, pickSubset(name, catalogue));
  return byWidget.get(name);
}

const PLURAL_FORMS = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;

const pickedSubsets = new WeakMap<Record<string, string>, Map<WidgetName, Record<string, string> | undefined>>();

function pickSubset(name: WidgetName, catalogue: Record<string, string>): Record<string, string> | undefined {
  const { keys, prefixes } = WIDGET_STRING_KEYS[name];
  const picked: Record<string, string> = {};
  for (const key of keys) {
    const value = catalogue[key];
    if (value !== undefined) picked[key] = toWidgetPlaceholders(value);
    // A counted text is a family of plural forms; the island picks the one its count needs.
    for (const form of PLURAL_FORMS) {
      const plural = catalogue[`${key}_${form}`];
      if (plural !== undefined) picked[`${key}_${form}`] = toWidgetPlaceholders(plural);
    }
  }
  if (prefixes.length > 0)
    for (const [key, value] of Object.entries(catalogue))
      if (prefixes.some((p) => key.startsWith(p))) picked[key] = toWidgetPlaceholders(value);
  return Object.keys(picked).length > 0 ? picked : undefined;
}
