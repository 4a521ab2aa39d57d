import { fixedImage } from '../../../sites/image-renditions';
import type { HeaderFooter } from '../../../content/schemas/header-footer.schema';
import type { ShellContext, StorefrontContext } from '../../page-context';
import { Icon } from '../../components/icons';
import { RegulatorLink } from '../../components/regulator-link';
import { SmartLink } from '../../components/smart-link';
import type { Translate } from '../../components/translate';
import { WidgetHost } from '../../components/widget-host';
import { ServiceContact } from '../../components/service-contact';
import { ChatLauncher } from '../../components/chat-launcher';
import { FooterSubscribe } from './footer-subscribe';
import { complianceQr, copyrightLine, showCompanyBlock, showCookiePolicy, showSubscribe } from './footer-rules';

export interface FooterProps {
  shell: ShellContext;
  t: Translate;
}

type Footer = HeaderFooter['footer'];

/**
 * Consent banner and chat launcher: on every page with a footer, outside the footer's layout. The launcher is
 * a round icon button of one fixed size in every language and state (the island keeps the same box), so its
 * mounting and loading never shift the page.
 */
function FooterWidgets({ storefront, t }: { storefront: StorefrontContext; t: Translate }) {
  return (
    <>
      <WidgetHost
        name="consent"
        load="eager"
        storefront={storefront}
        props={{ level: storefront.cookiePolicyLevel, policyHref: `${storefront.home}support/policy/cookie-policy/` }}
      />
      <ChatLauncher storefront={storefront} t={t} />
    </>
  );
}

/**
 * Reopens the consent preferences from every page (withdrawing is as easy as giving consent). A button,
 * since it opens a dialog: the eagerly loaded consent island answers any `[data-consent-open]` click.
 */
function CookieSettingsButton({ t }: { t: Translate }) {
  return (
    <button type="button" data-consent-open="" className="footer__cookie-settings">
      {t('consent.preferences')}
    </button>
  );
}

/** Reduced footer: only payment terms and the regulator logo. */
function ReducedFooter({ shell, t }: FooterProps) {
  const { footer } = shell.headerFooter;
  return (
    <>
      <footer className="footer footer--reduced">
        {footer.terms.paymentTerms && <p className="footer__terms">{footer.terms.paymentTerms}</p>}
        <RegulatorLink className="footer__regulator" regulator={footer.regulator} />
        <p className="footer__legal">
          <CookieSettingsButton t={t} />
        </p>
      </footer>
      <FooterWidgets storefront={shell.storefront} t={t} />
    </>
  );
}

function Columns({ footer }: { footer: Footer }) {
  return (
    <div className="footer__columns">
      {footer.navigation.map((group) => (
        <div key={group.title} className="footer__column">
          <h2 className="footer__title">{group.title}</h2>
          <ul role="list">
            {group.links.map((link) => (
              <li key={link.url + link.text}>
                <SmartLink href={link.url}>{link.text}</SmartLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

function Social({ social }: { social: Footer['socialMedia'] }) {
  if (social.icons.length === 0) return null;
  return (
    <section className="footer__social" aria-labelledby="footer-social-title">
      <h2 id="footer-social-title" className="footer__title">
        {social.title}
      </h2>
      <ul role="list">
        {social.icons.map((icon) => (
          <li key={icon.url}>
            <SmartLink href={icon.url}>
              <img {...fixedImage(icon.imgUrl, 32)} alt={icon.title} width={32} height={32} loading="lazy" />
            </SmartLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

function CustomerService({ storefront, t }: { storefront: StorefrontContext; t: Translate }) {
  return (
    <section className="footer__service" aria-labelledby="footer-service-title">
      <h2 id="footer-service-title" className="footer__title">
        {t('footer.customerService')}
      </h2>
      <ul role="list">
        <li>
          <a href={`${storefront.home}contact/`}>{t('support.contact')}</a>
        </li>
        <li>
          <a href={`${storefront.home}support/`}>{t('support.title')}</a>
        </li>
      </ul>
      <ServiceContact storefront={storefront} t={t} variant="footer" />
    </section>
  );
}

/** App download aside: QR code and store link. Hidden on mobile and tablet (footer.css). */
function AppDownload({ app }: { app: Footer['app'] }) {
  return (
    <aside className="footer__app" aria-labelledby="footer-app-title">
      <h2 id="footer-app-title" className="footer__title">
        {app.title}
      </h2>
      <img {...fixedImage(app.qrCodeUrl, 96)} alt={app.description} width={96} height={96} loading="lazy" />
      <p>{app.description}</p>
      <SmartLink href={app.googlePlayUrl}>{app.googlePlayDesc}</SmartLink>
    </aside>
  );
}

function CompanyBlock({ company, local }: { company: NonNullable<Footer['company']>; local: string }) {
  return (
    <section className={`footer__company footer__company--${local}`} aria-label={company.name}>
      <p className="footer__company-name">{company.name}</p>
      <dl>
        {company.details.map((detail) => (
          <div key={detail.label}>
            <dt>{detail.label}</dt>
            <dd>{detail.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * The site footer: link columns, social icons, subscribe box, customer service, app download,
 * compliance QR, legal company block, footnotes and the bottom line (sitemap, cookie policy, location switch,
 * copyright). Every rule that hides a part lives in footer-rules.ts. The co regulator logo is not here: it goes
 * on the support page (templates/support.tsx) and in the reduced footer only.
 */
export function Footer({ shell, t }: FooterProps) {
  if (shell.footerMode === 'reduced') return <ReducedFooter shell={shell} t={t} />;
  const { storefront, headerFooter, year } = shell;
  const { footer } = headerFooter;
  const qr = complianceQr(footer);
  const home = storefront.home;
  const footnotes = [...footer.footnotes].sort((a, b) => a.index - b.index);
  return (
    <>
      <footer className="footer">
        <div className="footer__top">
          <Columns footer={footer} />
          <div className="footer__side">
            {showSubscribe(storefront, footer) && (
              <FooterSubscribe connect={footer.connect} storefront={storefront} t={t} />
            )}
            <Social social={footer.socialMedia} />
            <CustomerService storefront={storefront} t={t} />
          </div>
          <AppDownload app={footer.app} />
        </div>
        {qr && (
          <p className="footer__compliance">
            <SmartLink href={qr.url}>
              <img {...fixedImage(qr.img, 80)} alt="" width={80} height={80} loading="lazy" />
              <span>{qr.desc}</span>
            </SmartLink>
          </p>
        )}
        {showCompanyBlock(storefront, footer) && footer.company && (
          <CompanyBlock company={footer.company} local={storefront.local} />
        )}
        {footnotes.length > 0 && (
          <ol className="footer__notes" role="list">
            {footnotes.map((note) => (
              <li key={note.index}>
                <sup>{note.index}</sup> {note.content}
              </li>
            ))}
          </ol>
        )}
        <div className="footer__bottom">
          <p className="footer__copyright">{copyrightLine(t, year, storefront.siteName)}</p>
          <ul className="footer__legal" role="list">
            <li>
              <a href={`${home}sitemap/`}>{t('footer.sitemap')}</a>
            </li>
            {showCookiePolicy(storefront) && (
              <li>
                <a href={`${home}support/policy/cookie-policy/`}>{t('footer.cookiePolicy')}</a>
              </li>
            )}
            <li>
              <CookieSettingsButton t={t} />
            </li>
            <li>
              <a className="footer__location" href={`${home}select-location/`}>
                <Icon name="globe" />
                <span>{storefront.countryName}</span>
                <span className="visually-hidden"> – {t('footer.selectLocation')}</span>
              </a>
            </li>
          </ul>
        </div>
      </footer>
      <FooterWidgets storefront={storefront} t={t} />
      {/* Empty in the HTML: the tip exists only for a browser the API offers it to, never for a crawler. */}
      <WidgetHost name="country-tip" load="idle" storefront={storefront} />
      {/*
       * Empty too, and without a box on tablets and desktops (footer.css), so the island never even loads there: the
       * app banner is for phones, and for the web only (the apps' pages have no footer). Not on payment pages.
       */}
      <WidgetHost name="app-banner" load="visible" storefront={storefront} className="app-banner-host" />
    </>
  );
}
