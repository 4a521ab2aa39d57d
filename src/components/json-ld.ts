/**
 * Serialises a JSON-LD object for an inline `<script type="application/ld+json">`. `<` becomes \u003c (and the
 * line separators U+2028/2029 are escaped too) so no string in the data can close the script element or
 * open a comment; the JSON value is unchanged for a JSON parser.
 */
export function serializeJsonLd(value: object): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
