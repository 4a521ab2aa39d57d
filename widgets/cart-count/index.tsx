import { useEffect } from 'preact/hooks';
import { mountPreact } from '../lib/mount-preact';
import { adoptStyles } from '../lib/styles';
import { t } from '../lib/strings';

// The badge's look is shared with the account icon's unread badge (src/styles/widgets.css).
const CSS =
  `.cart-count{position:relative;display:inline-flex;align-items:center;min-inline-size:44px;min-block-size:` +
  `44px;justify-content:center;color:inherit}
.cart-count__badge[data-count="0"]{display:none}`;
import { propsOf, type BaseProps } from '../runtime/types';
import type { HostProps } from '../contract';
import { badgeText, cartCount, refreshMiscInfo } from '../state/cart-count';

type Props = HostProps<'cart-count'>;

function CartCount({ props }: { props: Props }) {
  const s = props.strings;
  useEffect(() => {
    void refreshMiscInfo().catch(() => undefined);
    // Another tab or island changed the cart without a count: ask the server again.
    const onChange = (e: Event) => {
      if (typeof (e as CustomEvent<{ total?: number }>).detail?.total !== 'number')
        void refreshMiscInfo().catch(() => undefined);
    };
    document.addEventListener('cart:changed', onChange);
    // Back online, or back on this page from the back/forward cache: the count shown may be from before a change
    // made meanwhile (in another tab, or before the connection dropped), so ask again rather than show a stale one.
    const refresh = () => void refreshMiscInfo().catch(() => undefined);
    const onPageShow = (e: PageTransitionEvent) => {
      if (e.persisted) refresh();
    };
    window.addEventListener('online', refresh);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      document.removeEventListener('cart:changed', onChange);
      window.removeEventListener('online', refresh);
      window.removeEventListener('pageshow', onPageShow);
    };
  }, []);
  const count = cartCount.value ?? 0;
  return (
    <span class="header-counters">
      {/* biome-ignore lint/a11y/useAnchorContent: aria-label names it (with the count); the rest is decoration */}
      <a
        class="cart-count"
        href={props.cartHref ?? `/${props.urlLocal}/cart/`}
        aria-label={t(s, 'header.cartCount', { count })}
        data-testid="cart-count"
      >
        <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24">
          <path
            fill="currentColor"
            d={
              'M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4zM5.2 4l.9 2H21l-3.6 7H8.1' +
              'l-.9 1.6L7 16h12v-2H8.4l1-2h7.4l3.2-6H6.2L5.2 2H2v2z'
            }
          />
        </svg>
        <span class="cart-count__badge" data-count={count} aria-hidden="true">
          {badgeText(count)}
        </span>
      </a>
    </span>
  );
}

export function mount(host: HTMLElement, props: BaseProps): () => void {
  adoptStyles('cart-count', CSS);
  return mountPreact(host, <CartCount props={propsOf<'cart-count'>(props)} />);
}
