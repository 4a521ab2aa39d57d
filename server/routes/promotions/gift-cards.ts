import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError, Errno } from '../../errors';
import { requireUser } from '../../context';
import { message } from '../../i18n';
import { RATE_RULES } from '../../security/rate-limit';
import { currencyExponent } from '../../../region-config/money';
import { commerceRules } from '../../../sites/commerce';
import {
  giftCardCommodityId,
  giftCardValues,
  GIFT_CARD_REDEEMABLE_AFTER_HOURS,
  MAX_GIFT_CARDS_PER_ORDER,
} from '../../../sites/gift-cards';
import { maskGiftCardCode } from '../../orders/gift-card-payment';
import type { GiftCardRow } from '../../repositories/gift-cards';
import { giftcardMineAnswer, giftCardAddBody } from '../../schemas/promotions';

function stateOf(card: GiftCardRow): 'active' | 'not_yet' | 'used_up' | 'expired' {
  if (new Date(card.expires_at).getTime() <= Date.now()) return 'expired';
  if (card.balance <= 0) return 'used_up';
  return new Date(card.redeemable_from).getTime() > Date.now() ? 'not_yet' : 'active';
}

/** Gift cards: the values sold here, the user's cards and balances (/user/voucher), adding a card by its code. */
export async function giftCardRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();

  async function answer(userId: number, local: string) {
    const { currency } = commerceRules(local);
    const cards = await app.repos.giftCards.mine(userId, local);
    return {
      gift_cards: cards.map((c) => {
        const mine = c.owner_id === userId;
        // A bought card someone else added is theirs now: the buyer sees that it was taken, not the code.
        const visible = mine || c.owner_id === null;
        return {
          code: visible ? c.code : maskGiftCardCode(c.code),
          currency: c.currency,
          initial_amount: c.initial_amount,
          balance: visible ? c.balance : 0,
          redeemable_from: new Date(c.redeemable_from).getTime(),
          expires_at: new Date(c.expires_at).getTime(),
          state: stateOf(c),
          mine,
          bought: c.bought_by === userId,
        };
      }),
      values: giftCardValues(local).map((amount) => ({ amount, commodity_id: giftCardCommodityId(local, amount) })),
      currency,
      exponent: currencyExponent(currency),
      max_per_order: MAX_GIFT_CARDS_PER_ORDER,
      redeemable_after_hours: GIFT_CARD_REDEEMABLE_AFTER_HOURS,
    };
  }

  app.get(
    '/giftcard/mine',
    {
      schema: {
        tags: ['gift card'],
        summary: "The user's gift cards and balances, the cards they bought, and the values sold here",
        response: { 200: envelopeSchema(giftcardMineAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return ok(await answer(user.id, request.storefront.local));
    },
  );

  app.post(
    '/giftcard/add',
    {
      config: { rateLimit: [RATE_RULES.payment, RATE_RULES.paymentAccount, RATE_RULES.paymentAddress] },
      schema: {
        tags: ['gift card'],
        summary: 'Add a gift card to the account by its code: from then on only this account can pay with it',
        body: giftCardAddBody,
        response: { 200: envelopeSchema(giftcardMineAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { storefront } = request;
      const code = request.body.code.replace(/[\s-]/g, '');
      const unknown = () =>
        new ApiError(Errno.GIFT_CARD_UNUSABLE, message(storefront, 'giftCard.error.unknown'), 200, {
          fields: { code: 'unknown' },
        });
      if (!/^[A-Za-z0-9]{16}$/.test(code)) throw unknown();
      const result = await app.repos.giftCards.add(user.id, storefront.local, code);
      if (result === 'unknown') throw unknown();
      if (result === 'expired')
        throw new ApiError(Errno.GIFT_CARD_UNUSABLE, message(storefront, 'giftCard.error.expired'), 200, {
          fields: { code: 'expired' },
        });
      return ok(await answer(user.id, storefront.local));
    },
  );
}
