/** One signature for every loading strategy (STYLE.md): start `load` when the strategy says so. */
export type Strategy = (load: () => void, options: string | null, el: HTMLElement) => void;

export const eager: Strategy = (load) => load();

/** After the page settles: requestIdleCallback where available (2 s cap), else a short timeout. */
export const idle: Strategy = (load) => {
  if ('requestIdleCallback' in window) window.requestIdleCallback(() => load(), { timeout: 2000 });
  else setTimeout(load, 200);
};

/** When the host (or its fallback content) comes near the viewport; `options` is a rootMargin. */
export const visible: Strategy = (load, options, el) => {
  if (!('IntersectionObserver' in window)) return load();
  const io = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      io.disconnect();
      load();
    },
    { rootMargin: options ?? '200px' },
  );
  // A host with display:contents has no box of its own: observe its children too.
  io.observe(el);
  for (const child of Array.from(el.children)) io.observe(child);
};

const INTERACTION_EVENTS = ['pointerenter', 'pointerdown', 'focusin', 'touchstart', 'click'] as const;

/** On the first pointer, touch, focus or click inside the host. */
export const interaction: Strategy = (load, _options, el) => {
  const fire = () => {
    for (const type of INTERACTION_EVENTS) el.removeEventListener(type, fire);
    load();
  };
  for (const type of INTERACTION_EVENTS) el.addEventListener(type, fire, { passive: true });
};

export const strategies = { eager, idle, visible, interaction } as const;
export type StrategyName = keyof typeof strategies;

export function strategyFor(name: string | null): Strategy {
  return name && name in strategies ? strategies[name as StrategyName] : idle;
}
