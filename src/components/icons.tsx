import { BRAND_COLOR, BRAND_MARK } from '../../sites/brand';

/**
 * The few inline icons of the shell. Inline SVG (no icon font, no network request); decorative by default
 * (aria-hidden), because every icon sits next to a text or inside a control that has a label.
 */
const paths = {
  search:
    'M10.5 3a7.5 7.5 0 0 1 5.9 12.1l4.3 4.3-1.4 1.4-4.3-4.3A7.5 7.5 0 1 1 10.5 3Zm0 2a5.5 5.5 0 1 0 0 11 ' +
    '5.5 5.5 0 0 0 0-11Z',
  cart:
    'M3 4h2.2l2.1 10.2a1 1 0 0 0 1 .8h9.4a1 1 0 0 0 1-.8L20.4 7H7l-.4-2A1 1 0 0 0 5.6 4H3Zm6 13.5a1.5 1.5 0 ' +
    '1 0 0 3 1.5 1.5 0 0 0 0-3Zm8 0a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3Z',
  user: 'M12 3a4.5 4.5 0 1 1 0 9 4.5 4.5 0 0 1 0-9Zm0 11c4.4 0 8 2.2 8 5v2H4v-2c0-2.8 3.6-5 8-5Z',
  menu: 'M3 6h18v2H3V6Zm0 5h18v2H3v-2Zm0 5h18v2H3v-2Z',
  close: 'm6.4 5 5.6 5.6L17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6 10.6 12 5 6.4 6.4 5Z',
  back: 'm10 5 1.4 1.4L6.8 11H21v2H6.8l4.6 4.6L10 19l-7-7 7-7Z',
  chevron: 'm8.6 7.4 1.4-1.4 6 6-6 6-1.4-1.4 4.6-4.6-4.6-4.6Z',
  globe:
    'M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20Zm-1.4 2.1A8 8 0 0 0 4.1 11h3.9c.1-2.5.9-5 2.6-6.9Zm2.8 0c1.7 ' +
    '1.9 2.5 4.4 2.6 6.9h3.9a8 8 0 0 0-6.5-6.9ZM10 11h4c-.1-2.3-.8-4.4-2-6-1.2 1.6-1.9 3.7-2 6Zm-5.9 2a8 8 ' +
    '0 0 0 6.5 6.9c-1.7-1.9-2.5-4.4-2.6-6.9H4.1Zm5.9 0c.1 2.3.8 4.4 2 6 1.2-1.6 1.9-3.7 2-6h-4Zm6 0c-.1 ' +
    '2.5-.9 5-2.6 6.9a8 8 0 0 0 6.5-6.9H16Z',
  chat: 'M4 4h16a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H9l-5 4V5a1 1 0 0 1 1-1Z',
} as const;

export type IconName = keyof typeof paths;

/** A 24×24 icon, sized by CSS (1em) so it follows the text size. */
export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      viewBox="0 0 24 24"
      width="24"
      height="24"
      aria-hidden="true"
      focusable="false"
    >
      <path fill="currentColor" d={paths[name]} />
    </svg>
  );
}

/** The brand mark: the storefront name stays the link's accessible name (the SVG is decorative). */
export function LogoMark() {
  const { size, radius, glyph } = BRAND_MARK;
  return (
    <svg
      className="logo__mark"
      viewBox={`0 0 ${size} ${size}`}
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
    >
      <rect width={size} height={size} rx={radius} fill={BRAND_COLOR} />
      <path fill="#fff" d={glyph} />
    </svg>
  );
}
