/** Template data of the store finder and the spare-part prices; re-exported by template-data.ts. */
import type { PriceDisplay } from '../region-config';

/** A store as its page shows it; texts are as the store writes them, labels come from the catalogue. */
export interface StoreView {
  storeId: string;
  name: string;
  kind: 'xiaomi-store' | 'authorised-store' | 'service-point';
  address: string;
  city: string;
  postalCode?: string;
  phone?: string;
  /** One entry per weekday, Monday first: opening and closing time, or null when closed. */
  week: {
    day: 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun';
    hours: { opens: string; closes: string } | null;
  }[];
  services: string[];
  /** Where the store is, for the app's maps (the map link's data attributes). */
  latitude: number;
  longitude: number;
  mapUrl: string;
  href: string;
}

export interface StoresData {
  title: string;
  stores: StoreView[];
  /** The store of /detail/{storeId}/ (a page of its own); absent on the list. */
  selected?: string;
  listHref: string;
}

export interface SparePartsModel {
  id: string; // product id
  name: string;
  category: string;
  parts: { part: string; price: number }[];
}

export interface SparePartsData {
  models: SparePartsModel[];
  priceDisplay: PriceDisplay;
}
