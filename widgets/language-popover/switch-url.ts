/**
 * Choosing a language goes to {origin}/{local}/{rest of path}?f=switch_lang, where the rest of the path is the
 * current path without its regional prefix.
 * @example switchLanguageUrl('https://shop.test', '/id/product/x/', 'de')
 * // → 'https://shop.test/de/product/x/?f=switch_lang'
 */
export function switchLanguageUrl(origin: string, currentPath: string, target: string): string {
  const rest = currentPath
    .split('/')
    .filter((_, i) => i > 1)
    .join('/');
  return `${origin}/${target}/${rest}?f=switch_lang`;
}

/** The storefront prefix of a path ('/be-fr/cart/' → 'be-fr'). */
export function prefixOf(path: string): string {
  return path.split('/')[1] ?? '';
}
