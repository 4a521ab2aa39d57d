/**
 * One signature for every loading strategy (STYLE.md): start `load` when the strategy says so.
 * `load` resolves once the island has mounted or failed.
 */
export type Strategy = (load: () => Promise<void>, options: string | null, el: HTMLElement) => void;

export const eager: Strategy = (load) => void load();

/** After the page settles: requestIdleCallback where available (2 s cap), else a short timeout. */
export const idle: Strategy = (load) => {
  if ('requestIdleCallback' in window) window.requestIdleCallback(() => void load(), { timeout: 2000 });
  else setTimeout(() => void load(), 200);
};

/** When the host (or its fallback content) comes near the viewport; `options` is a rootMargin. */
export const visible: Strategy = (load, options, el) => {
  if (!('IntersectionObserver' in window)) return void load();
  const io = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      io.disconnect();
      void load();
    },
    { rootMargin: options ?? '200px' },
  );
  // A host with display:contents has no box of its own: observe its children too.
  io.observe(el);
  for (const child of Array.from(el.children)) io.observe(child);
};

const INTERACTION_EVENTS = ['pointerenter', 'pointerdown', 'focusin', 'touchstart'] as const;

/**
 * On the first pointer, touch or focus inside the host. A click that arrives while the island is still loading
 * (a tap on a phone) is held and replayed on its target once the island has mounted, so the widget gets it;
 * if the island fails, the replay performs the fallback's own action (e.g. follows the link).
 */
export const interaction: Strategy = (load, _options, el) => {
  let loading: Promise<void> | null = null;
  let settled = false;
  const start = () => {
    if (loading) return loading;
    for (const type of INTERACTION_EVENTS) el.removeEventListener(type, start);
    loading = load().finally(() => {
      settled = true;
      el.removeEventListener('click', hold, true);
    });
    return loading;
  };
  const hold = (e: MouseEvent) => {
    if (settled || !e.isTrusted) return;
    // The target may be an SVG icon, which has no click(): replay on its nearest HTML element (the event bubbles).
    let target = e.target as Element | null;
    while (target && !(target instanceof HTMLElement)) target = target.parentElement;
    if (!target) return;
    const replayOn = target;
    e.preventDefault();
    e.stopImmediatePropagation();
    void start().then(() => replayOn.click());
  };
  for (const type of INTERACTION_EVENTS) el.addEventListener(type, start, { passive: true });
  el.addEventListener('click', hold, true);
};

export const strategies = { eager, idle, visible, interaction } as const;
export type StrategyName = keyof typeof strategies;

export function strategyFor(name: string | null): Strategy {
  return name && name in strategies ? strategies[name as StrategyName] : idle;
}
