import type { MenuChild, MenuItem } from '../../../content/schemas/header-footer.schema';
import type { StorefrontContext } from '../../page-context';
import { PanelImage } from '../../components/panel-image';
import { SmartLink } from '../../components/smart-link';
import type { Translate } from '../../components/translate';
import { WidgetHost } from '../../components/widget-host';
import { NavProductCard } from './nav-product';

/** The store navigation of the new header (§3 "store navigation"), shown as one more list-layout item. */
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
function ProductLayout({ item, id, storefront, t }: { item: MenuItem; id: string; storefront: StorefrontContext; t: Translate }) {
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
        <div key={child.title} role="tabpanel" id={`${id}-tabpanel-${index}`} aria-labelledby={`${id}-tab-${index}`} hidden={index !== 0} className="mega__tabpanel">
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

/**
 * The product mega-menu (§2) in the enhancement markup of contracts.md. Triggers are links to the category,
 * so with JavaScript off every first-level item still navigates; the `mega-menu` widget opens the panels
 * (hover with 100 ms delay on desktop, click on mobile) and drives the tabs.
 */
export function MegaMenu({ items, store, storefront, t, idPrefix = 'mega' }: MegaMenuProps) {
  const storeGroups = store?.groups.filter((group) => group.links.length > 0) ?? [];
  return (
    <WidgetHost name="mega-menu" load="idle" storefront={storefront} className="mega-host" props={{ hasPoco: storefront.hasPoco }}>
      <nav className="mega" data-mega-menu="" aria-label={t('header.menu')}>
        <ul className="mega__list" role="list">
          {items.map((item, index) => {
            const id = `${idPrefix}-${index}`;
            const typeClass = `mega__item mega__item--${item.type}`;
            if (!hasPanel(item)) {
              return (
                <li key={id} className={typeClass}>
                  <SmartLink className="mega__trigger" href={item.url}>
                    {item.content}
                  </SmartLink>
                </li>
              );
            }
            return (
              <li key={id} className={typeClass} data-mega-item="">
                <SmartLink className="mega__trigger" href={item.url} data-mega-trigger="" aria-expanded="false" aria-controls={`${id}-panel`}>
                  {item.content}
                </SmartLink>
                <div className={`mega__panel mega__panel--${item.submenuLayout}`} id={`${id}-panel`} data-mega-panel="" hidden>
                  {item.submenuLayout === 'list' ? <ListLayout item={item} /> : <ProductLayout item={item} id={id} storefront={storefront} t={t} />}
                  <SmartLink className="mega__all" href={item.url}>
                    {t('header.allProducts')}
                    <span className="visually-hidden"> – {item.content}</span>
                  </SmartLink>
                </div>
              </li>
            );
          })}
          {store && storeGroups.length > 0 && (
            <li className="mega__item mega__item--store" data-mega-item="">
              <SmartLink className="mega__trigger" href={store.href} data-mega-trigger="" aria-expanded="false" aria-controls={`${idPrefix}-store-panel`}>
                {store.label}
              </SmartLink>
              <div className="mega__panel mega__panel--list" id={`${idPrefix}-store-panel`} data-mega-panel="" hidden>
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
              </div>
            </li>
          )}
        </ul>
      </nav>
    </WidgetHost>
  );
}
