/**
 * The commerce string sets (issues 8 and 9), each fully translated into en, id, de, fr, es and ar. A new feature adds
 * its set here; other catalogues fall back to English for these keys.
 */
import { accountStrings } from './account';
import { checkoutStrings } from './checkout';
import { couponStrings } from './coupons';
import { paymentPlanStrings } from './payment-plans';
import { tradeInStrings } from './trade-in';
import { voucherStrings } from './vouchers';
import { supportDeskStrings } from './support-desk';
import { searchPagesStrings } from './search-pages';
import { aftersalesStrings } from './aftersales';
import { messageStrings } from './messages';
import { reviewStrings } from './reviews';
import { businessCheckoutStrings } from './business-checkout';
import { businessStrings } from './business';

export type FullyTranslated = 'en' | 'id' | 'de' | 'fr' | 'es' | 'ar';
type StringSet = Record<FullyTranslated, Record<string, string>>;

export const commerceStringSets: readonly StringSet[] = [accountStrings, checkoutStrings, couponStrings, tradeInStrings, paymentPlanStrings, voucherStrings, supportDeskStrings, messageStrings, aftersalesStrings, searchPagesStrings, reviewStrings, businessStrings, businessCheckoutStrings];

/** The commerce strings of a fully translated catalogue, or null for the others. */
export function commerceStrings(code: string): Record<string, string> | null {
  if (!['en', 'id', 'de', 'fr', 'es', 'ar'].includes(code)) return null;
  return Object.assign({}, ...commerceStringSets.map((set) => set[code as FullyTranslated]));
}
