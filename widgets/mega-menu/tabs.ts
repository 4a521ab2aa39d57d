/** Third-level tabs inside a mega-menu panel (role=tablist/tab/tabpanel): click, arrows, Home/End. */
export function enhanceTabs(root: HTMLElement): () => void {
  const cleanups: (() => void)[] = [];
  for (const list of Array.from(root.querySelectorAll<HTMLElement>('[role="tablist"]'))) {
    const tabs = Array.from(list.querySelectorAll<HTMLElement>('[role="tab"]'));
    const select = (tab: HTMLElement, focus: boolean) => {
      for (const other of tabs) {
        const on = other === tab;
        other.setAttribute('aria-selected', String(on));
        other.tabIndex = on ? 0 : -1;
        const panel = document.getElementById(other.getAttribute('aria-controls') ?? '');
        if (panel) panel.hidden = !on;
      }
      if (focus) tab.focus();
    };
    const current = tabs.find((t) => t.getAttribute('aria-selected') === 'true') ?? tabs[0];
    if (current) select(current, false);
    const onClick = (e: Event) => {
      const tab = (e.target as HTMLElement).closest<HTMLElement>('[role="tab"]');
      if (tab && tabs.includes(tab)) select(tab, false);
    };
    const onKey = (e: KeyboardEvent) => {
      const i = tabs.indexOf(e.target as HTMLElement);
      if (i < 0) return;
      const to = {
        ArrowRight: i + 1,
        ArrowDown: i + 1,
        ArrowLeft: i - 1,
        ArrowUp: i - 1,
        Home: 0,
        End: tabs.length - 1,
      }[e.key];
      if (to === undefined) return;
      e.preventDefault();
      e.stopPropagation();
      const tab = tabs[(to + tabs.length) % tabs.length];
      if (tab) select(tab, true);
    };
    list.addEventListener('click', onClick);
    list.addEventListener('keydown', onKey);
    // Hovering a tab on desktop previews it, as the product layout does.
    const onHover = (e: Event) => {
      const tab = (e.target as HTMLElement).closest<HTMLElement>('[role="tab"]');
      if (tab && tabs.includes(tab)) select(tab, false);
    };
    list.addEventListener('mouseover', onHover);
    cleanups.push(() => {
      list.removeEventListener('click', onClick);
      list.removeEventListener('keydown', onKey);
      list.removeEventListener('mouseover', onHover);
    });
  }
  return () => cleanups.forEach((c) => c());
}
