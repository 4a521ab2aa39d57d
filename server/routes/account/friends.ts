import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { requireUser } from '../../context';
import { apiLink } from '../../mail/account-mails';
import { currencyExponent } from '../../../region-config/money';
import { getSiteConfig } from '../../../sites';
import { friendProgrammeFor } from '../../../sites/friend-codes';
import { friendName } from '../../friends/messages';
import type { CouponRow } from '../../repositories/coupons';
import { friendMineAnswer } from '../../schemas/friends';
import { titleIn } from '../../../content/coupon-titles';
import type { Storefront } from '../../storefront';

const time = (d: Date | null) => (d ? new Date(d).getTime() : null);

function couponSummary(c: CouponRow | null, storefront: Storefront) {
  if (!c) return null;
  return {
    title: titleIn(c.title, c.local, storefront.i18n),
    amount: c.amount ?? 0,
    min_spend: c.min_spend,
    currency: c.currency,
    exponent: currencyExponent(c.currency),
  };
}

/**
 * The shopper's friend code on their account page: the code (made the first time it is asked for), the link that
 * opens the sign-up with it, what the new shopper and the friend get here, and the friends who joined with it.
 */
export async function friendRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  app.get(
    '/friend/mine',
    {
      schema: {
        tags: ['account'],
        summary: "The shopper's friend code, its share link, the programme here and the friends who joined with it",
        response: { 200: envelopeSchema(friendMineAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { storefront } = request;
      const programme = friendProgrammeFor(storefront.local);
      const code = await app.friends.repo.ensureCode(user.id);
      const [welcome, rewardCoupon, friends] = await Promise.all([
        programme ? app.repos.coupons.byId(storefront.local, programme.welcomeCouponId) : null,
        programme?.reward.kind === 'coupon'
          ? app.repos.coupons.byId(storefront.local, programme.reward.couponId)
          : null,
        app.friends.repo.friendsOf(user.id),
      ]);
      const reward = !programme
        ? null
        : programme.reward.kind === 'points'
          ? { kind: 'points' as const, points: programme.reward.points }
          : rewardCoupon
            ? { kind: 'coupon' as const, coupon: couponSummary(rewardCoupon, storefront)! }
            : null;
      return ok({
        offered: programme !== null,
        code,
        share_url: apiLink(app.mail.links(storefront), '/site/login', { scene: 'register', friend: code }),
        networks: getSiteConfig(storefront.urlLocal).shareNetworks,
        welcome: couponSummary(welcome, storefront),
        reward,
        monthly_cap: programme?.monthlyCap ?? 0,
        friends: friends.map((f) => ({
          id: f.id,
          name: friendName(f.nickname),
          state: f.state,
          reason: f.reason,
          joined_at: new Date(f.created_at).getTime(),
          due_at: time(f.due_at),
          rewarded_at: time(f.rewarded_at),
          reward_points: f.reward_points,
          reward_coupon: f.reward_coupon_title && titleIn(f.reward_coupon_title, storefront.local, storefront.i18n),
        })),
      });
    },
  );
}
