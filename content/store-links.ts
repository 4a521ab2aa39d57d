/** Links of a store shared by the build (store pages) and the API (store search results). */

/** An OpenStreetMap link centred on the store, opened in a new window (outside the company's domains). */
export function storeMapUrl(latitude: number, longitude: number): string {
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=17/${latitude}/${longitude}`;
}

/** The store's page below a storefront's home ('/id/'). */
export function storePath(home: string, storeId: string): string {
  return `${home}store/xiaomi-store/detail/${storeId}/`;
}
