import type { TrackedEvent } from './track';

/**
 * Clicks on elements marked `data-track="<name>"` (key buttons, product cards, banners): one listener on the
 * document, capturing, so an island that stops a click's propagation still has it counted.
 * @returns the function that stops listening
 */
export function watchClicks(report: (event: TrackedEvent) => void): () => void {
  const onClick = (e: Event) => {
    const name = (e.target as Element | null)?.closest?.('[data-track]')?.getAttribute('data-track');
    if (name) report({ kind: 'click', target: name.slice(0, 120) });
  };
  document.addEventListener('click', onClick, true);
  return () => document.removeEventListener('click', onClick, true);
}
