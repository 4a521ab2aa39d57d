import { describe, expect, it } from 'vitest';
import { loadTranslations } from '../../content/load';
import { contentStorefronts } from '../../content/storefronts';
import { defaultDiversions } from './seed-diversions';

const translations = loadTranslations();

describe('the app banner every storefront starts with', () => {
  const rows = defaultDiversions(contentStorefronts, translations);

  it('is published and switched on for every storefront, and opens the app on its home', () => {
    expect(rows).toHaveLength(contentStorefronts.length);
    const id = rows.find((r) => r.url_local === 'id');
    expect(id).toMatchObject({
      channel_tag: 'default',
      data: {
        publish_status: 1,
        diversion_switch_status: 1,
        redirect_url_type: 1,
        redirect_url: 'mistore://home?local=id',
        app_install_status: 0,
        channel_tag: 'default',
      },
    });
  });

  it('speaks the storefront’s language, never the footer’s “scan the code” text', () => {
    const id = rows.find((r) => r.url_local === 'id')?.data;
    expect(id?.title).toBe(translations['id']?.['footer.app.title']);
    expect(id?.content).toBe(translations['id']?.['app.banner.defaultText']);
    expect(id?.button_text).toBe(translations['id']?.['app.banner.open']);
    const de = rows.find((r) => r.url_local === 'de')?.data;
    expect(de?.content).not.toBe(translations['en']?.['app.banner.defaultText']);
    for (const row of rows) {
      expect(row.data.title, row.url_local).not.toBe('');
      expect(row.data.content, row.url_local).not.toBe('');
    }
  });
});
