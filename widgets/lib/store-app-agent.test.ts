import { describe, expect, it } from 'vitest';
import { mobilePlatform, storeAppVersion } from './store-app-agent';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; 23127PN0CG) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0';
const IPAD_AS_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko)';

describe('the store app in the user agent', () => {
  it('reads the app version of the StoreApp token, and nothing outside the apps', () => {
    expect(storeAppVersion(`${IPHONE} StoreApp/3.17.0 (ios)`)).toBe('3.17.0');
    expect(storeAppVersion(`${ANDROID} StoreApp/4.2 (android)`)).toBe('4.2');
    expect(storeAppVersion(IPHONE)).toBeNull();
    expect(storeAppVersion(`${IPHONE} MyStoreApp/3.17.0 (ios)`)).toBeNull();
  });

  it('tells iPhones (and iPads that present themselves as Macs) from Android phones and desktops', () => {
    expect(mobilePlatform(IPHONE)).toBe('ios');
    expect(mobilePlatform(ANDROID)).toBe('android');
    expect(mobilePlatform(IPAD_AS_MAC, 5)).toBe('ios');
    expect(mobilePlatform(IPAD_AS_MAC, 0)).toBeNull();
    expect(mobilePlatform(DESKTOP)).toBeNull();
  });
});
