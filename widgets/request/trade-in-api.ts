import { request } from './';
import { site } from '../state/site';
import { camel } from '../lib/strings';
import type { TradeInCountry } from '../../content/schemas/trade-in.schema';

/** The condition questions a programme may ask (content/schemas/trade-in.schema.ts). */
export type TradeInQuestionId = TradeInCountry['questions'][number]['id'];

/** The §9 time limits of the country's programme (server/routes/orders/trade-in.ts), camel-cased. */
export interface TradeInTiming {
  pickupDays: number;
  refundDays: number;
  rebateBusinessDays: number;
}

export interface TradeInProgramme {
  currency: string;
  exponent: number;
  validityDays: number;
  timing: TradeInTiming;
  models: { id: string; brand: string; model: string; storages: { storage: string; baseValue: number }[] }[];
  questions: { id: TradeInQuestionId; options: { id: string; deductionPercent: number; notEligible: boolean }[] }[];
  phones: { productId: string; name: string; image: string; bonus: number; subsidy: number; fromPrice: number | null }[];
}

export const TRADE_IN_STATES = ['evaluated', 'expired', 'not_evaluated', 'cancelled', 'redeemed', 'picked_up', 'assessed', 'refunded', 'completed'] as const;
export type TradeInState = (typeof TRADE_IN_STATES)[number];

export interface TradeIn {
  id: string;
  modelId: string;
  brand: string;
  model: string;
  storage: string;
  answers: { question: TradeInQuestionId; answer: string }[];
  imei: string;
  currency: string;
  exponent: number;
  baseValue: number;
  exchangeValue: number;
  offers: { productId: string; bonus: number; subsidy: number; total: number }[];
  productId: string | null;
  productName: string | null;
  bonus: number | null;
  subsidy: number | null;
  state: TradeInState;
  cancellable: boolean;
  orderId: string | null;
  orderState: string | null;
  validUntil: number;
  createdAt: number;
  redeemedAt: number | null;
  pickedUpAt: number | null;
  assessedAt: number | null;
  closedAt: number | null;
  cancelledAt: number | null;
}

const api = (path: string) => `${site.value.api}${path}`;

export const tradeInApi = {
  programme: () => request<TradeInProgramme>(api('/tradein/models')),
  mine: () => request<{ tradeIns: TradeIn[]; timing: TradeInTiming }>(api('/tradein/mine')),
  evaluate: (body: { modelId: string; storage: string; answers: Record<string, string>; imei: string }) =>
    request<{ tradeIn: TradeIn }>(api('/tradein/evaluate'), { body, json: true }).then((r) => r.tradeIn),
  cancel: (id: string) => request<{ tradeIn: TradeIn }>(api('/tradein/cancel'), { body: { id }, json: true }).then((r) => r.tradeIn),
};

/** Catalogue key of a state (keys allow no underscores). */
export function stateKey(state: TradeInState) {
  return `tradeIn.state.${camel(state)}` as const;
}

/**
 * §5 "IMEI 15 digits", checked as the server does (format, then the Luhn check digit) so a typo shows at once.
 * Spaces and dashes as printed on boxes are ignored.
 */
export function imeiProblem(raw: string): 'format' | 'checksum' | null {
  const imei = raw.replace(/[\s-]/g, '');
  if (!/^[0-9]{15}$/.test(imei)) return 'format';
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    let digit = imei.charCodeAt(14 - i) - 48;
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0 ? null : 'checksum';
}

/** The day `days` after `from` (ms), for the "by" dates of the timeline. */
export function daysAfter(from: number, days: number): number {
  return from + days * 86_400_000;
}
