import { request } from './';
import { site } from '../state/site';
import { camel } from '../lib/strings';
import type { TradeInCountry } from '../../content/schemas/trade-in.schema';
import type { Camelized } from '../request/camelized';
import type {
  TradeInAnswer,
  TradeInEvaluateBody,
  TradeInListAnswer,
  TradeInProgrammeView,
  TradeInState,
  TradeInTimingView,
  TradeInView,
} from '../../server/schemas/trade-in';

/** The condition questions a programme may ask (content/schemas/trade-in.schema.ts). */
export type TradeInQuestionId = TradeInCountry['questions'][number]['id'];

/**
 * The trade-in timing of the country's programme, the programme and a trade-in (server/schemas/trade-in.ts),
 * camel-cased.
 */
export type TradeInTiming = Camelized<TradeInTimingView>;
export type TradeInProgramme = Camelized<TradeInProgrammeView>;
export { TRADE_IN_STATES, type TradeInState } from '../../server/schemas/trade-in';
export type TradeIn = Camelized<TradeInView>;

const api = (path: string) => `${site.value.api}${path}`;

export const tradeInApi = {
  programme: () => request<TradeInProgramme>(api('/tradein/models')),
  mine: () => request<Camelized<TradeInListAnswer>>(api('/tradein/mine')),
  evaluate: (body: TradeInEvaluateBody) =>
    request<Camelized<TradeInAnswer>>(api('/tradein/evaluate'), { body, json: true }).then((r) => r.tradeIn),
  cancel: (id: string) =>
    request<Camelized<TradeInAnswer>>(api('/tradein/cancel'), { body: { id }, json: true }).then((r) => r.tradeIn),
};

/** Catalogue key of a state (keys allow no underscores). */
export function stateKey(state: TradeInState) {
  return `tradeIn.state.${camel(state)}` as const;
}

/**
 * The IMEI format (15 digits), checked as the server does (format, then the Luhn check digit) so a typo shows at once.
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
