import { liveChatFor } from '../../sites/index';
import { serviceLineFor } from '../../sites/service-lines';
import type { Storefront } from '../storefront';

export type ConsumerServiceEntry = {
  type: 0 | 1;
  title: string;
  desc: string;
  email?: string;
  hours?: string;
  url?: string;
};

/**
 * Customer-service entries from the region settings: type 0 is the phone line (title is the number, desc the
 * service text with hours and email filled in), type 1 the live chat when the storefront has one.
 */
export function consumerServiceEntries(storefront: Storefront): ConsumerServiceEntry[] {
  const region = storefront.region;
  const phone = serviceLineFor(storefront.local, storefront.urlLocal).phone;
  const hours = region.serviceTimeLimit;
  const desc = region.serviceOnline
    .replaceAll('{hours}', hours)
    .replaceAll('{phone}', phone)
    .replaceAll('{email}', region.serviceEmail);
  const entries: ConsumerServiceEntry[] = [{ type: 0, title: phone, desc, email: region.serviceEmail, hours }];
  const chat = liveChatFor(storefront.local, storefront.urlLocal);
  if (chat.appId) {
    entries.push({
      type: 1,
      title: 'Live chat',
      desc: `${hours}`,
      url: chat.chatPageUrl ?? `/${storefront.urlLocal}/chat/`,
    });
  }
  return entries;
}
