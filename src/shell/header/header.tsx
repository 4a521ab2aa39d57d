import type { ShellContext } from '../../page-context';
import { LogoMark } from '../../components/icons';
import { SmartLink } from '../../components/smart-link';
import type { Translate } from '../../components/translate';
import { HeaderCart, HeaderSearch, HeaderUser } from './header-actions';
import { LanguagePopover } from './language-popover';
import { MegaMenu, type StoreMenu } from './mega-menu';
import { NotificationBar } from './notification-bar';
import { SlideMenu } from './slide-menu';

export interface HeaderProps {
  shell: ShellContext;
  t: Translate;
}

/** The data's navigation version wins over the site default; v0 is the legacy header. */
export function navigationVersion(shell: Pick<ShellContext, 'headerFooter' | 'storefront'>): 'v0' | 'v1' | 'v2' {
  return shell.headerFooter.navigationVersion ?? shell.storefront.navigationVersion;
}

/**
 * The header's root class: the version picks the layout, `shell--poco` moves the desktop breakpoint from
 * 1024 px to 1200 px, because poco sites carry a wider menu.
 */
export function shellClass(shell: Pick<ShellContext, 'headerFooter' | 'storefront'>, base: string): string {
  return `${base} ${base}--${navigationVersion(shell)}${shell.storefront.hasPoco ? ' shell--poco' : ''}`;
}

/** The data's aside links (support, store, business) on desktop; the slide menu lists them on mobile. */
function AsideLinks({ shell }: { shell: ShellContext }) {
  const aside = shell.headerFooter.header.aside;
  if (aside.length === 0) return null;
  return (
    <div className="desktop-only">
      <ul className="header__aside" role="list">
        {aside.map((link) => (
          <li key={link.url + link.content}>
            <SmartLink href={link.url}>{link.content}</SmartLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Logo({ shell }: { shell: ShellContext }) {
  return (
    <a className="logo" href={shell.storefront.home}>
      <LogoMark />
      <span className="visually-hidden">{shell.storefront.siteName}</span>
    </a>
  );
}

/**
 * Legacy header (v0): one bar with logo, desktop mega-menu and actions; below the desktop breakpoint the
 * mega-menu is hidden and the slide menu toggle appears (both are in the HTML; CSS picks one).
 */
function LegacyHeader({ shell, t }: HeaderProps) {
  const { storefront, headerFooter } = shell;
  return (
    <header className={shellClass(shell, 'header')}>
      <NotificationBar notification={headerFooter.notification} />
      <div className="header__bar">
        <Logo shell={shell} />
        <div className="header__nav desktop-only">
          <MegaMenu items={headerFooter.header.main} storefront={storefront} t={t} />
        </div>
        <HeaderSearch storefront={storefront} t={t} id="header-search" />
        <div className="header__actions">
          <AsideLinks shell={shell} />
          <div className="desktop-only">
            <LanguagePopover storefront={storefront} sites={shell.sites} t={t} />
          </div>
          <HeaderUser storefront={storefront} t={t} />
          <HeaderCart storefront={storefront} t={t} />
          <div className="mobile-only">
            <SlideMenu headerFooter={headerFooter} storefront={storefront} t={t} />
          </div>
        </div>
      </div>
    </header>
  );
}

/** The new header's store menu from the data's store navigation, group titles from the catalogue. */
export function storeMenu(shell: ShellContext, t: Translate): StoreMenu {
  const nav = shell.headerFooter.storeNavigation;
  return {
    label: t('header.aside.store'),
    href: `${shell.storefront.home}store/`,
    groups: [
      { title: t('header.store.whatIsNew'), links: nav.whatIsNew },
      { title: t('header.store.keyEvents'), links: nav.keyEvents },
      { title: t('header.store.discountPrograms'), links: nav.discountPrograms },
      { title: t('header.store.eventProducts'), links: nav.eventProducts },
    ],
  };
}

/**
 * New header (v1/v2): a top bar (logo, wide search, switcher, user, cart) above the category bar. The
 * category bar is the same mega-menu on every width: a row on desktop, a horizontally scrolling strip whose
 * panels open on click on mobile, so no slide menu is needed.
 */
function NewHeader({ shell, t }: HeaderProps) {
  const { storefront, headerFooter } = shell;
  return (
    <header className={shellClass(shell, 'header')}>
      <NotificationBar notification={headerFooter.notification} />
      <div className="header__bar">
        <Logo shell={shell} />
        <HeaderSearch storefront={storefront} t={t} id="header-search" />
        <div className="header__actions">
          <AsideLinks shell={shell} />
          <LanguagePopover storefront={storefront} sites={shell.sites} t={t} />
          <HeaderUser storefront={storefront} t={t} />
          <HeaderCart storefront={storefront} t={t} />
        </div>
      </div>
      <div className="header__categories">
        <MegaMenu items={headerFooter.header.main} store={storeMenu(shell, t)} storefront={storefront} t={t} />
      </div>
    </header>
  );
}

/** The site header of a storefront, as the header slice renders it. */
export function Header(props: HeaderProps) {
  return navigationVersion(props.shell) === 'v0' ? <LegacyHeader {...props} /> : <NewHeader {...props} />;
}
