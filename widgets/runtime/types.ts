import type { HostProps, SiteProps, WidgetName } from '../contract';

/**
 * What the runtime hands every widget: the host's parsed props. Each widget narrows them to its own
 * `HostProps<name>` of widgets/contract.ts, which the build's hosts are checked against.
 */
export type BaseProps = SiteProps & Record<string, unknown>;

/**
 * Every widget module exports mount; it returns the unmount function, or a promise of it when the island first
 * needs something from the network (the header panels' content): the host counts as mounted, and a click held
 * while it loaded is replayed, only once that promise settles.
 */
export interface WidgetModule {
  mount(host: HTMLElement, props: BaseProps): (() => void) | Promise<() => void>;
}

/**
 * The host's props as widget N's own: the build wrote them from the same contract, which tsc checks in src/ and
 * plugins/.
 */
export function propsOf<N extends WidgetName>(props: BaseProps): HostProps<N> {
  return props as unknown as HostProps<N>;
}
