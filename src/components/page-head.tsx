import type { PageContext } from '../page-context';
import { AppHead } from './app-head';
import { MAIN_ID } from './layout';
import { SeoHead } from './seo-head';

/**
 * Chromium paints what it has parsed when the HTML arrives in pieces. A header cut short before its account and
 * cart links was painted with the search centred in their room, and the search moved when they arrived (a shift
 * of 0.006 on a desktop). So the first paint waits until the main landmark, which follows the header, is in the
 * document: the header is then whole. Chromium unblocks on the element's start tag, not on its end, so the
 * target is the element after the header, not the header. It costs nothing in practice: the header ends about
 * 7 KB into the Brotli-compressed page, inside the first round trip. Browsers without rel=expect paint as before
 * (header.css keeps the phone header still).
 */
const holdFirstPaintForHeader = { rel: 'expect', href: `#${MAIN_ID}`, blocking: 'render' };

/**
 * The head of every page: what search engines and link previews read, then the storefront's icons and manifest.
 * The build's renderer puts it into the page (plugins/storefront-pages/render/render-page.tsx), not Gatsby's Head
 * API, which rendered every page's head twice and parsed it in between.
 */
export function PageHead({ pageContext }: { pageContext: Pick<PageContext, 'storefront' | 'seo'> }) {
  return (
    <>
      <link {...holdFirstPaintForHeader} />
      <SeoHead pageContext={pageContext} />
      <AppHead storefront={pageContext.storefront} />
    </>
  );
}
