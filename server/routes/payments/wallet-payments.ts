import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError, Errno } from '../../errors';
import { requireUser } from '../../context';
import { message } from '../../i18n';
import { RATE_RULES } from '../../security/rate-limit';
import { paymentReference } from '../../repositories/payments';
import { paymentReceiptMail } from '../../mail/order-mails';
import { requireMethodOffered } from '../../payments/method-guard';
import type { ChargeOutcome } from '../../payments/provider';
import { walletSandbox } from '../../payments/wallet-sandbox';
import {
  walletPayAnswer,
  walletPayBody,
  walletSandboxTokenAnswer,
  walletSandboxTokenBody,
} from '../../schemas/wallet-payments';
import { sendToProvider, startAttempt } from './payment-attempt';

/** The wallets' names on the receipt: brands, the same in every language. */
const WALLET_NAMES = { apple_pay: 'Apple Pay', google_pay: 'Google Pay' } as const;

/** The message of a wallet payment the gateway refused or the order could no longer take. */
const FAILURES: Record<string, string> = {
  order_closed: 'payment.error.orderClosed',
  duplicate: 'payment.error.orderClosed',
  cancelled: 'payment.error.cancelled',
  expired: 'payment.error.expired',
};

/**
 * Apple Pay and Google Pay: the token of the wallet's sheet is checked by the wallets' processor (one use, for this
 * order's amount and currency), then the card it stands for is charged through the card gateway, with no one-time
 * password (the phone authenticated the shopper). The order is paid once whatever arrives twice: the attempt is
 * recorded before the token is checked, and a second attempt of the same order waits for the first to settle.
 */
export async function walletPaymentRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const gateway = app.paymentProvider;
  // The sandbox is the only processor so far (PAYMENT_PROVIDERS has one value); a real one implements verify too.
  const tokens = walletSandbox(app.db);

  app.post(
    '/payment/wallet',
    {
      config: { rateLimit: [RATE_RULES.payment, RATE_RULES.paymentAccount, RATE_RULES.paymentAddress] },
      schema: {
        tags: ['payment'],
        summary: 'Pays an unpaid order by Apple Pay or Google Pay with the token of the wallet sheet',
        body: walletPayBody,
        response: { 200: envelopeSchema(walletPayAnswer) },
      },
    },
    async (request) => {
      const { storefront, body } = request;
      const user = requireUser(request);
      // A token is the browser's proof that it has the wallet; the country, amount and products are still checked.
      await requireMethodOffered(app, storefront, user.id, body.orderId, body.wallet, {
        paymentRequest: true,
        apps: [],
        wallets: [body.wallet],
      });
      const started = await startAttempt(app, request, body.orderId, gateway.id, body.wallet, false);
      const reference = paymentReference(started.payment.id);
      const receipt =
        (method: string): Parameters<typeof app.repos.payments.record>[2] =>
        (order, giftCards) =>
          paymentReceiptMail(app.mail.links(storefront).origin, storefront, user.email, order, method, giftCards);
      const checked = await sendToProvider(request, () =>
        tokens.verify(body.token, {
          wallet: body.wallet,
          amountMinor: started.payment.amount,
          currency: started.payment.currency,
        }),
      );
      if (!checked.ok) {
        await app.repos.payments.record(started.payment.id, { status: 'declined', code: 'token_unknown' }, receipt(''));
        throw new ApiError(Errno.WALLET_TOKEN_FAILED, message(storefront, 'payment.wallet.error.token'), 200, {
          order_id: started.order.id,
          payment_id: started.payment.id,
          reason: checked.reason,
        });
      }
      let outcome: ChargeOutcome = await sendToProvider(request, () =>
        gateway.charge({
          reference,
          amountMinor: started.payment.amount,
          currency: started.payment.currency,
          source: { card: checked.card },
          tokenize: false,
        }),
      );
      // A wallet's card never waits for a password: should the gateway ask for one, the charge is called off.
      if (outcome.status === 'otp_required') {
        outcome = await sendToProvider(request, () => gateway.cancel(reference));
        if (outcome.status !== 'succeeded') outcome = { status: 'declined', code: 'declined' };
      }
      const card = outcome.status === 'succeeded' && outcome.brand ? ` · ${outcome.brand} •••• ${outcome.last4}` : '';
      const result = await app.repos.payments.record(
        started.payment.id,
        outcome,
        receipt(`${WALLET_NAMES[body.wallet]}${card}`),
      );
      if (result.state !== 'succeeded') {
        const code = result.state === 'failed' ? result.code : 'declined';
        throw new ApiError(Errno.PAYMENT_FAILED, message(storefront, FAILURES[code] ?? 'payment.error.declined'), 200, {
          order_id: result.orderId,
          payment_id: started.payment.id,
          code,
        });
      }
      app.mail.wake();
      return ok({ state: 'succeeded' as const, order_id: result.orderId, payment_id: started.payment.id });
    },
  );

  // The sandbox wallet's sheet: what Apple Pay or Google Pay would hand the browser, as a test token.
  if (gateway.id === 'sandbox')
    app.post(
      '/pay/wallet/sandbox/token',
      {
        config: { rateLimit: [RATE_RULES.paymentAddress] },
        schema: {
          tags: ['payment'],
          summary: "The sandbox wallet sheet's answer: a signed test token for a wallet, amount and currency",
          body: walletSandboxTokenBody,
          response: { 200: envelopeSchema(walletSandboxTokenAnswer) },
        },
      },
      async (request) => {
        requireUser(request);
        const { wallet, amount, currency, outcome } = request.body;
        return ok({
          token: await tokens.issue({ wallet, amountMinor: amount, currency, outcome: outcome ?? 'approve' }),
        });
      },
    );
}
