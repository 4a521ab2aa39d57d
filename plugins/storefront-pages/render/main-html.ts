/**
 * A web page and its app and iOS variants show the same main landmark (templates.test.tsx checks it for every
 * template): only the frame around it differs. Product pages, most of the build's render time, come in all three,
 * so each main landmark is rendered once per render worker and kept; a variant rendered later gets a marker
 * instead (src/components/main-slot.tsx), replaced here with the kept HTML.
 */
import { mainSlotMarkup, type MainSlotMode } from '../../../src/components/main-slot';

const START = mainSlotMarkup('start');
const END = mainSlotMarkup('end');
const REUSE = mainSlotMarkup('reuse');

const kept = new Map<string, string>();
// A worker renders pages in creation order, a page's variants right after it: a few thousand are plenty.
const KEPT_MAX = 2000;

/** How to render the main landmark of the page whose record gives it this key. */
export function mainSlotMode(key: string): MainSlotMode {
  return kept.has(key) ? 'reuse' : 'capture';
}

const without = (html: string, marker: string): string => html.split(marker).join('');

/** The body as it is served: a captured main landmark kept and its markers dropped, a reused one put in. */
export function settleMainSlot(body: string, key: string): string {
  const reused = kept.get(key);
  if (reused !== undefined) {
    const at = body.indexOf(REUSE);
    if (at < 0) throw new Error(`The main landmark kept as ${key} has no place in the page rendered with it`);
    return body.slice(0, at) + reused + body.slice(at + REUSE.length);
  }
  const start = body.indexOf(START);
  const end = body.lastIndexOf(END);
  // A page without the layout's main landmark, or with more than one: nothing to keep.
  if (start < 0 || end < start || body.indexOf(START, start + 1) >= 0) return without(without(body, START), END);
  const main = body.slice(start + START.length, end);
  if (kept.size >= KEPT_MAX) kept.clear();
  kept.set(key, main);
  return body.slice(0, start) + main + body.slice(end + END.length);
}
