/**
 * UI catalogue texts for the snapshot generator: the header-footer snapshots and categories.json carry texts whose
 * one home is content/locales (menus, category names), so they are read from there, never written twice.
 */
import { loadTranslations } from '../load';
import type { Localized } from '../schemas/common.schema';

let catalogues: Record<string, Record<string, string>> | null = null;
const all = () => (catalogues ??= loadTranslations());

/** A language's catalogue as a storefront reads it: its own texts, English for a key it lacks. */
export function resolvedCatalogue(code: string): Record<string, string> {
  return { ...all()['en'], ...all()[code] };
}

/** One key in every language that has it (English always), as a snapshot's Localized text. */
export function localizedText(key: string): Localized {
  const text = Object.fromEntries(
    Object.entries(all()).flatMap(([code, strings]) => (strings[key] ? [[code, strings[key]]] : [])),
  );
  if (!text['en']) throw new Error(`content/locales/en has no "${key}"`);
  return text as Localized;
}
