/**
 * The category tree: source of categories.json and of the menus. Names are UI catalogue texts ("category.phones",
 * "category.phones.xiaomi-series" in content/locales/<language>/catalogue.json), so every language names them in one
 * place.
 */
import type { ProductCategory } from '../schemas/products.schema';

export interface CategoryDef {
  id: ProductCategory;
  subs: { id: string }[];
}

export const categoryDefs: CategoryDef[] = [
  { id: 'phones', subs: [{ id: 'xiaomi-series' }, { id: 'redmi-series' }, { id: 'poco-series' }] },
  { id: 'tvs', subs: [{ id: 'smart-tvs' }, { id: 'streaming-devices' }] },
  { id: 'wearables', subs: [{ id: 'smartwatches' }, { id: 'fitness-bands' }, { id: 'earbuds' }] },
  { id: 'tablets', subs: [{ id: 'xiaomi-pad' }, { id: 'redmi-pad' }] },
  { id: 'scooters', subs: [{ id: 'electric-scooters' }] },
  {
    id: 'appliances',
    subs: [{ id: 'robot-vacuums' }, { id: 'vacuum-cleaners' }, { id: 'air-care' }, { id: 'kitchen' }],
  },
  { id: 'accessories', subs: [{ id: 'power-and-charging' }, { id: 'smart-home-devices' }, { id: 'audio' }] },
  { id: 'refurbished', subs: [{ id: 'refurbished-phones' }] },
];
