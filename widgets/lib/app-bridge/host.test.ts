import { describe, expect, it } from 'vitest';
import { detectAppHost, inAppHost } from './host';
import { browserPage, fakePage } from './fake-app-host';

describe('the app host', () => {
  it('is named by the user agent token: platform and version', () => {
    expect(detectAppHost(fakePage({ platform: 'ios', version: '3.18.2' }).w)).toEqual({
      platform: 'ios',
      version: '3.18.2',
      transport: 'ios',
    });
    expect(detectAppHost(fakePage({ platform: 'android', version: '3.17.0' }).w)).toEqual({
      platform: 'android',
      version: '3.17.0',
      transport: 'android',
    });
  });

  it('is named by the injected bridge when the user agent has no token, with the version the object reports', () => {
    const android = fakePage({ platform: 'android', version: null, objectVersion: '3.16.4' }).w;
    expect(detectAppHost(android)).toEqual({ platform: 'android', version: '3.16.4', transport: 'android' });
    const ios = fakePage({ platform: 'ios', version: null }).w;
    expect(detectAppHost(ios)).toEqual({ platform: 'ios', version: null, transport: 'ios' });
  });

  it('is named by the /app or /ios path alone in an app without the bridge', () => {
    expect(detectAppHost(browserPage({}, '/id/app/cart/').w)).toEqual({
      platform: 'android',
      version: null,
      transport: null,
    });
    expect(detectAppHost(browserPage({}, '/be-fr/ios/').w)?.platform).toBe('ios');
  });

  it('is none in a browser on a web path', () => {
    expect(detectAppHost(browserPage().w)).toBeNull();
    expect(inAppHost(browserPage({}, '/id/apple-watch/').w)).toBe(false);
  });

  it('distrusts a token whose version is not one', () => {
    const page = browserPage({ navigator: { userAgent: 'x StoreApp/latest (ios)' } });
    expect(detectAppHost(page.w)).toEqual({ platform: 'ios', version: null, transport: null });
  });
});
