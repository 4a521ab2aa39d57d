import { describe, expect, it } from 'vitest';
import { IOS_TAB_BAR_OVERLAP_VERSION, needsTabBarSpacing } from './ios-tab-bar';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko)';

describe('the launcher of the iOS app’s support tab', () => {
  it('is raised above the tab bar on the affected app version only', () => {
    expect(needsTabBarSpacing(true, `${IPHONE} StoreApp/${IOS_TAB_BAR_OVERLAP_VERSION} (ios)`)).toBe(true);
    expect(needsTabBarSpacing(true, `${IPHONE} StoreApp/3.16.2 (ios)`)).toBe(false);
    expect(needsTabBarSpacing(true, `${IPHONE} StoreApp/3.18.0 (ios)`)).toBe(false);
  });

  it('stays in its corner on the other pages, and outside the app', () => {
    expect(needsTabBarSpacing(false, `${IPHONE} StoreApp/${IOS_TAB_BAR_OVERLAP_VERSION} (ios)`)).toBe(false);
    expect(needsTabBarSpacing(true, IPHONE)).toBe(false);
  });
});
