/**
 * What an old device is worth (trade-in): pure arithmetic over a country's programme, so the route, the
 * screens' figures and the tests agree. Money is integer minor units.
 */

/** One answer to a condition question: the share of the base value it takes off, or that it rules the device out. */
export interface TradeInOption {
  id: string;
  deductionPercent: number;
  notEligible?: boolean;
}

export interface TradeInQuestion {
  id: string;
  options: readonly TradeInOption[];
}

export type Valuation =
  | { ok: true; eligible: true; baseValue: number; deductionPercent: number; exchangeValue: number }
  /** The "not evaluated" state: an answer rules the device out (it does not power on …). */
  | {
      ok: true;
      eligible: false;
      baseValue: number;
      deductionPercent: number;
      exchangeValue: 0;
      notEligibleBy: string[];
    }
  /** Questions left unanswered, and answers that are not options of their question (or questions that do not exist). */
  | { ok: false; missing: string[]; unknown: string[] };

/**
 * The exchange value of a device worth `baseValue` in flawless condition, given one answer per question. The
 * deductions add up and stop at the whole value; the result is rounded down to a whole minor unit.
 * @example valueDevice(4_680_000, questions, { 'powers-on': 'yes', screen: 'light-scratches', … }) // 10 % off → 4 212
 * 000
 */
export function valueDevice(
  baseValue: number,
  questions: readonly TradeInQuestion[],
  answers: Readonly<Record<string, string>>,
): Valuation {
  const missing: string[] = [];
  const unknown: string[] = [];
  const known = new Set(questions.map((q) => q.id));
  for (const key of Object.keys(answers)) if (!known.has(key)) unknown.push(key);
  let deduction = 0;
  const notEligibleBy: string[] = [];
  for (const question of questions) {
    const answer = Object.hasOwn(answers, question.id) ? answers[question.id] : undefined;
    if (answer === undefined || answer === '') {
      missing.push(question.id);
      continue;
    }
    const option = question.options.find((o) => o.id === answer);
    if (!option) {
      unknown.push(question.id);
      continue;
    }
    deduction += option.deductionPercent;
    if (option.notEligible) notEligibleBy.push(question.id);
  }
  if (missing.length > 0 || unknown.length > 0) return { ok: false, missing, unknown };
  const deductionPercent = Math.min(100, deduction);
  if (notEligibleBy.length > 0)
    return { ok: true, eligible: false, baseValue, deductionPercent, exchangeValue: 0, notEligibleBy };
  return {
    ok: true,
    eligible: true,
    baseValue,
    deductionPercent,
    exchangeValue: Math.floor((baseValue * (100 - deductionPercent)) / 100),
  };
}

/**
 * The IMEI format: 15 digits, then the Luhn check digit every IMEI carries (a mistyped digit fails it).
 * @example imeiProblem('490154203237518') // null
 */
export function imeiProblem(imei: string): 'format' | 'checksum' | null {
  if (!/^[0-9]{15}$/.test(imei)) return 'format';
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    let digit = imei.charCodeAt(14 - i) - 48;
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0 ? null : 'checksum';
}
