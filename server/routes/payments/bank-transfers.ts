import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError, Errno } from '../../errors';
import { requireUser } from '../../context';
import { message, translate } from '../../i18n';
import { RATE_RULES } from '../../security/rate-limit';
import { bankTransfersRepository, type BankTransferRow } from '../../repositories/bank-transfers';
import { APPROVAL_WINDOW_MS } from '../../payments/async-windows';
import { isBankSandbox } from '../../payments/bank-transfer-sandbox';
import { BankValidationUnavailable } from '../../payments/bank-validation';
import { paymentStateOfRow } from '../../payments/payment-states';
import { requireMethodOffered } from '../../payments/method-guard';
import {
  bankPaymentParams,
  bankStartBody,
  bankTransferAnswer,
  VA_BANK_NAMES,
  type BankTransferAnswer,
} from '../../schemas/bank-transfers';
import { openAsyncPayment } from './open-async-payment';
import { bankSandboxPageRoutes } from './bank-transfer-sandbox-page';

function answerOf(row: BankTransferRow): BankTransferAnswer {
  const state = paymentStateOfRow(row.state);
  return {
    payment_id: row.payment_id,
    order_id: row.order_id,
    state,
    failure_code: row.failure_code,
    bank: row.bank,
    account_number: row.number,
    amount: row.amount,
    amount_received: row.amount_received,
    amount_remaining: state === 'pending' ? Math.max(0, row.amount - row.amount_received) : 0,
    currency: row.currency,
    expires_at: row.expires_at ? new Date(row.expires_at).getTime() : null,
  };
}

/**
 * Bank virtual accounts (method bank_va): the start opens an account at the shopper's bank for the exact amount,
 * valid for the bank-transfer window, and holds the order (and its stock) that long; the bank feed's signed webhooks
 * (the async provider's webhook route) tell the store of each transfer, and the reconciliation records the money
 * received, pays the order once the amount is in, and owes back what the order does not take.
 */
export async function bankTransferRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const accounts = bankTransfersRepository(app.db);

  app.post(
    '/payment/bank/start',
    {
      config: { rateLimit: [RATE_RULES.payment, RATE_RULES.paymentAccount, RATE_RULES.paymentAddress] },
      schema: {
        tags: ['payment'],
        summary: 'Opens a bank virtual account for an order: the account number, the exact amount, the deadline',
        body: bankStartBody,
        response: { 200: envelopeSchema(bankTransferAnswer) },
      },
    },
    async (request) => {
      const { storefront, body } = request;
      const user = requireUser(request);
      await requireMethodOffered(app, storefront, user.id, body.orderId, 'bank_va', {
        paymentRequest: false,
        apps: [],
      });
      // A retry (a second click, a reload) gets the account already open for the order: one number per payment.
      const open = await accounts.pendingOfOrder(user.id, body.orderId);
      if (open) return ok(answerOf(open));
      const opening = await openAsyncPayment(app, request, {
        orderId: body.orderId,
        paidBy: 'bank_va',
        windowMs: APPROVAL_WINDOW_MS.bank_va,
        // The order and its stock wait for the transfer as long as the account takes one (its unpaid window grows).
        holdsOrder: true,
        start: { method: 'bank_va', wallet: null, bank: body.bank },
        // The bank could not validate a new account: nothing was opened, another bank or method may pay.
        refusal: (err) =>
          err instanceof BankValidationUnavailable
            ? new ApiError(
                Errno.BANK_VALIDATION_UNAVAILABLE,
                translate(storefront, 'payment.bank.error.validationUnavailable', { bank: VA_BANK_NAMES[body.bank] }),
                200,
                { bank: body.bank },
              )
            : null,
      });
      const { payment, action } = opening.opened;
      if (action.kind !== 'account') throw new Error('the provider answered a bank transfer without an account');
      await accounts.open(opening.paymentId, {
        bank: body.bank,
        number: action.number,
        providerRef: payment.providerRef,
      });
      return ok(answerOf((await accounts.ofUser(user.id, opening.paymentId))!));
    },
  );

  app.get(
    '/payment/bank/:paymentId',
    {
      config: { rateLimit: [RATE_RULES.paymentAddress] },
      schema: {
        tags: ['payment'],
        summary: 'A bank-transfer payment: its account, what was received and what is still owed (the island polls)',
        params: bankPaymentParams,
        response: { 200: envelopeSchema(bankTransferAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      let row = await accounts.ofUser(user.id, request.params.paymentId);
      if (!row) throw new ApiError(Errno.NOT_FOUND, message(request.storefront, 'order.error.notFound'), 404);
      // While pending, the provider's books are read server-side: a webhook on its way does not keep anyone waiting.
      if (row.state === 'pending') {
        await app.reconciler.settleOne(row.payment_id);
        row = (await accounts.ofUser(user.id, row.payment_id))!;
      }
      return ok(answerOf(row));
    },
  );

  if (isBankSandbox(app.asyncSandbox)) await app.register(bankSandboxPageRoutes, { sandbox: app.asyncSandbox });
}
