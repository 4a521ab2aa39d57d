/** Icon loading: idle → loading → loaded | error; 100 ms debounce on name change; 5 s timeout; cache of 100. */
export const ICON_DEBOUNCE_MS = 100;
export const ICON_TIMEOUT_MS = 5000;
export const ICON_CACHE_MAX = 100;
/** Icon catalogue categories. */
export const ICON_CATEGORIES = [
  'category',
  'common',
  'editor',
  'filled',
  'multi-color-service',
  'service',
  'social-media',
] as const;
export type IconCategory = (typeof ICON_CATEGORIES)[number];

export type IconState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'loaded'; svg: string }
  | { status: 'error'; reason: 'timeout' | 'http' | 'invalid' };

/** An empty placeholder used when an SVG is invalid. */
export const PLACEHOLDER_SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" aria-hidden="true"></svg>';

/** Least-recently-used map capped at `max` entries. */
export class LruCache<V> {
  private readonly map = new Map<string, V>();
  constructor(readonly max = ICON_CACHE_MAX) {}
  get(key: string): V | undefined {
    const v = this.map.get(key);
    if (v !== undefined) {
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }
  set(key: string, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    while (this.map.size > this.max) this.map.delete(this.map.keys().next().value as string);
  }
  get size(): number {
    return this.map.size;
  }
}

/** Only a plain <svg> without scripts or event handlers is accepted. */
export function isSafeSvg(text: string): boolean {
  const t = text.trim();
  return (
    /^(<\?xml[^>]*>\s*)?<svg[\s>]/i.test(t) && /<\/svg>\s*$/i.test(t) && !/<script|\son\w+\s*=|javascript:/i.test(t)
  );
}

export interface IconLoaderDeps {
  fetch: typeof fetch;
  /** Static asset host for icons; files are {base}/{category}/{name}.svg. */
  base: string;
}

/** Creates a loader sharing one cache; `watch` follows one icon slot whose name may change. */
export function createIconLoader({ fetch: doFetch, base }: IconLoaderDeps) {
  const cache = new LruCache<string>();

  async function load(category: IconCategory, name: string): Promise<IconState> {
    const key = `${category}/${name}`;
    const hit = cache.get(key);
    if (hit !== undefined) return { status: 'loaded', svg: hit };
    const ctrl = new AbortController();
    const timer = setTimeout(() => ctrl.abort(), ICON_TIMEOUT_MS);
    try {
      const res = await doFetch(`${base}/${key}.svg`, { signal: ctrl.signal, cache: 'no-cache' });
      if (!res.ok) return { status: 'error', reason: 'http' };
      const text = await res.text();
      const svg = isSafeSvg(text) ? text : PLACEHOLDER_SVG;
      cache.set(key, svg);
      return { status: 'loaded', svg };
    } catch {
      return { status: 'error', reason: ctrl.signal.aborted ? 'timeout' : 'http' };
    } finally {
      clearTimeout(timer);
    }
  }

  /** A slot: `set(category, name)` debounces by 100 ms, then reports loading and the result through onState. */
  function watch(onState: (s: IconState) => void) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let seq = 0;
    onState({ status: 'idle' });
    return {
      set(category: IconCategory, name: string) {
        clearTimeout(timer);
        const mine = ++seq;
        timer = setTimeout(() => {
          onState({ status: 'loading' });
          void load(category, name).then((s) => mine === seq && onState(s));
        }, ICON_DEBOUNCE_MS);
      },
      dispose() {
        clearTimeout(timer);
        seq++;
      },
    };
  }

  return { load, watch, cache };
}
