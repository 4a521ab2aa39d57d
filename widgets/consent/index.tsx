import { useSignal } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import {
  ALL_CATEGORIES,
  CATEGORY,
  allowedCategories,
  consentPending,
  saveConsent,
  type Category,
  type CategoryName,
} from '../consent-gate';
import { mountPreact } from '../lib/mount-preact';
import { Modal } from '../lib/modal';
import { adoptStyles, MODAL_CSS } from '../lib/styles';
import { t } from '../lib/strings';

const CSS =
  `
.consent-banner{position:fixed;inset-inline:0;inset-block-end:0;z-index:2147481000;background:#fff;border-` +
  `block-start:1px solid var(--color-line,#e0e0e0);box-shadow:0 -4px 16px rgb(0 0 0/12%);padding:.75rem ` +
  `clamp(1rem,4vw,3rem);display:flex;flex-wrap:wrap;gap:.5rem ` +
  `1rem;align-items:center;justify-content:space-between;font-size:.875rem}
.consent-banner__text{margin:0;flex:1 1 30rem}
.consent-banner__actions{display:flex;flex-wrap:wrap;gap:.5rem}
body:has(.chat-host) .consent-banner__actions{padding-inline-end:calc(56px + 1rem)}
.consent-banner__actions button{min-block-size:44px}
.consent-categories{border:0;padding:0;margin:0 0 1rem}
.consent-category{display:grid;grid-template-columns:auto 1fr;gap:.25rem ` +
  `.75rem;align-items:center;padding:.5rem 0;border-block-end:1px solid var(--color-line,#e0e0e0)}
.consent-category p{grid-column:2;margin:0;color:var(--color-muted,#595959);font-size:.875rem}
.consent-category input{inline-size:1.25rem;block-size:1.25rem}
`;
import { propsOf, type BaseProps } from '../runtime/types';
import type { HostProps } from '../contract';

type Props = HostProps<'consent'>;

const NAMES = Object.keys(CATEGORY) as CategoryName[];

/**
 * While the banner shows, the page ends this far above the bottom edge (body padding, footer.css), so the
 * footer's last links stay reachable under it. The chat launcher does not move: the banner leaves its corner free.
 */
const BANNER_HEIGHT_PROPERTY = '--consent-banner-height';

/** Publishes the banner's height on <body> (where footer.css reads it) while it is shown. */
function useBannerHeight(banner: { current: HTMLElement | null }, shown: boolean): void {
  useEffect(() => {
    const body = document.body.style;
    const element = banner.current;
    if (!shown || !element) {
      body.removeProperty(BANNER_HEIGHT_PROPERTY);
      return;
    }
    const publish = () =>
      body.setProperty(BANNER_HEIGHT_PROPERTY, `${Math.ceil(element.getBoundingClientRect().height)}px`);
    // The banner's text wraps differently as the viewport (or the zoom) changes. The observer's first report comes
    // with the next frame's layout, so the first height costs no layout of its own.
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(publish) : undefined;
    if (observer) observer.observe(element);
    else publish();
    return () => {
      observer?.disconnect();
      body.removeProperty(BANNER_HEIGHT_PROPERTY);
    };
  }, [shown]);
}
/**
 * Consent banner and preferences dialog. The banner shows while nothing is stored (never in app webviews);
 * any `[data-consent-open]` element on the page reopens the preferences.
 */
function Consent({ props }: { props: Props }) {
  const s = props.strings;
  const dialogOpen = useSignal(false);
  const choice = useSignal<Set<Category>>(new Set(allowedCategories.value));
  const banner = useRef<HTMLElement>(null);
  const bannerShown = consentPending.value && !dialogOpen.value;
  useBannerHeight(banner, bannerShown);

  useEffect(() => {
    const open = (e: Event) => {
      if (!(e.target as Element | null)?.closest?.('[data-consent-open]') && e.type === 'click') return;
      e.preventDefault();
      choice.value = new Set(allowedCategories.value);
      dialogOpen.value = true;
    };
    document.addEventListener('click', open);
    document.addEventListener('consent:open', open);
    return () => {
      document.removeEventListener('click', open);
      document.removeEventListener('consent:open', open);
    };
  }, []);

  const save = (cats: Iterable<Category>) => {
    saveConsent(cats);
    dialogOpen.value = false;
  };
  const toggle = (c: Category, on: boolean) => {
    const next = new Set(choice.value);
    if (on) next.add(c);
    else next.delete(c);
    choice.value = next;
  };

  return (
    <>
      {bannerShown ? (
        <section
          ref={banner}
          class="consent-banner"
          role="region"
          aria-label={t(s, 'consent.title')}
          data-testid="consent-banner"
        >
          <p class="consent-banner__text">
            {t(s, 'consent.message')}{' '}
            {props.policyHref ? <a href={props.policyHref}>{t(s, 'footer.cookiePolicy')}</a> : null}
          </p>
          <div class="consent-banner__actions">
            <button type="button" onClick={() => save(ALL_CATEGORIES)} data-testid="consent-accept">
              {t(s, 'consent.acceptAll')}
            </button>
            <button type="button" onClick={() => save([CATEGORY.required])} data-testid="consent-reject">
              {t(s, 'consent.rejectAll')}
            </button>
            <button
              type="button"
              onClick={() => {
                choice.value = new Set(allowedCategories.value);
                dialogOpen.value = true;
              }}
              data-testid="consent-preferences"
            >
              {t(s, 'consent.preferences')}
            </button>
          </div>
        </section>
      ) : null}
      <Modal
        open={dialogOpen.value}
        title={t(s, 'consent.title')}
        closeLabel={t(s, 'common.close')}
        onClose={() => (dialogOpen.value = false)}
      >
        <form
          onSubmit={(e) => {
            e.preventDefault();
            save(choice.value);
          }}
        >
          <fieldset class="consent-categories">
            <legend>{t(s, 'consent.categories')}</legend>
            {NAMES.map((name) => {
              const c = CATEGORY[name];
              const id = `consent-cat-${name}`;
              return (
                <div class="consent-category" key={name}>
                  <input
                    type="checkbox"
                    id={id}
                    name={name}
                    checked={c === CATEGORY.required || choice.value.has(c)}
                    disabled={c === CATEGORY.required}
                    aria-describedby={`${id}-desc`}
                    onChange={(e) => toggle(c, (e.target as HTMLInputElement).checked)}
                  />
                  <label for={id}>{t(s, `consent.category.${name}`)}</label>
                  <p id={`${id}-desc`}>{t(s, `consent.category.${name}.description`)}</p>
                </div>
              );
            })}
          </fieldset>
          <button type="submit" data-testid="consent-save">
            {t(s, 'consent.save')}
          </button>
          <button type="button" onClick={() => save(ALL_CATEGORIES)}>
            {t(s, 'consent.acceptAll')}
          </button>
        </form>
      </Modal>
    </>
  );
}

export function mount(host: HTMLElement, props: BaseProps): () => void {
  adoptStyles('modal', MODAL_CSS);
  adoptStyles('consent', CSS);
  return mountPreact(host, <Consent props={propsOf<'consent'>(props)} />);
}
