import { request } from './';
import { site } from '../state/site';
import type { Camelized } from './camelized';
import type { WalletPayAnswer, WalletPayBody, WalletSandboxTokenBody } from '../../server/schemas/wallet-payments';

const api = (path: string) => `${site.value.api}${path}`;
const quiet = { redirectOnNotLoggedIn: true } as const;

/** Apple Pay and Google Pay (server/routes/payments/wallet-payments.ts). */
export const walletApi = {
  /** The sandbox wallet sheet's answer: a test token for the amount and currency it shows. */
  sandboxToken: (body: WalletSandboxTokenBody) =>
    request<{ token: string }>(api('/pay/wallet/sandbox/token'), { ...quiet, method: 'POST', body, json: true }),
  /** Pays the order with the token of the wallet's sheet. */
  pay: (body: WalletPayBody) =>
    request<Camelized<WalletPayAnswer>>(api('/payment/wallet'), { ...quiet, method: 'POST', body, json: true }),
};
