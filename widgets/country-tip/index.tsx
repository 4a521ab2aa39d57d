import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { mountPreact } from '../lib/mount-preact';
import { adoptStyles } from '../lib/styles';
import { propsOf, type BaseProps } from '../runtime/types';
import type { HostProps } from '../contract';
import { readCookie, writeCookie } from '../consent-gate';
import { COUNTRY_CHOICE_COOKIE, customerContactApi, type CountryTipView } from '../request/customer-contact-api';

type Props = HostProps<'country-tip'>;

const CSS = `.country-tip{position:fixed;inset-block-start:1rem;inset-inline-start:1rem;z-index:900;
max-inline-size:26rem;margin-inline-end:1rem;padding:1rem 1.25rem;background:#fff;color:#191919;border-radius:.75rem;
box-shadow:0 6px 24px rgb(0 0 0/.18)}
.country-tip h2{margin:0 0 .5rem;font-size:1rem}.country-tip p{margin:0 0 .75rem}
.country-tip__actions{display:flex;flex-wrap:wrap;gap:.5rem}
.country-tip__actions a,.country-tip__actions button{min-block-size:44px;padding:.5rem 1rem;border-radius:.5rem;
font:inherit;display:inline-flex;align-items:center;text-decoration:none}
.country-tip__actions a{background:var(--color-brand-dark,#b34700);color:#fff}
.country-tip__actions button{background:none;border:1px solid #8a8a8a;color:inherit;cursor:pointer}`;

/** Without functional consent the cookie may not be written: the answer then lasts for this tab only. */
const SESSION_KEY = COUNTRY_CHOICE_COOKIE;

/** Set when the API found nothing to offer: the tab does not ask again on every page it opens. */
const NOTHING_TO_OFFER_KEY = 'store_tip_none';

function settled(): boolean {
  if (readCookie(COUNTRY_CHOICE_COOKIE)) return true;
  try {
    return sessionStorage.getItem(SESSION_KEY) !== null || sessionStorage.getItem(NOTHING_TO_OFFER_KEY) !== null;
  } catch {
    return false;
  }
}

function rememberNothingToOffer(): void {
  try {
    sessionStorage.setItem(NOTHING_TO_OFFER_KEY, '1');
  } catch {
    // Without storage the next page asks again, which costs one small request.
  }
}

/** Remembers the answer (the storefront chosen) through the consent gate, so the tip is offered once. */
function remember(urlLocal: string): void {
  if (writeCookie(COUNTRY_CHOICE_COOKIE, urlLocal, { days: 365 })) return;
  try {
    sessionStorage.setItem(SESSION_KEY, urlLocal);
  } catch {
    // Storage refused (private mode): the tip may come back on the next page, which is all that is lost.
  }
}

/**
 * The polite offer of the shopper's own country's store, in their language: the API decides (browser language or
 * the CDN's country; never for crawlers) and words it. Nothing redirects; going is a link the shopper follows.
 */
function CountryTip({ props }: { props: Props }) {
  const tip = useSignal<CountryTipView | null>(null);
  useEffect(() => {
    if (settled()) return;
    let live = true;
    customerContactApi(props.api)
      .countryTip()
      .then((answer) => {
        if (!answer.show) rememberNothingToOffer();
        if (live) tip.value = answer;
      })
      // A tip that cannot be loaded is simply not shown.
      .catch(() => undefined);
    return () => void (live = false);
  }, []);
  const answer = tip.value;
  if (!answer?.show || !answer.to || !answer.text) return null;
  const { to, text } = answer;
  const stay = () => {
    remember(props.urlLocal);
    tip.value = null;
  };
  return (
    <section
      class="country-tip"
      lang={to.lang}
      dir={to.dir}
      aria-labelledby="country-tip-title"
      data-testid="country-tip"
    >
      <h2 id="country-tip-title">{text.title}</h2>
      <p>{text.body}</p>
      <div class="country-tip__actions">
        <a href={to.href} hrefLang={to.lang} onClick={() => remember(to.urlLocal)} data-testid="country-tip-go">
          {text.go}
        </a>
        <button type="button" onClick={stay} data-testid="country-tip-stay">
          {text.stay}
        </button>
      </div>
    </section>
  );
}

export function mount(host: HTMLElement, props: BaseProps): () => void {
  adoptStyles('country-tip', CSS);
  return mountPreact(host, <CountryTip props={propsOf<'country-tip'>(props)} />);
}
