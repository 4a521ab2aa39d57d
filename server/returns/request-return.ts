import type { Database } from '../db/types';
import type { ReturnReason } from '../schemas/returns';
import { returnRulesFor } from '../../sites/returns';
import { orderStepIn } from '../orders/order-steps';
import {
  insertReturnIn,
  returnableLinesIn,
  returnOrderIn,
  type ReturnableLineRow,
  type ReturnRow,
} from '../repositories/returns';
import { returnableUnits, returnDeadline } from './return-window';

export interface ReturnAsked {
  userId: number;
  local: string;
  urlLocal: string;
  orderId: string;
  lines: readonly { lineNo: number; quantity: number }[];
  reason: ReturnReason;
  description: string;
  uploadIds: readonly string[];
}

/** Why a return is refused, with what the shopper needs to see. */
export type ReturnRefusal =
  | { reason: 'order' }
  | { reason: 'not_returnable'; lines: number[] }
  | { reason: 'window_over'; deadline: Date }
  | { reason: 'quantity'; lines: { line_no: number; returnable: number }[] }
  | { reason: 'reason' }
  | { reason: 'uploads' };

export type ReturnResult = { ok: true; request: ReturnRow } | ({ ok: false } & ReturnRefusal);

/** The order states in which some units may have arrived. */
const DELIVERING = ['partially_shipped', 'shipped', 'delivered'];

class Refused extends Error {
  constructor(readonly refusal: ReturnRefusal) {
    super(refusal.reason);
  }
}

/**
 * Asks for a return of units of one delivered order of the shopper: each named line must have arrived (no gift
 * cards, no deposit orders), be within the country's window from its delivery, and have that many units left that no
 * other return claims. The order's row lock makes parallel requests queue, so together they never claim more than
 * was delivered. Records the `return_requested` step in the same transaction.
 */
export async function requestReturn(db: Database, input: ReturnAsked): Promise<ReturnResult> {
  const rules = returnRulesFor(input.local);
  if (!rules.reasons.includes(input.reason)) return { ok: false, reason: 'reason' };
  try {
    return await db.transaction(async (tx) => {
      const order = await returnOrderIn(tx, input.orderId, { userId: input.userId, local: input.local }, true);
      if (!order) throw new Refused({ reason: 'order' });
      const all = await returnableLinesIn(tx, order.id);
      const now = new Date();
      const asked = mergeLines(input.lines);
      const found = asked.map((a) => ({ a, line: all.find((l) => l.line_no === a.lineNo) }));
      const notReturnable = found
        .filter(({ line }) => !line || order.kind === 'deposit' || !DELIVERING.includes(order.state) || !line.delivered)
        .map(({ a }) => a.lineNo);
      if (notReturnable.length > 0) throw new Refused({ reason: 'not_returnable', lines: notReturnable });
      const lines = found.map(({ a, line }) => ({ a, line: line as ReturnableLineRow }));
      const late = lines
        .map(({ line }) => returnDeadline(line, rules)!)
        .find((deadline) => now.getTime() > deadline.getTime());
      if (late) throw new Refused({ reason: 'window_over', deadline: late });
      const short = lines.filter(({ a, line }) => a.quantity > returnableUnits(line, rules, now));
      if (short.length > 0)
        throw new Refused({
          reason: 'quantity',
          lines: short.map(({ line }) => ({ line_no: line.line_no, returnable: returnableUnits(line, rules, now) })),
        });
      const request = await insertReturnIn(tx, {
        userId: input.userId,
        order,
        urlLocal: input.urlLocal,
        lines: lines.map(({ a, line }) => ({ ...line, units: a.quantity })),
        reason: input.reason,
        description: input.description,
        uploadIds: input.uploadIds,
        pickUpWithinDays: rules.pickUpWithinDays,
      });
      if (!request) throw new Refused({ reason: 'uploads' });
      await orderStepIn(tx, order, 'return_requested', {
        actor: 'shopper',
        detail: {
          request_no: request.request_no,
          reason: input.reason,
          lines: lines.map(({ a }) => ({ line_no: a.lineNo, quantity: a.quantity })),
        },
      });
      return { ok: true as const, request };
    });
  } catch (err) {
    if (err instanceof Refused) return { ok: false, ...err.refusal };
    throw err;
  }
}

/** The same line named twice counts once, with its quantities added. */
function mergeLines(lines: readonly { lineNo: number; quantity: number }[]) {
  const byLine = new Map<number, number>();
  for (const l of lines) byLine.set(l.lineNo, (byLine.get(l.lineNo) ?? 0) + l.quantity);
  return [...byLine].map(([lineNo, quantity]) => ({ lineNo, quantity }));
}
