import { useContext, type ReactNode } from 'react';
import type { StorefrontContext } from '../page-context';
import { CatalogueContext, widgetStrings } from './widget-strings';

/** The closed widget registry of docs/contracts.md; a host with another name would never mount. */
export const WIDGET_NAMES = [
  'consent',
  'header-user',
  'cart-count',
  'mega-menu',
  'slide-menu',
  'language-popover',
  'subscribe',
  'live-chat',
  'add-to-cart',
  'cart',
  'checkout',
  'user-area',
  'search',
  'share',
  'countdown',
  'error-page',
] as const;
export type WidgetName = (typeof WIDGET_NAMES)[number];

export function isWidgetName(name: string): name is WidgetName {
  return (WIDGET_NAMES as readonly string[]).includes(name);
}

export type WidgetLoad = 'eager' | 'idle' | 'visible' | 'interaction';

export interface WidgetHostProps {
  name: WidgetName;
  load: WidgetLoad;
  storefront: Pick<StorefrontContext, 'local' | 'urlLocal' | 'api'>;
  props?: Record<string, unknown>;
  className?: string;
  children?: ReactNode;
}

/** The props every widget receives (contracts.md): the storefront's country, URL prefix and API base. */
export function baseWidgetProps(storefront: WidgetHostProps['storefront']): Record<string, string> {
  return { local: storefront.local, urlLocal: storefront.urlLocal, api: storefront.api };
}

/**
 * Renders `<store-widget name load props='…'>fallback</store-widget>`. The fallback is the server-rendered
 * content shown until (and unless) the island mounts, so it must work on its own with JavaScript off.
 * React escapes the JSON attribute (quotes, `<`, `&`), so props cannot break out of the element. The widget's
 * UI strings come from the catalogue in CatalogueContext (set by the layout and the slices).
 */
export function WidgetHost({ name, load, storefront, props = {}, className, children }: WidgetHostProps) {
  const strings = widgetStrings(name, useContext(CatalogueContext));
  const json = JSON.stringify({ ...baseWidgetProps(storefront), ...(strings ? { strings } : {}), ...props });
  return (
    <store-widget name={name} load={load} props={json} class={className}>
      {children}
    </store-widget>
  );
}
