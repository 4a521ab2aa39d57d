import type { ReactNode } from 'react';

export interface HeaderPartProps {
  /** Names the part in both files; a page whose menu no longer matches the panels file keeps an empty box. */
  part: string;
  id: string;
  className: string;
  /** The panels file draws the content; a page draws only the empty, hidden box. */
  filled: boolean;
  data?: Record<`data-${string}`, string>;
  children: ReactNode;
}

/**
 * A header panel that only opens with JavaScript (a mega-menu panel, the language list, the slide menu). Drawn
 * into every page, these lists made the header 50 KB of each of 57,000 pages and grew with the catalogue, so a
 * page carries only the panel's empty box (its id, for aria-controls) and the island that opens it fills the
 * box from the storefront's one panels file (widgets/lib/header-parts.ts).
 */
export function HeaderPart({ part, id, className, filled, data, children }: HeaderPartProps) {
  return (
    <div className={className} id={id} {...data} data-header-part={part} hidden>
      {filled ? children : null}
    </div>
  );
}
