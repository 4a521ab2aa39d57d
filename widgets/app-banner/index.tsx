import { useSignal } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import { mountPreact } from '../lib/mount-preact';
import { adoptStyles } from '../lib/styles';
import { t } from '../lib/strings';
import { mobilePlatform, storeAppVersion } from '../lib/store-app-agent';
import { diversionApi, type Diversion } from '../request/diversion-api';
import { propsOf, type BaseProps } from '../runtime/types';
import type { HostProps } from '../contract';
import { consentPending } from '../state/consent';
import { site } from '../state/site';
import { bannerDismissed, dismissBanner } from './dismissal';
import { bannerAction, bannerShows, channelTag, fallbackButtonKey, type BannerAction } from './rules';
import { afterLoadAndIdle, firstInteraction, openAppOrStore } from './timing';

type Props = HostProps<'app-banner'>;

/*
 * A card floating above the chat launcher's corner (which never moves): fixed, so showing it shifts nothing, and
 * it comes in by a transform. The text has the card's width (long languages stay readable), the button goes below
 * it, the close button in the corner. The page ends above it while it shows (--app-banner-height, footer.css).
 */
const CSS =
  `.app-banner{position:fixed;z-index:2147480999;inset-inline:.75rem;inset-block-end:calc(1.75rem + 56px);` +
  `display:grid;grid-template-columns:1fr auto;grid-template-areas:"text close" "open close";gap:.5rem .25rem;` +
  `align-items:start;padding:.75rem .25rem .75rem 1rem;background:#fff;color:#191919;border-radius:.75rem;` +
  `box-shadow:0 6px 24px rgb(0 0 0/.18);font-size:.875rem;animation:app-banner-in .25s ease-out}
@keyframes app-banner-in{from{opacity:0;transform:translateY(1rem)}}
@media (prefers-reduced-motion:reduce){.app-banner{animation:none}}
.app-banner__text{grid-area:text;min-inline-size:0}
.app-banner__title{margin:0;font-size:1rem;font-weight:700;line-height:1.3}
.app-banner__content{margin:.125rem 0 0;color:#595959;line-height:1.3;display:-webkit-box;-webkit-line-clamp:3;` +
  `-webkit-box-orient:vertical;overflow:hidden}
.app-banner__open{grid-area:open;justify-self:start;display:inline-flex;align-items:center;min-block-size:44px;` +
  `padding:.5rem 1.25rem;border-radius:999px;background:var(--color-brand-dark,#b34700);color:#fff;font-weight:700;` +
  `text-decoration:none}
.app-banner__close{grid-area:close;margin-block-start:-.5rem;min-inline-size:44px;min-block-size:44px;padding:0;` +
  `border:0;background:none;color:inherit;font-size:1.5rem;line-height:1;cursor:pointer}`;

/** While the banner shows, the page ends this far above the bottom edge (body padding, footer.css). */
const HEIGHT_PROPERTY = '--app-banner-height';

/** Publishes how much of the viewport's bottom the banner covers (its top to the bottom edge) while it shows. */
function useCoveredHeight(banner: { current: HTMLElement | null }, shown: boolean): void {
  useEffect(() => {
    const body = document.body.style;
    const element = banner.current;
    if (!shown || !element) return;
    const publish = () =>
      body.setProperty(HEIGHT_PROPERTY, `${Math.ceil(window.innerHeight - element.getBoundingClientRect().top)}px`);
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(publish) : undefined;
    if (observer) observer.observe(element);
    else publish();
    return () => {
      observer?.disconnect();
      body.removeProperty(HEIGHT_PROPERTY);
    };
  }, [shown]);
}

interface Shown {
  diversion: Diversion;
  action: BannerAction;
}

/**
 * The app banner of the mobile web: the storefront's diversion (CMS), offered once the shopper uses the page,
 * never in the apps' webviews, on desktops or after the shopper closed it. Its button opens the app at the banner's
 * link, or the app's store page (App Store or Google Play) when the app is not installed.
 */
function AppBanner({ props }: { props: Props }) {
  const s = props.strings;
  const offer = useSignal<Shown | null>(null);
  const banner = useRef<HTMLElement>(null);
  useEffect(() => {
    const userAgent = navigator.userAgent;
    const platform = mobilePlatform(userAgent, navigator.maxTouchPoints);
    const inApp = site.value.app !== 'web' || storeAppVersion(userAgent) !== null;
    if (!platform || inApp || bannerDismissed()) return;
    const stop = new AbortController();
    void (async () => {
      await afterLoadAndIdle(stop.signal);
      const diversion = await diversionApi(props.api)
        .banner(channelTag(location.search))
        // No banner for the storefront (or none reachable): nothing shows.
        .catch(() => null);
      if (!diversion || stop.signal.aborted) return;
      if (!bannerShows(diversion, { platform, inApp, dismissed: bannerDismissed() })) return;
      await firstInteraction(stop.signal);
      const action = bannerAction(diversion, platform);
      if (action && !stop.signal.aborted && !bannerDismissed()) offer.value = { diversion, action };
    })();
    return () => stop.abort();
  }, []);
  // One floating layer at a time: the consent banner, which also sits at the bottom, goes first.
  const shown = offer.value !== null && !consentPending.value;
  useCoveredHeight(banner, shown);
  if (!shown || !offer.value) return null;
  const { diversion, action } = offer.value;
  const label = diversion.buttonText.trim() || t(s, fallbackButtonKey(diversion));
  return (
    <section class="app-banner" ref={banner} aria-labelledby="app-banner-title" data-testid="app-banner">
      <div class="app-banner__text">
        <p class="app-banner__title" id="app-banner-title">
          {diversion.title}
        </p>
        {diversion.content.trim() && <p class="app-banner__content">{diversion.content}</p>}
      </div>
      <a
        class="app-banner__open"
        href={action.href}
        data-testid="app-banner-open"
        onClick={(e) => {
          if (action.kind !== 'app') return;
          e.preventDefault();
          openAppOrStore(action.href, action.fallback);
        }}
      >
        {label}
      </a>
      <button
        type="button"
        class="app-banner__close"
        aria-label={t(s, 'app.banner.dismiss')}
        title={t(s, 'app.banner.dismiss')}
        data-testid="app-banner-close"
        onClick={() => {
          dismissBanner();
          offer.value = null;
        }}
      >
        <span aria-hidden="true">×</span>
      </button>
    </section>
  );
}

export function mount(host: HTMLElement, props: BaseProps): () => void {
  adoptStyles('app-banner', CSS);
  return mountPreact(host, <AppBanner props={propsOf<'app-banner'>(props)} />);
}
