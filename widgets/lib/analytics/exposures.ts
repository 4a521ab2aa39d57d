import type { TrackedEvent } from './track';

const SELECTOR = '[data-track-exposure]';
/** How long an element must stay at least half visible, without a break, to count as seen. */
export const EXPOSURE_MS = 1000;

/** Elements already reported: once per element per page, even when the tracker stops and starts again. */
const reported = new WeakSet<Element>();

/**
 * Exposures of elements marked `data-track-exposure="<id>"` (product cards, banners): reported once an element has
 * been at least half visible for one continuous second. Elements the islands draw later (search results) are
 * picked up as they are added.
 * @returns the function that stops watching
 */
export function watchExposures(report: (event: TrackedEvent) => void): () => void {
  const timers = new Map<Element, ReturnType<typeof setTimeout>>();
  const io = new IntersectionObserver(
    (entries) => {
      for (const { target, isIntersecting, intersectionRatio } of entries) {
        if (isIntersecting && intersectionRatio >= 0.5) {
          if (timers.has(target)) continue;
          timers.set(
            target,
            setTimeout(() => {
              timers.delete(target);
              reported.add(target);
              io.unobserve(target);
              report({ kind: 'exposure', target: (target.getAttribute('data-track-exposure') ?? '').slice(0, 120) });
            }, EXPOSURE_MS),
          );
        } else {
          clearTimeout(timers.get(target));
          timers.delete(target);
        }
      }
    },
    { threshold: 0.5 },
  );
  const observe = (el: Element) => reported.has(el) || io.observe(el);
  const scan = (root: Element | Document) => root.querySelectorAll(SELECTOR).forEach(observe);
  scan(document);
  const mo = new MutationObserver((records) => {
    for (const record of records)
      for (const node of Array.from(record.addedNodes))
        if (node instanceof Element) {
          if (node.matches(SELECTOR)) observe(node);
          scan(node);
        }
  });
  mo.observe(document.body, { childList: true, subtree: true });
  return () => {
    io.disconnect();
    mo.disconnect();
    for (const timer of timers.values()) clearTimeout(timer);
    timers.clear();
  };
}
