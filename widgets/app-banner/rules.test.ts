import { describe, expect, it } from 'vitest';
import type { Diversion } from '../request/diversion-api';
import { bannerAction, bannerShows, channelTag, fallbackButtonKey, intentLink } from './rules';

const PLAY = 'https://play.google.com/store/apps/details?id=com.mi.global.shop';
const APP_STORE = /^https:\/\/apps\.apple\.com\/app\/id\d+$/;

const banner = (extra: Partial<Diversion> = {}): Diversion => ({
  title: 'Aplikasi Xiaomi Store',
  content: 'Pesan lebih cepat.',
  buttonText: 'Buka aplikasi',
  redirectUrlType: 1,
  redirectUrl: 'mistore://home?local=id',
  appInstallStatus: 0,
  publishStatus: 1,
  diversionSwitchStatus: 1,
  channelTag: 'default',
  ...extra,
});
const phone = { platform: 'android' as const, inApp: false, dismissed: false };

describe('whether the app banner shows', () => {
  it('shows a published banner whose switch is on, on a phone, outside the app', () => {
    expect(bannerShows(banner(), phone)).toBe(true);
    expect(bannerShows(banner(), { ...phone, platform: 'ios' })).toBe(true);
  });

  it('hides a draft (publish_status 0, the default) and a banner switched off', () => {
    expect(bannerShows(banner({ publishStatus: 0 }), phone)).toBe(false);
    expect(bannerShows(banner({ diversionSwitchStatus: 0 }), phone)).toBe(false);
  });

  it('hides it once the shopper closed it, inside the apps and on desktops', () => {
    expect(bannerShows(banner(), { ...phone, dismissed: true })).toBe(false);
    expect(bannerShows(banner(), { ...phone, inApp: true })).toBe(false);
    expect(bannerShows(banner(), { ...phone, platform: null })).toBe(false);
  });

  it('hides a banner with nothing to say or nowhere safe to go', () => {
    expect(bannerShows(banner({ title: ' ', content: '' }), phone)).toBe(false);
    expect(bannerShows(banner({ redirectUrl: 'javascript:alert(1)' }), phone)).toBe(false);
    expect(bannerShows(banner({ redirectUrl: 'otherapp://x' }), phone)).toBe(false);
    expect(bannerShows(banner({ redirectUrlType: 2, redirectUrl: '//elsewhere.example/x' }), phone)).toBe(false);
    expect(bannerShows(banner({ redirectUrlType: 7 }), phone)).toBe(false);
  });
});

describe('where the app banner’s button goes', () => {
  it('on Android: an intent link that opens the app, or Google Play when it is not installed', () => {
    const action = bannerAction(banner(), 'android');
    expect(action).toEqual({
      kind: 'link',
      href:
        'intent://home?local=id#Intent;scheme=mistore;package=com.mi.global.shop;' +
        `S.browser_fallback_url=${encodeURIComponent(PLAY)};end`,
    });
  });

  it('on iOS: the app’s own link, then the App Store page if the app did not open', () => {
    const action = bannerAction(banner(), 'ios');
    expect(action?.kind).toBe('app');
    expect(action?.href).toBe('mistore://home?local=id');
    expect(action?.kind === 'app' && action.fallback).toMatch(APP_STORE);
  });

  it('follows a universal link as it is on iOS (the app opens, or its web page), through an intent on Android', () => {
    const universal = banner({ redirectUrl: 'https://www.mi.com/id/event/sale/' });
    expect(bannerAction(universal, 'ios')).toEqual({ kind: 'link', href: 'https://www.mi.com/id/event/sale/' });
    expect(bannerAction(universal, 'android')?.href).toMatch(
      /^intent:\/\/www\.mi\.com\/id\/event\/sale\/#Intent;scheme=https;/,
    );
  });

  it('sends an invitation to install (app_install_status 1) straight to the store of the phone’s system', () => {
    expect(bannerAction(banner({ appInstallStatus: 1 }), 'android')).toEqual({ kind: 'link', href: PLAY });
    expect(bannerAction(banner({ appInstallStatus: 1 }), 'ios')?.href).toMatch(APP_STORE);
    expect(fallbackButtonKey(banner({ appInstallStatus: 1 }))).toBe('app.banner.install');
    expect(fallbackButtonKey(banner())).toBe('app.banner.open');
  });

  it('opens a web page (redirect_url_type 2) of this site or over https as a plain link', () => {
    expect(bannerAction(banner({ redirectUrlType: 2, redirectUrl: '/id/appdownload/' }), 'ios')).toEqual({
      kind: 'link',
      href: '/id/appdownload/',
    });
    expect(bannerAction(banner({ redirectUrlType: 2, redirectUrl: 'http://insecure.example/' }), 'ios')).toBeNull();
  });

  it('builds intent links for any scheme it is given', () => {
    expect(intentLink('mistore://product/x', 'https://fallback.example/')).toBe(
      'intent://product/x#Intent;scheme=mistore;package=com.mi.global.shop;' +
        'S.browser_fallback_url=https%3A%2F%2Ffallback.example%2F;end',
    );
  });
});

describe('which banner the page asks for', () => {
  it('names the page’s channel tag, else its campaign, else none (the storefront’s default)', () => {
    expect(channelTag('?channel_tag=summer_sale&utm_campaign=x')).toBe('summer_sale');
    expect(channelTag('?utm_source=fb&utm_campaign=black-friday.2026')).toBe('black-friday.2026');
    expect(channelTag('')).toBeNull();
    expect(channelTag('?utm_campaign=<script>')).toBeNull();
  });
});
