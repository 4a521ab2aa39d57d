/** A translation lookup as components use it: flat catalogue keys, `{{name}}` interpolation (i18next style). */
export type Translate = (key: string, vars?: Record<string, string | number>) => string;

/** Replaces `{{name}}` (and i18next's `{{ name }}`) placeholders. */
export function interpolate(text: string, vars?: Record<string, string | number>): string {
  if (!vars) return text;
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

/**
 * A Translate over a resolved catalogue, for the header/footer slices (they are outside the i18n provider and
 * get their strings in ShellContext.strings). A missing key renders as the key, so gaps are visible, not blank.
 */
export function makeTranslate(strings: Record<string, string>): Translate {
  return (key, vars) => interpolate(strings[key] ?? key, vars);
}
