/** The menu is desktop above 1200 px when the site has poco, else above 1024 px. */
export function desktopMinWidth(hasPoco: boolean): number {
  return hasPoco ? 1201 : 1025;
}

export function desktopQuery(hasPoco: boolean): MediaQueryList {
  return window.matchMedia(`(min-width: ${desktopMinWidth(hasPoco)}px)`);
}

/** The store's layout breakpoints (src/styles/base.css): tablet from 721 px, laptop and desktop from 1025 px. */
export const TABLET_MIN_WIDTH = 721;
export const LAPTOP_MIN_WIDTH = 1025;

/** The device class analytics reports, from the viewport's width in CSS pixels. */
export function deviceClass(width: number): 'mobile' | 'tablet' | 'desktop' {
  return width < TABLET_MIN_WIDTH ? 'mobile' : width < LAPTOP_MIN_WIDTH ? 'tablet' : 'desktop';
}
