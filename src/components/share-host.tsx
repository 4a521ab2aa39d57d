import { getSiteConfig } from '../../sites';
import type { StorefrontContext } from '../page-context';
import { WidgetHost } from './widget-host';

export interface ShareHostProps {
  storefront: StorefrontContext;
  url: string; // absolute canonical URL
  title: string;
  image: string;
  desc: string;
}

/**
 * The `share` island with the country's share networks. Sharing needs pop-ups or the clipboard, so
 * there is no static fallback: without JavaScript the host stays empty.
 */
export function ShareHost({ storefront, url, title, image, desc }: ShareHostProps) {
  const networks = getSiteConfig(storefront.local).shareNetworks;
  return (
    <WidgetHost name="share" load="visible" storefront={storefront} props={{ url, title, image, desc, networks }} />
  );
}
