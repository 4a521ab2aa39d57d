/**
 * UI text of a widget: the build passes the storefront's translations in props.strings; every call names an
 * English default so a missing key never shows a raw key. `{name}` placeholders are filled from vars.
 * @example t(props.strings, 'subscribe.success', 'Thanks for subscribing!')
 */
export function t(strings: Record<string, string> | undefined, key: string, fallback: string, vars: Record<string, string | number> = {}): string {
  const text = strings?.[key] || fallback;
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));
}
