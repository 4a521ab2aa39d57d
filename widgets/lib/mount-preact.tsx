import { render, type ComponentChild } from 'preact';

/** Renders a Preact tree into the host in place of the server fallback (not hydrate: React rendered it). */
export function mountPreact(host: HTMLElement, tree: ComponentChild): () => void {
  host.replaceChildren();
  render(tree, host);
  return () => render(null, host);
}
