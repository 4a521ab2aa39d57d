import { updateSiteFromProps } from '../state/site';
import { isWidgetName, registry } from './registry';
import { nextTask } from './next-task';
import { strategyFor } from './strategies';
import type { BaseProps } from './types';
import { widgetFailed } from './widget-error';

/** Reads the host's props attribute (JSON rendered by the build). */
export function readProps(el: Element): BaseProps {
  const raw = el.getAttribute('props');
  const parsed: unknown = raw ? JSON.parse(raw) : {};
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new TypeError('props must be a JSON object');
  return parsed as BaseProps;
}

/**
 * `<store-widget name load props>`: the one host element of every island (STYLE.md, after Astro's astro-island).
 * Mounts in connectedCallback by its loading strategy, unmounts in disconnectedCallback. A failure keeps the
 * server fallback and never touches other islands.
 */
export class StoreWidget extends HTMLElement {
  private unmount: (() => void) | null = null;
  /** Bumped on disconnect so a load that finishes late does not mount into a detached host. */
  private generation = 0;

  connectedCallback(): void {
    const generation = ++this.generation;
    const name = this.getAttribute('name') ?? '';
    let started: Promise<void> | null = null;
    const load = () => (started ??= this.mountWidget(name, generation));
    try {
      strategyFor(this.getAttribute('load'))(load, this.getAttribute('load-options'), this);
    } catch (error) {
      widgetFailed(this, { name, error, code: 'STRATEGY_FAILED' });
    }
  }

  disconnectedCallback(): void {
    this.generation++;
    const unmount = this.unmount;
    this.unmount = null;
    try {
      unmount?.();
    } catch (error) {
      widgetFailed(this, { name: this.getAttribute('name') ?? '', error, code: 'UNMOUNT_FAILED' });
    }
    this.removeAttribute('data-state');
  }

  private async mountWidget(name: string, generation: number): Promise<void> {
    this.setAttribute('data-state', 'loading');
    const fallback = Array.from(this.childNodes, (n) => n.cloneNode(true));
    let code = 'MODULE_NOT_FOUND';
    try {
      if (!isWidgetName(name)) throw Object.assign(new Error(`Cannot find module '${name}'`), { code });
      const props = readProps(this);
      updateSiteFromProps(props);
      const mod = await registry[name]();
      // Each island mounts in a task of its own (see next-task.ts).
      await nextTask();
      if (generation !== this.generation) return;
      code = 'MOUNT_FAILED';
      const unmount = await mod.mount(this, props);
      if (generation !== this.generation) {
        unmount();
        return;
      }
      this.unmount = unmount;
      this.setAttribute('data-state', 'mounted');
    } catch (error) {
      if (generation !== this.generation) return;
      // Put the server fallback back in case the widget had started to render.
      this.replaceChildren(...fallback);
      this.setAttribute('data-state', 'error');
      widgetFailed(this, { name, error, code });
    }
  }
}
