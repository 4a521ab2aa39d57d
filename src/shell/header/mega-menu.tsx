import type { ReactNode } from 'react';
import type { MenuChild, MenuItem } from '../../../content/schemas/header-footer.schema';
import type { StorefrontContext } from '../../page-context';
import { PanelImage } from '../../components/panel-image';
import { SmartLink } from '../../components/smart-link';
import type { Translate } from '../../components/translate';
import { WidgetHost } from '../../components/widget-host';
import { HeaderPart } from './header-part';
import { NavProductCard } from './nav-product';

/** The store navigation of the new header, shown as one more list-layout item. */
export interface StoreMenu {
  label: string;
  href: string;
  groups: { title: string; links: { title: string; icon: string; gotoUrl: string }[] }[];
}

export interface MegaMenuProps {
  items: readonly MenuItem[];
  store?: StoreMenu;
  storefront: StorefrontContext;
  t: Translate;
  /** Distinguishes ids when a page could hold two menus. */
  idPrefix?: string;
}

/** An item opens a panel when it has second-level content; 'link' items are plain links. */
export function hasPanel(item: MenuItem): boolean {
  return item.type !== 'link' && item.submenu && item.children.length > 0;
}

function ChildLinks({ child }: { child: MenuChild }) {
  if (!child.learnMore && child.addonUrl.length === 0) return null;
  return (
    <ul className="mega__links" role="list">
      {child.learnMore && (
        <li>
          <SmartLink className="mega__learn" href={child.learnMore.gotoUrl}>
            {child.learnMore.text}
            <span className="visually-hidden"> – {child.title}</span>
          </SmartLink>
        </li>
      )}
      {child.addonUrl.map((addon) => (
        <li key={addon.gotoUrl + addon.name}>
          <SmartLink href={addon.gotoUrl}>{addon.text}</SmartLink>
        </li>
      ))}
    </ul>
  );
}

function ProductCards({ child, storefront, t }: { child: MenuChild; storefront: StorefrontContext; t: Translate }) {
  return (
    <ul className="mega__cards" role="list">
      {child.products.map((product) => (
        <li key={product.itemId + product.gotoUrl}>
          <NavProductCard product={product} storefront={storefront} t={t} />
        </li>
      ))}
    </ul>
  );
}

/** Product layout: third-level tabs (role=tablist) over product cards, learn-more and add-on links. */
function ProductLayout({
  item,
  id,
  storefront,
  t,
}: {
  item: MenuItem;
  id: string;
  storefront: StorefrontContext;
  t: Translate;
}) {
  const [only] = item.children;
  if (item.children.length === 1 && only) {
    return (
      <>
        <ProductCards child={only} storefront={storefront} t={t} />
        <ChildLinks child={only} />
      </>
    );
  }
  return (
    <>
      <div className="mega__tabs" role="tablist" aria-label={item.content}>
        {item.children.map((child, index) => (
          <button
            key={child.title}
            type="button"
            role="tab"
            id={`${id}-tab-${index}`}
            aria-selected={index === 0 ? 'true' : 'false'}
            aria-controls={`${id}-tabpanel-${index}`}
            tabIndex={index === 0 ? 0 : -1}
            className="mega__tab"
          >
            {child.title}
            {child.hasNew && <span className="mega__dot" aria-hidden="true" />}
          </button>
        ))}
      </div>
      {item.children.map((child, index) => (
        <div
          key={child.title}
          role="tabpanel"
          id={`${id}-tabpanel-${index}`}
          aria-labelledby={`${id}-tab-${index}`}
          hidden={index !== 0}
          className="mega__tabpanel"
        >
          <ProductCards child={child} storefront={storefront} t={t} />
          <ChildLinks child={child} />
        </div>
      ))}
    </>
  );
}

/** List layout: one column per second-level group (5 columns, 6 on widescreen — see header.css). */
function ListLayout({ item }: { item: MenuItem }) {
  return (
    <div className="mega__columns">
      {item.children.map((child) => (
        <div key={child.title} className="mega__column">
          <p className="mega__column-title">
            {child.title}
            {child.hasNew && <span className="mega__dot" aria-hidden="true" />}
          </p>
          <ul role="list">
            {child.products.map((product) => (
              <li key={product.itemId + product.gotoUrl}>
                <SmartLink href={product.gotoUrl}>{product.name}</SmartLink>
                {product.tag?.subtype === 'new' && <span className="tag tag--new">{product.tag.text}</span>}
              </li>
            ))}
            {child.addonUrl.map((addon) => (
              <li key={addon.gotoUrl + addon.name}>
                <SmartLink href={addon.gotoUrl}>{addon.text}</SmartLink>
              </li>
            ))}
            {child.learnMore && (
              <li>
                <SmartLink className="mega__learn" href={child.learnMore.gotoUrl}>
                  {child.learnMore.text}
                  <span className="visually-hidden"> – {child.title}</span>
                </SmartLink>
              </li>
            )}
          </ul>
        </div>
      ))}
    </div>
  );
}

/** A first-level item without a panel: a plain link. */
interface LinkEntry {
  href: string;
  label: string;
  className: string;
}

/** A first-level item that opens a panel: a category of the data, or the store menu. */
interface PanelEntry extends LinkEntry {
  id: string;
  layout: MenuItem['submenuLayout'];
  content: ReactNode;
}

function menuEntries({ items, store, storefront, t, idPrefix = 'mega' }: MegaMenuProps): (LinkEntry | PanelEntry)[] {
  const storeGroups = store?.groups.filter((group) => group.links.length > 0) ?? [];
  const entries: (LinkEntry | PanelEntry)[] = items.map((item, index) => {
    const id = `${idPrefix}-${index}`;
    const className = `mega__item mega__item--${item.type}`;
    if (!hasPanel(item)) return { href: item.url, label: item.content, className };
    return {
      id: `${id}-panel`,
      href: item.url,
      label: item.content,
      className,
      layout: item.submenuLayout,
      content: (
        <>
          {item.submenuLayout === 'list' ? (
            <ListLayout item={item} />
          ) : (
            <ProductLayout item={item} id={id} storefront={storefront} t={t} />
          )}
          <SmartLink className="mega__all" href={item.url}>
            {t('header.allProducts')}
            <span className="visually-hidden"> – {item.content}</span>
          </SmartLink>
        </>
      ),
    };
  });
  if (store && storeGroups.length > 0) {
    entries.push({
      id: `${idPrefix}-store-panel`,
      href: store.href,
      label: store.label,
      className: 'mega__item mega__item--store',
      layout: 'list',
      content: (
        <div className="mega__columns">
          {storeGroups.map((group) => (
            <div key={group.title} className="mega__column">
              <p className="mega__column-title">{group.title}</p>
              <ul role="list">
                {group.links.map((link) => (
                  <li key={link.gotoUrl + link.title}>
                    <SmartLink className="mega__store-link" href={link.gotoUrl}>
                      <PanelImage src={link.icon} width={24} height={24} />
                      <span>{link.title}</span>
                    </SmartLink>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      ),
    });
  }
  return entries;
}

const opensPanel = (entry: LinkEntry | PanelEntry): entry is PanelEntry => 'id' in entry;

function MegaPanel({ entry, filled }: { entry: PanelEntry; filled: boolean }) {
  return (
    <HeaderPart
      part={`${entry.id} ${entry.href}`}
      id={entry.id}
      className={`mega__panel mega__panel--${entry.layout}`}
      data={{ 'data-mega-panel': '' }}
      filled={filled}
    >
      {entry.content}
    </HeaderPart>
  );
}

/** The mega-menu's panels as the storefront's panels file holds them (header-panels.tsx). */
export function MegaPanels(props: MegaMenuProps) {
  return (
    <>
      {menuEntries(props)
        .filter(opensPanel)
        .map((entry) => (
          <MegaPanel key={entry.id} entry={entry} filled />
        ))}
    </>
  );
}

/**
 * The product mega-menu in the enhancement markup of contracts.md. Triggers are links to the category,
 * so with JavaScript off every first-level item still navigates; the `mega-menu` widget fills the panels from
 * the storefront's panels file, opens them (hover with 100 ms delay on desktop, click on mobile) and drives
 * the tabs.
 */
export function MegaMenu(props: MegaMenuProps) {
  const { storefront, t } = props;
  return (
    <WidgetHost
      name="mega-menu"
      load="idle"
      storefront={storefront}
      className="mega-host"
      props={{ hasPoco: storefront.hasPoco }}
    >
      <nav className="mega" data-mega-menu="" aria-label={t('header.menu')}>
        <ul className="mega__list" role="list">
          {menuEntries(props).map((entry) =>
            opensPanel(entry) ? (
              <li key={entry.id} className={entry.className} data-mega-item="">
                <SmartLink
                  className="mega__trigger"
                  href={entry.href}
                  data-mega-trigger=""
                  aria-expanded="false"
                  aria-controls={entry.id}
                >
                  {entry.label}
                </SmartLink>
                <MegaPanel entry={entry} filled={false} />
              </li>
            ) : (
              <li key={entry.href + entry.label} className={entry.className}>
                <SmartLink className="mega__trigger" href={entry.href}>
                  {entry.label}
                </SmartLink>
              </li>
            ),
          )}
        </ul>
      </nav>
    </WidgetHost>
  );
}
