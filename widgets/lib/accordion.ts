/** §4: at most 5 accordions are tracked; opening one folds the others (clicking the open one closes it). */
export const MAX_TRACKED_ACCORDIONS = 5;

/** The fold logic without the DOM: which ids stay open after `id` opens. */
export class AccordionGroup {
  private readonly tracked: string[] = [];
  private openId: string | null = null;

  constructor(private readonly max = MAX_TRACKED_ACCORDIONS) {}

  /** Registers an accordion; returns false when the group already tracks `max`. */
  track(id: string): boolean {
    if (this.tracked.includes(id)) return true;
    if (this.tracked.length >= this.max) return false;
    this.tracked.push(id);
    return true;
  }

  /** Toggles `id`; returns the ids that must be closed. */
  toggle(id: string): { open: string | null; close: string[] } {
    if (!this.tracked.includes(id)) return { open: this.openId, close: [] };
    if (this.openId === id) {
      this.openId = null;
      return { open: null, close: [id] };
    }
    const close = this.tracked.filter((t) => t !== id);
    this.openId = id;
    return { open: id, close };
  }

  get open(): string | null {
    return this.openId;
  }
}

/** Enhances `<details data-accordion>` elements under root: auto-fold, at most `max` tracked. */
export function enhanceAccordions(root: ParentNode, max = MAX_TRACKED_ACCORDIONS): () => void {
  const group = new AccordionGroup(max);
  const items = Array.from(root.querySelectorAll<HTMLDetailsElement>('details[data-accordion]')).filter((d, i) => group.track(String(i)));
  const cleanups = items.map((d, i) => {
    const onToggle = () => {
      // Only react to user opening; closing others fires toggle events too.
      if (!d.open || group.open === String(i)) {
        if (!d.open && group.open === String(i)) group.toggle(String(i));
        return;
      }
      const { close } = group.toggle(String(i));
      for (const id of close) {
        const other = items[Number(id)];
        if (other) other.open = false;
      }
    };
    d.addEventListener('toggle', onToggle);
    return () => d.removeEventListener('toggle', onToggle);
  });
  return () => cleanups.forEach((c) => c());
}
