/**
 * Gatsby writes its React runtime into every page (webpack runtime, framework and app chunks, page-data
 * preloads, the `_gatsby-scripts` slice). The pages are complete without it, so it is removed: a page ships
 * only the islands it holds. JSON-LD scripts are data, not code, and stay.
 */
const scriptElement = /<script\b([^>]*)>[\s\S]*?<\/script>/gi;
const runtimeLink = /<link\b[^>]*\b(?:as="(?:script|fetch)"|rel="(?:prefetch|modulepreload)")[^>]*\/?>/gi;

export function stripGatsbyRuntime(html: string): string {
  return html
    .replace(scriptElement, (element, attributes: string) => (/type="application\/ld\+json"/i.test(attributes) ? element : ''))
    .replace(runtimeLink, '');
}
