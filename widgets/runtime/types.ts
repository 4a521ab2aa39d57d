/** Props every host carries (contracts.md "Widget names"), plus the widget's own. */
export interface BaseProps {
  local: string;
  urlLocal: string;
  /** The storefront's API base, e.g. '/api/id'. */
  api: string;
  /** UI strings resolved by the build; widgets fall back to English for missing keys. */
  strings?: Record<string, string>;
  [key: string]: unknown;
}

/** Every widget module exports mount; it returns the unmount function. */
export interface WidgetModule {
  mount(host: HTMLElement, props: BaseProps): () => void;
}
