import { pluralText } from '../../content/i18n/plural';

/** A translation lookup as components use it: flat catalogue keys, `{{name}}` interpolation (i18next style). */
export type Translate = (key: string, vars?: Record<string, string | number>) => string;

/** Replaces `{{name}}` (and i18next's `{{ name }}`) placeholders. */
export function interpolate(text: string, vars?: Record<string, string | number>): string {
  if (!vars) return text;
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

/**
 * A Translate over a resolved catalogue. A counted text (vars.count a number) takes the plural form `lang` needs
 * for it (content/i18n/plural.ts). A missing key renders as the key, so gaps are visible, not blank.
 */
export function makeTranslate(strings: Record<string, string>, lang = 'en'): Translate {
  return (key, vars) => {
    const text = typeof vars?.['count'] === 'number' ? pluralText(strings, lang, key, vars['count']) : strings[key];
    return interpolate(text ?? key, vars);
  };
}
