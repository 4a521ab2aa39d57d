/**
 * The store finder (/store/xiaomi-store/detail, one page per store at /detail/{storeId}/, and the list page for ids
 * that exist only at run time) and the spare-part prices (/support/spare-parts-price).
 */
import type { Store } from '../../../content/schemas/stores.schema';
import { weekDays } from '../../../content/schemas/stores.schema';
import { storeMapUrl, storePath } from '../../../content/store-links';
import type { SparePartsData, StoresData, StoreView } from '../../../src/template-data';
import type { FixedRoute } from '../route-table';
import { sparePartsFor } from '../spare-parts';
import { breadcrumbs, type PageEmitter, type StorefrontBuild } from '../storefront-build';
import { joinSentences } from '../seo';

export function storeView(store: Store, home: string): StoreView {
  return {
    storeId: store.storeId,
    name: store.name,
    kind: store.kind,
    address: store.address,
    city: store.city,
    ...(store.postalCode ? { postalCode: store.postalCode } : {}),
    ...(store.phone ? { phone: store.phone } : {}),
    week: weekDays.map((day) => {
      const range = store.hours.find((h) => (h.days as readonly string[]).includes(day));
      return { day, hours: range ? { opens: range.opens, closes: range.closes } : null };
    }),
    services: store.services ?? [],
    latitude: store.latitude,
    longitude: store.longitude,
    mapUrl: storeMapUrl(store.latitude, store.longitude),
    href: storePath(home, store.storeId),
  };
}

/** schema.org Store of one store, for its own page. */
function storeJsonLd(view: StoreView, siteName: string): object {
  const days: Record<string, string> = {
    mon: 'Monday',
    tue: 'Tuesday',
    wed: 'Wednesday',
    thu: 'Thursday',
    fri: 'Friday',
    sat: 'Saturday',
    sun: 'Sunday',
  };
  return {
    '@context': 'https://schema.org',
    '@type': 'Store',
    name: view.name,
    brand: siteName,
    address: {
      '@type': 'PostalAddress',
      streetAddress: view.address,
      addressLocality: view.city,
      ...(view.postalCode ? { postalCode: view.postalCode } : {}),
    },
    ...(view.phone ? { telephone: view.phone } : {}),
    openingHoursSpecification: view.week
      .filter((d) => d.hours)
      .map((d) => ({
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: days[d.day],
        opens: d.hours!.opens,
        closes: d.hours!.closes,
      })),
  };
}

export function emitStorePages(build: StorefrontBuild, pages: PageEmitter, routes: Map<string, FixedRoute>): void {
  const home = build.context.home;
  const stores = (build.content.stores.find((c) => c.local === build.scope.local)?.stores ?? []).map((s) =>
    storeView(s, home),
  );
  const route = routes.get('store-detail');
  if (route) {
    const title = build.t(`page.${route.id}.title`);
    const base = `${route.path}/`;
    const listHref = `${home}${base.slice(1)}`;
    pages.emit<StoresData>({
      relativePath: base,
      template: 'stores',
      routeId: route.id,
      title,
      description: build.t(`page.${route.id}.description`),
      breadcrumbs: breadcrumbs(build, [title, base]),
      data: { title, stores, listHref },
      app: route.app ?? false,
      ...(route.clientRoutes ? { clientRoutes: route.clientRoutes } : {}),
    });
    for (const store of stores) {
      const path = `${base}${store.storeId}/`;
      pages.emit<StoresData>({
        relativePath: path,
        template: 'stores',
        routeId: 'store',
        title: `${store.name} | ${title}`,
        // The address as the post knows it, then what the page offers in the storefront's language.
        description: joinSentences(`${store.address}, ${store.city}`, build.t(`page.${route.id}.description`)),
        breadcrumbs: breadcrumbs(build, [title, base], [store.name, path]),
        data: { title, stores: [store], selected: store.storeId, listHref },
        jsonLd: [storeJsonLd(store, build.context.siteName)],
        app: route.app ?? false,
      });
    }
  }
  const parts = routes.get('spare-parts-price');
  if (parts) {
    const title = build.t(`page.${parts.id}.title`);
    const path = `${parts.path}/`;
    pages.emit<SparePartsData>({
      relativePath: path,
      template: 'spare-parts',
      routeId: parts.id,
      title,
      description: build.t(`page.${parts.id}.description`),
      breadcrumbs: breadcrumbs(build, [build.t('page.support.title'), '/support/'], [title, path]),
      data: {
        models: sparePartsFor(build.content.products, build.scope.local),
        priceDisplay: build.context.priceDisplay,
      },
      app: parts.app ?? false,
    });
  }
}
