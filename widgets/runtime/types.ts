import type { HostProps, SiteProps, WidgetName } from '../contract';

/**
 * What the runtime hands every widget: the host's parsed props. Each widget narrows them to its own
 * `HostProps<name>` of widgets/contract.ts, which the build's hosts are checked against.
 */
export type BaseProps = SiteProps & Record<string, unknown>;

/** Every widget module exports mount; it returns the unmount function. */
export interface WidgetModule {
  mount(host: HTMLElement, props: BaseProps): () => void;
}

/** The host's props as widget N's own: the build wrote them from the same contract, which tsc checks in src/ and plugins/. */
export function propsOf<N extends WidgetName>(props: BaseProps): HostProps<N> {
  return props as unknown as HostProps<N>;
}
