/**
 * UI text of a widget: the build passes the storefront's translations in props.strings; every call names an
 * English default so a missing key never shows a raw key. `{name}` and i18next's `{{name}}` placeholders are
 * filled from vars.
 * @example t(props.strings, 'subscribe.success', 'Thanks for subscribing!')
 */
export function t(strings: Record<string, string> | undefined, key: string, fallback: string, vars: Record<string, string | number> = {}): string {
  const text = strings?.[key] || fallback;
  return text.replace(/\{\{\s*(\w+)\s*\}\}|\{(\w+)\}/g, (m, a: string | undefined, b: string | undefined) => {
    const name = a ?? b ?? '';
    return name in vars ? String(vars[name]) : m;
  });
}
