/** The two parts of the storefront's shell that every web page shares. */
export type ShellPart = 'header' | 'footer';

/** The markup a ShellSlot renders, which the build replaces with the part's HTML. */
export const shellSlotMarkup = (part: ShellPart): string => `<div data-shell-slot="${part}"></div>`;

/**
 * Where the storefront's header or footer goes. The build renders each once per storefront and puts that HTML
 * in place of this marker (plugins/storefront-pages/render), so a page does not render the shell again and
 * nothing has to be stitched into 60,000 files afterwards (what Gatsby's slices cost).
 */
export function ShellSlot({ part }: { part: ShellPart }) {
  return <div data-shell-slot={part} />;
}
