/** What the slide menu's back-press answer needs of the open menu. */
export interface SlideMenuControls {
  isOpen(): boolean;
  submenuOpen(): boolean;
  /** Back from the submenu to the main list. */
  back(): void;
  close(): void;
}

/**
 * The slide menu's part in the app's back press, as its Escape key: an open submenu goes back to the main list,
 * else the menu closes; a closed menu leaves the press to what is under it.
 */
export function slideMenuBackPress(menu: SlideMenuControls): boolean {
  if (!menu.isOpen()) return false;
  if (menu.submenuOpen()) menu.back();
  else menu.close();
  return true;
}
