/** At most 5 accordions are tracked; opening one folds the others (clicking the open one closes it). */
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

/**
 * Enhances `<details data-accordion>` elements under root: auto-fold, at most `max` tracked per group.
 * A group is the accordions of one submenu (`[data-slide-submenu]`), else those sharing a parent (footer lists).
 */
export function enhanceAccordions(root: ParentNode, max = MAX_TRACKED_ACCORDIONS): () => void {
  const groups = new Map<Element | null, HTMLDetailsElement[]>();
  for (const d of Array.from(root.querySelectorAll<HTMLDetailsElement>('details[data-accordion]'))) {
    const key = d.parentElement?.closest('[data-slide-submenu]') ?? d.parentElement;
    groups.set(key, [...(groups.get(key) ?? []), d]);
  }
  const cleanups = [...groups.values()].flatMap((members) => enhanceGroup(members, max));
  return () => cleanups.forEach((c) => c());
}

function enhanceGroup(all: HTMLDetailsElement[], max: number): (() => void)[] {
  const group = new AccordionGroup(max);
  const items = all.filter((_, i) => group.track(String(i)));
  return items.map((d, i) => {
    const onToggle = () => {
      // Closing the others fires their toggle events too: only a user opening a closed one changes the group.
      if (!d.open) {
        if (group.open === String(i)) group.toggle(String(i));
        return;
      }
      if (group.open === String(i)) return;
      const { close } = group.toggle(String(i));
      for (const id of close) {
        const other = items[Number(id)];
        if (other) other.open = false;
      }
    };
    d.addEventListener('toggle', onToggle);
    return () => d.removeEventListener('toggle', onToggle);
  });
}
