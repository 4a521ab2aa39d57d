import { describe, expect, it } from 'vitest';
import { popupFeatures, sharedLink, shareTarget } from './share-links';

const payload = {
  url: 'https://shop.test/id/product/x/',
  text: 'Look',
  hashtag: '#phone',
  image: 'https://shop.test/i.png',
};
const params = (u: string) => Object.fromEntries(new URL(u).searchParams);

describe('shared link utm', () => {
  it('adds utm_channel=social and the network as source and medium', () => {
    expect(params(sharedLink(payload, 'twitter'))).toEqual({
      utm_channel: 'social',
      utm_source: 'twitter',
      utm_medium: 'twitter',
    });
  });
  it('omits utm_source for clipboard', () => {
    expect(params(sharedLink(payload, 'clipboard'))).toEqual({ utm_channel: 'social', utm_medium: 'clipboard' });
  });
  it('snake-cases extra utm params and keeps url extensions', () => {
    const p = params(sharedLink({ ...payload, utmParams: { utmCampaign: 'spring' }, urlExtend: { ref: 'a' } }, 'vk'));
    expect(p).toMatchObject({ utm_campaign: 'spring', ref: 'a', utm_source: 'vk' });
  });
  it('goes through the share landing with seoAttr', () => {
    const link = sharedLink(
      { ...payload, seoAttr: { title: 'T', desc: 'D', image: 'I', buySite: 'https://buy.test' } },
      'facebook',
    );
    const u = new URL(link);
    expect(u.origin + u.pathname).toBe('https://buy.test/static/toshare');
    expect(params(link)).toMatchObject({ title: 'T', desc: 'D', image: 'I' });
    expect(params(params(link).link!)).toMatchObject({ utm_source: 'facebook' });
  });
});

describe('network URLs', () => {
  it('facebook sharer with quote and hashtag', () => {
    const u = new URL(shareTarget('facebook', { ...payload, redirectUri: 'https://r', display: 'popup' }));
    expect(u.origin + u.pathname).toBe('https://www.facebook.com/sharer/sharer.php');
    expect(params(u.toString())).toMatchObject({
      quote: 'Look',
      hashtag: '#phone',
      redirect_uri: 'https://r',
      display: 'popup',
    });
    expect(params(u.toString()).u).toContain('utm_source=facebook');
  });
  it('twitter, vk, telegram, line, weibo carry their fields', () => {
    expect(params(shareTarget('twitter', payload))).toMatchObject({ text: 'Look', hashtags: 'phone' });
    expect(params(shareTarget('vk', payload))).toMatchObject({ title: 'Look' });
    expect(params(shareTarget('telegram', payload))).toMatchObject({ text: 'Look' });
    expect(params(shareTarget('line', payload))).toMatchObject({ text: 'Look' });
    expect(params(shareTarget('weibo', payload))).toMatchObject({ title: 'Look', pic: payload.image });
  });
  it('whatsapp sends text plus url', () => {
    expect(params(shareTarget('whatsapp', payload)).text).toMatch(
      /^Look https:\/\/shop\.test\/id\/product\/x\/\?utm_channel=social/,
    );
  });
  it('clipboard copies text plus link', () => {
    expect(shareTarget('clipboard', payload)).toBe(
      'Look https://shop.test/id/product/x/?utm_channel=social&utm_medium=clipboard',
    );
  });
});

describe('pop-up', () => {
  it('is 600×480 and centred', () => {
    expect(popupFeatures(1920, 1080)).toBe('width=600,height=480,left=660,top=300,noopener,noreferrer');
  });
});
