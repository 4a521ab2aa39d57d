import { useContext, type ReactNode } from 'react';
import type { StorefrontContext } from '../page-context';
import type { SiteFlags, WidgetLoad, WidgetMount, WidgetName, WidgetProps } from '../../widgets/contract';
import { CatalogueContext, widgetStrings } from './widget-strings';

export type { WidgetName, WidgetLoad } from '../../widgets/contract';

export interface WidgetHostProps<N extends WidgetName> {
  name: N;
  load: WidgetLoad;
  storefront: Pick<StorefrontContext, 'local' | 'urlLocal' | 'api'>;
  /** The widget's own props (widgets/contract.ts): a prop the island does not read does not compile. */
  props?: WidgetProps[N] & SiteFlags;
  className?: string;
  children?: ReactNode;
}

/** The props every widget receives (contracts.md): the storefront's country, URL prefix and API base. */
export function baseWidgetProps(storefront: WidgetHostProps<WidgetName>['storefront']): Record<string, string> {
  return { local: storefront.local, urlLocal: storefront.urlLocal, api: storefront.api };
}

/**
 * Renders `<store-widget name load props='…'>fallback</store-widget>`. The fallback is the server-rendered
 * content shown until (and unless) the island mounts, so it must work on its own with JavaScript off.
 * React escapes the JSON attribute (quotes, `<`, `&`), so props cannot break out of the element. The widget's
 * UI strings come from the catalogue in CatalogueContext (set by the layout and the slices).
 */
export function WidgetHost<N extends WidgetName>({
  name,
  load,
  storefront,
  props,
  className,
  children,
}: WidgetHostProps<N>) {
  const strings = widgetStrings(name, useContext(CatalogueContext));
  const json = JSON.stringify({ ...baseWidgetProps(storefront), ...(strings ? { strings } : {}), ...(props ?? {}) });
  return (
    <store-widget name={name} load={load} props={json} class={className}>
      {children}
    </store-widget>
  );
}

/** The island of a widget page (the route table's typed mount). */
export function MountedWidget({
  mount,
  storefront,
  children,
}: {
  mount: WidgetMount;
  storefront: WidgetHostProps<WidgetName>['storefront'];
  children?: ReactNode;
}) {
  // `mount` is one member of the typed union (checked where the route table builds it).
  return (
    <WidgetHost
      name={mount.name}
      load={mount.load}
      storefront={storefront}
      props={mount.props as WidgetProps[WidgetName]}
    >
      {children}
    </WidgetHost>
  );
}
