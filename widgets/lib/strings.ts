import { pluralText } from '../../content/i18n/plural';

/** The page's language (its `<html lang>`), whose plural rules pick a counted text's form. */
function pageLang(): string {
  return (typeof document !== 'undefined' && document.documentElement.lang) || 'en';
}

/**
 * UI text of a widget. The build passes the storefront's catalogue texts in props.strings: exactly the keys the
 * widget's code reads (widgets/string-keys.json, generated from the calls to `t`; src/components/widget-strings.test.ts
 * fails on a key the catalogue lacks). There is no English default here: a key that still goes missing shows as the
 * key, visible rather than silently English. `{name}` and i18next's `{{name}}` placeholders are filled from vars; a
 * counted text (vars.count a number) takes the plural form (`key_one`, `key_few`, …) the page's language needs.
 *
 * K is generic so that a key built from a union (`order.state.${state}`) keeps its literal type, which is how the
 * key list generator sees every key a call can read.
 * @example t(props.strings, 'footer.subscribe.success')
 */
export function t<K extends string>(
  strings: Record<string, string> | undefined,
  key: K,
  vars: Record<string, string | number> = {},
): string {
  const count = vars['count'];
  const text =
    (typeof count === 'number' && strings ? pluralText(strings, pageLang(), key, count) : strings?.[key]) ?? key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}|\{(\w+)\}/g, (m, a: string | undefined, b: string | undefined) => {
    const name = a ?? b ?? '';
    return name in vars ? String(vars[name]) : m;
  });
}

/**
 * `in_progress` → `inProgress` (catalogue keys have no underscores), typed so a key built from a union stays a union of
 * keys.
 */
export type Camel<S extends string> = S extends `${infer A}_${infer B}`
  ? `${A}${Capitalize<Camel<B>>}`
  : S extends `${infer A}-${infer B}`
    ? `${A}${Capitalize<Camel<B>>}`
    : S;
export function camel<S extends string>(value: S): Camel<S> {
  return value.replace(/[_-]([a-z])/g, (_, c: string) => c.toUpperCase()) as Camel<S>;
}

/** `value` when it is one of `known`, else `otherwise`: narrows what the server sends to the keys the catalogue has. */
export function oneOf<T extends string>(known: readonly T[], value: string, otherwise: T): T {
  return (known as readonly string[]).includes(value) ? (value as T) : otherwise;
}
