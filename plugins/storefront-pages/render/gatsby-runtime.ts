/**
 * Gatsby puts its React runtime into every page: the generator tag, preloads of its webpack chunks and of
 * page-data, the page-path loader script and the `_gatsby-scripts` slice with the app's scripts. The pages are
 * complete without it (nothing hydrates), so onPreRenderHTML drops it: a page ships only the islands it holds.
 * JSON-LD scripts are data, not code, and stay; so do the elements this plugin adds (keys starting `islands-`).
 */
import type { ReactNode } from 'react';

interface ElementLike {
  type?: unknown;
  key?: string | null;
  props?: Record<string, unknown>;
}

/** True for an element that belongs to Gatsby's client runtime. */
export function isGatsbyRuntime(node: ReactNode): boolean {
  if (!node || typeof node !== 'object' || !('props' in node)) return false;
  const element = node as ElementLike;
  if (typeof element.key === 'string' && element.key.startsWith('islands-')) return false;
  const props = element.props ?? {};
  if (props.sliceId === '_gatsby-scripts') return true;
  switch (element.type) {
    case 'meta':
      return props.name === 'generator';
    case 'script':
      return props.type !== 'application/ld+json';
    case 'link':
      return props.as === 'script' || props.as === 'fetch' || props.rel === 'prefetch' || props.rel === 'modulepreload';
    default:
      return false;
  }
}

/** The components without Gatsby's runtime. */
export function withoutGatsbyRuntime(components: ReactNode[]): ReactNode[] {
  return components.filter((component) => !isGatsbyRuntime(component));
}
