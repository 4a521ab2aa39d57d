/**
 * The app banner (diversion) every storefront starts with: published and switched on, in the storefront's language,
 * its button opening the store's app on the storefront's home (the app banner island sends shoppers without the
 * app to its store page instead). The CMS edits or replaces it later; a campaign's own banner is a row of its channel.
 */
import type { ContentStorefront } from '../../content/storefronts';
import { appHomeLink } from '../../sites/store-app';
import type { DiversionView } from '../schemas/site';

/** redirect_url_type 1: redirect_url is a page of the app (widgets/app-banner/rules.ts reads the same values). */
const APP_PAGE = 1;

export interface DiversionRow {
  url_local: string;
  channel_tag: string;
  data: DiversionView;
}

/** One default banner per storefront; its texts from the storefront's catalogue, else English. */
export function defaultDiversions(
  storefronts: readonly Pick<ContentStorefront, 'urlLocal' | 'i18n'>[],
  translations: Readonly<Record<string, Readonly<Record<string, string>>>>,
): DiversionRow[] {
  return storefronts.map(({ urlLocal, i18n }) => {
    const text = (key: string) => translations[i18n]?.[key] ?? translations['en']?.[key] ?? '';
    return {
      url_local: urlLocal,
      channel_tag: 'default',
      data: {
        title: text('footer.app.title'),
        content: text('app.banner.defaultText'),
        button_text: text('app.banner.open'),
        redirect_url_type: APP_PAGE,
        redirect_url: appHomeLink(urlLocal),
        // 0: the button opens the app (or its store page when it is not installed), it is no mere invitation.
        app_install_status: 0,
        publish_status: 1,
        diversion_switch_status: 1,
        channel_tag: 'default',
      },
    };
  });
}
