/** The static part of what applies to a product in a country: read from the snapshots and the country's rules. */
import type { Product } from '../../content/schemas/products.schema';
import type { ProductOffers } from '../../src/template-data';
import type { ContentBundle } from './content-bundle';
import { commerceRules } from '../../sites/commerce';
import { pointsEarned, pointsRules } from '../../sites/points';
import { currencyExponent, toMinor } from '../../region-config/money';
import { instalmentSchedule, plansFor } from '../../region-config/instalments';

/**
 * A pre-sale is shown until its final window has closed; F-code campaigns until they end. `now` only leaves out
 * campaigns already over at build time: which window is open is decided in the browser on the server's clock.
 */
export function productOffers(
  content: ContentBundle,
  product: Product,
  local: string,
  salePrice: number | null,
  now = Date.now(),
): ProductOffers {
  const rules = commerceRules(local);
  const exponent = currencyExponent(rules.currency);
  const presale = content.presales.find(
    (c) => c.local === local && c.productId === product.id && Date.parse(c.finalEndsAt) > now,
  );
  const fcodeCampaign = content.fcodes.find(
    (c) => c.local === local && c.productId === product.id && Date.parse(c.endsAt) > now,
  );
  const priceMinor = salePrice === null ? null : toMinor(salePrice, rules.currency);
  const tradeIn = content.tradeIn.find((c) => c.local === local)?.phones.find((p) => p.productId === product.id);
  const plans = priceMinor === null ? [] : plansFor(local, priceMinor, rules.currency);
  const cheapest = plans
    .map((p) => ({
      months: p.months,
      noCost: p.monthlyRateBp === 0,
      monthly: instalmentSchedule(priceMinor!, p.months, p.monthlyRateBp).monthly,
    }))
    .sort((a, b) => a.monthly - b.monthly)[0];
  return {
    exponent,
    presale: presale
      ? {
          deposit: toMinor(presale.deposit, rules.currency),
          depositStartsAt: presale.depositStartsAt,
          depositEndsAt: presale.depositEndsAt,
          finalStartsAt: presale.finalStartsAt,
          finalEndsAt: presale.finalEndsAt,
        }
      : null,
    fcode: fcodeCampaign ? { endsAt: fcodeCampaign.endsAt } : null,
    tradeInBonus: tradeIn ? tradeIn.bonus : null,
    pointsEarned: priceMinor === null ? null : pointsEarned(pointsRules(local, rules), priceMinor),
    instalmentFrom: cheapest ?? null,
  };
}
