import { request } from './';
import type { Camelized } from './camelized';
import type { CountryTipAnswer, ServiceHoursAnswer } from '../../server/schemas/customer-contact';

export { COUNTRY_CHOICE_COOKIE } from '../../server/schemas/customer-contact';
export type ServiceHours = Camelized<ServiceHoursAnswer>;
export type CountryTipView = Camelized<CountryTipAnswer>;

/** Calls of server/routes/site/customer-contact.ts; `api` is the storefront's API base. */
export function customerContactApi(api: string) {
  return {
    serviceHours: () => request<ServiceHours>(`${api}/support/service-hours`),
    countryTip: () => request<CountryTipView>(`${api}/site/country-tip`),
  };
}
