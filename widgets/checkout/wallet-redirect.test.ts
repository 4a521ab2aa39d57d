import { describe, expect, it } from 'vitest';
import { isWalletUrl, openWalletPopup, opensInPopup, redirectToWallet } from './wallet-redirect';

const PAGE = 'https://store.example/api/id/pay/async/sandbox/apay_x?via=app';

describe('sending the shopper to a wallet', () => {
  it('opens the app wallets in a pop-up and cuts its opener', () => {
    const popup = { opener: 'checkout' as unknown };
    const opened: unknown[][] = [];
    const w = {
      open: (...args: unknown[]) => {
        opened.push(args);
        return popup as Window;
      },
    };
    expect(openWalletPopup(PAGE, w)).toBe('opened');
    expect(opened).toEqual([[PAGE, '_blank']]);
    expect(popup.opener).toBeNull();
    expect(opensInPopup('ewallet:linepay')).toBe(true);
    expect(opensInPopup('ewallet:wechatpay')).toBe(true);
    expect(opensInPopup('ewallet:gopay')).toBe(false);
    expect(opensInPopup('qris')).toBe(false);
  });

  it('says a pop-up was blocked when window.open answers null, and failed when it throws', () => {
    expect(openWalletPopup(PAGE, { open: () => null })).toBe('blocked');
    const throwing = {
      open: () => {
        throw new Error('SecurityError');
      },
    };
    expect(openWalletPopup(PAGE, throwing)).toBe('failed');
  });

  it('refuses to send the shopper nowhere or to a script, and reports a navigation that throws', () => {
    for (const url of [undefined, '', 'not a url', 'javascript:alert(1)', 'data:text/html,x'])
      expect(isWalletUrl(url)).toBe(false);
    expect(isWalletUrl('line://pay/request/123')).toBe(true);
    const assigned: string[] = [];
    expect(redirectToWallet(PAGE, { assign: (u) => void assigned.push(String(u)) })).toBe(true);
    expect(assigned).toEqual([PAGE]);
    expect(redirectToWallet(undefined, { assign: () => {} })).toBe(false);
    const refusing = {
      assign: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
    };
    expect(redirectToWallet(PAGE, refusing)).toBe(false);
    expect(openWalletPopup('javascript:void 0', { open: () => null })).toBe('failed');
  });
});
