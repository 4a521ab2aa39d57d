import { request } from './';
import { site } from '../state/site';
import type { Camelized } from './camelized';
import type { BankStartBody, BankTransferAnswer } from '../../server/schemas/bank-transfers';

/** A bank virtual account as the island reads it: the account, the amount, what was received, the deadline. */
export type BankTransfer = Camelized<BankTransferAnswer>;

const api = (path: string) => `${site.value.api}${path}`;
// Failures are shown by the screen itself, next to the bank choice.
const quiet = { redirectOnNotLoggedIn: true } as const;

/** The bank-transfer calls (server/routes/payments/bank-transfers.ts). */
export const bankTransferApi = {
  /** Opens the order's virtual account at the chosen bank (a retry answers the account already open). */
  start: (body: BankStartBody) =>
    request<BankTransfer>(api('/payment/bank/start'), { ...quiet, body: { ...body }, json: true }),
  /** Where the payment stands: the server reads the bank's books while it is pending. */
  status: (paymentId: string) => request<BankTransfer>(api(`/payment/bank/${encodeURIComponent(paymentId)}`), quiet),
};
