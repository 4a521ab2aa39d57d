/** The menu is desktop above 1200 px when the site has poco, else above 1024 px. */
export function desktopMinWidth(hasPoco: boolean): number {
  return hasPoco ? 1201 : 1025;
}

export function desktopQuery(hasPoco: boolean): MediaQueryList {
  return window.matchMedia(`(min-width: ${desktopMinWidth(hasPoco)}px)`);
}
