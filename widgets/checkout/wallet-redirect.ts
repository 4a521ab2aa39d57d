/**
 * Sending the shopper to a wallet: the app wallets (LINE Pay, WeChat Pay) open in a pop-up over the app's checkout,
 * which keeps polling behind it; a blocked pop-up (window.open answers null) is said and a same-tab link offered.
 * Any wallet whose address is missing or unsafe, or whose navigation throws, is a failed redirection.
 */
import { APP_WALLETS } from '../../server/schemas/async-payments';

export type OpenOutcome = 'opened' | 'blocked' | 'failed';

/** Addresses a wallet may be sent to: its page, or its app's own scheme; never script or data. */
export function isWalletUrl(url: string | undefined): url is string {
  if (!url) return false;
  try {
    const { protocol } = new URL(url);
    return !['javascript:', 'data:', 'blob:', 'file:', 'vbscript:'].includes(protocol);
  } catch {
    return false;
  }
}

/** True for a method key whose wallet is paid in its app ('ewallet:linepay'): it opens in a pop-up. */
export const opensInPopup = (methodKey: string): boolean =>
  (APP_WALLETS as readonly string[]).includes(methodKey.split(':')[1] ?? '');

/**
 * Opens the wallet's page in a pop-up. Without `noopener` in the features, because with it window.open answers null
 * even when the pop-up opened; the opener is cut by hand instead.
 */
export function openWalletPopup(url: string | undefined, w: Pick<Window, 'open'>): OpenOutcome {
  if (!isWalletUrl(url)) return 'failed';
  try {
    const popup = w.open(url, '_blank');
    if (!popup) return 'blocked';
    popup.opener = null;
    return 'opened';
  } catch {
    return 'failed';
  }
}

/** Sends this tab to the wallet's page; false when it cannot start. */
export function redirectToWallet(url: string | undefined, loc: Pick<Location, 'assign'>): boolean {
  if (!isWalletUrl(url)) return false;
  try {
    loc.assign(url);
    return true;
  } catch {
    return false;
  }
}

/**
 * Follows a redirect action: an app wallet in a pop-up, any other wallet in this tab.
 * @example goToWallet('ewallet:linepay', answer.action.url, window) // 'blocked' when the pop-up was filtered
 */
export function goToWallet(
  methodKey: string,
  url: string | undefined,
  w: Pick<Window, 'open'> & { location: Pick<Location, 'assign'> },
): OpenOutcome | 'redirected' {
  if (opensInPopup(methodKey)) return openWalletPopup(url, w);
  return redirectToWallet(url, w.location) ? 'redirected' : 'failed';
}
