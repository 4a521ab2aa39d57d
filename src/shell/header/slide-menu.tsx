import type { HeaderFooter, MenuItem } from '../../../content/schemas/header-footer.schema';
import type { StorefrontContext } from '../../page-context';
import { Icon } from '../../components/icons';
import { SmartLink } from '../../components/smart-link';
import type { Translate } from '../../components/translate';
import { WidgetHost } from '../../components/widget-host';
import { NavProductCard } from './nav-product';
import { PanelImage } from '../../components/panel-image';
import { HeaderPart } from './header-part';
import { hasPanel } from './mega-menu';

export interface SlideMenuProps {
  headerFooter: HeaderFooter;
  storefront: StorefrontContext;
  t: Translate;
}

type SubmenuProps = { item: MenuItem; storefront: StorefrontContext; t: Translate };

/** The phone category: one flat list of every product. */
function FlatList({ item }: SubmenuProps) {
  return (
    <ul className="slide__flat" role="list">
      {item.children.flatMap((child) =>
        child.products.map((product) => (
          <li key={child.title + product.itemId}>
            <SmartLink href={product.gotoUrl}>{product.name}</SmartLink>
          </li>
        )),
      )}
    </ul>
  );
}

/** Styles 1 and 2: one accordion per second-level menu; style 1 ends with an "All products" link. */
function AccordionList({ item, t, withAll }: SubmenuProps & { withAll: boolean }) {
  return (
    <>
      {item.children.map((child) => (
        <details key={child.title} className="accordion" data-accordion="">
          <summary>{child.title}</summary>
          <ul role="list">
            {child.products.map((product) => (
              <li key={product.itemId + product.gotoUrl}>
                <SmartLink href={product.gotoUrl}>{product.name}</SmartLink>
              </li>
            ))}
            {child.addonUrl.map((addon) => (
              <li key={addon.gotoUrl + addon.name}>
                <SmartLink href={addon.gotoUrl}>{addon.text}</SmartLink>
              </li>
            ))}
            {child.learnMore && (
              <li>
                <SmartLink href={child.learnMore.gotoUrl}>
                  {child.learnMore.text}
                  <span className="visually-hidden"> – {child.title}</span>
                </SmartLink>
              </li>
            )}
          </ul>
        </details>
      ))}
      {withAll && (
        <SmartLink className="slide__all" href={item.url}>
          {t('header.allProducts')}
        </SmartLink>
      )}
    </>
  );
}

/** Style 3: a category grid of product images and names. */
function CategoryGrid({ item }: SubmenuProps) {
  return (
    <ul className="slide__grid" role="list">
      {item.children.flatMap((child) =>
        child.products.map((product) => (
          <li key={child.title + product.itemId}>
            <SmartLink href={product.gotoUrl}>
              <PanelImage src={product.imgUrl} width={72} height={72} />
              <span>{product.name}</span>
            </SmartLink>
          </li>
        )),
      )}
    </ul>
  );
}

/** Style 4: the category mega-menu, one titled group of product cards per second-level menu. */
function CategoryMega({ item, storefront, t }: SubmenuProps) {
  return (
    <>
      {item.children.map((child) => (
        <section key={child.title} className="slide__mega" aria-label={child.title}>
          <p className="slide__group-title">{child.title}</p>
          <ul className="slide__cards" role="list">
            {child.products.map((product) => (
              <li key={product.itemId + product.gotoUrl}>
                <NavProductCard product={product} storefront={storefront} t={t} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}

function Submenu(props: SubmenuProps) {
  if (props.item.type === 'phone') return <FlatList {...props} />;
  switch (props.item.submenuStyle) {
    case 1:
      return <AccordionList {...props} withAll />;
    case 2:
      return <AccordionList {...props} withAll={false} />;
    case 3:
      return <CategoryGrid {...props} />;
    case 4:
      return <CategoryMega {...props} />;
  }
}

/** Where the user entry leads: the user area on consumer sites, else the account service (sign-in) page. */
export function userEntryHref(storefront: Pick<StorefrontContext, 'isToC' | 'home' | 'api'>): string {
  return storefront.isToC ? `${storefront.home}user/` : `${storefront.api}/site/login`;
}

/** The menu itself (user entry, main list with submenus, aside links, footer accordions). */
function SlidePanel({ headerFooter, storefront, t, filled }: SlideMenuProps & { filled: boolean }) {
  const menuId = `slide-menu-${storefront.urlLocal}`;
  const main = headerFooter.header.main;
  return (
    <HeaderPart part="slide-menu" id={menuId} className="slide" data={{ 'data-slide-menu': '' }} filled={filled}>
      <div className="slide__top">
        <a className="slide__user" href={userEntryHref(storefront)}>
          <Icon name="user" />
          <span>{t('header.signIn')}</span>
        </a>
        <button type="button" className="icon-button" data-slide-close="">
          <Icon name="close" />
          <span className="visually-hidden">{t('common.close')}</span>
        </button>
      </div>
      <nav aria-label={t('header.menu')}>
        <ul className="slide__main" role="list">
          {main.map((item, index) => {
            const id = `${menuId}-sub-${index}`;
            if (!hasPanel(item)) {
              return (
                <li key={id}>
                  <SmartLink href={item.url}>{item.content}</SmartLink>
                </li>
              );
            }
            return (
              <li key={id}>
                <button
                  type="button"
                  className="slide__open"
                  data-slide-open={id}
                  aria-controls={id}
                  aria-expanded="false"
                >
                  {item.icon && <PanelImage src={item.icon} width={24} height={24} />}
                  <span>{item.content}</span>
                  <Icon name="chevron" className="icon--dir" />
                </button>
                <div
                  className={`slide__submenu slide__submenu--${item.submenuStyle}`}
                  id={id}
                  data-slide-submenu=""
                  hidden
                >
                  <button type="button" className="slide__back" data-slide-back="">
                    <Icon name="back" className="icon--dir" />
                    <span>{t('header.back')}</span>
                  </button>
                  <p className="slide__title">{item.content}</p>
                  <Submenu item={item} storefront={storefront} t={t} />
                </div>
              </li>
            );
          })}
        </ul>
      </nav>
      {headerFooter.header.aside.length > 0 && (
        <ul className="slide__aside" role="list">
          {headerFooter.header.aside.map((link) => (
            <li key={link.url + link.content}>
              <SmartLink href={link.url}>
                <PanelImage src={link.icon} width={20} height={20} />
                <span>{link.content}</span>
              </SmartLink>
            </li>
          ))}
        </ul>
      )}
      <div className="slide__footer">
        {headerFooter.footer.navigation.map((group) => (
          <details key={group.title} className="accordion" data-accordion="">
            <summary>{group.title}</summary>
            <ul role="list">
              {group.links.map((link) => (
                <li key={link.url + link.text}>
                  <SmartLink href={link.url}>{link.text}</SmartLink>
                </li>
              ))}
            </ul>
          </details>
        ))}
      </div>
    </HeaderPart>
  );
}

/** The slide menu as the storefront's panels file holds it (header-panels.tsx). */
export function SlidePanelFilled(props: SlideMenuProps) {
  return <SlidePanel {...props} filled />;
}

/**
 * The mobile slide menu (used by the legacy v0 header below the desktop breakpoint), in the enhancement
 * markup of contracts.md. The toggle is a link to the HTML sitemap, so with JavaScript off the menu's
 * content is still one tap away; the `slide-menu` widget fills the menu from the storefront's panels file
 * and opens it instead.
 */
export function SlideMenu(props: SlideMenuProps) {
  const { storefront, t } = props;
  return (
    <WidgetHost name="slide-menu" load="interaction" storefront={storefront} className="slide-host">
      <a
        className="icon-button slide__toggle"
        href={`${storefront.home}sitemap/`}
        data-slide-toggle=""
        aria-controls={`slide-menu-${storefront.urlLocal}`}
        aria-expanded="false"
      >
        <Icon name="menu" />
        <span className="visually-hidden">{t('header.menu')}</span>
      </a>
      <SlidePanel {...props} filled={false} />
    </WidgetHost>
  );
}
