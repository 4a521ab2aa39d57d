import { describe, expect, expectTypeOf, it } from 'vitest';
import { camelizeKeys } from './camel-case';
import type { Camelized } from './camelized';

type Answer = {
  order_id: string;
  unread_by_kind: Record<string, number>;
  lines: { unit_price: number; market_price?: number }[];
  presale: { final_ends_at: number } | null;
  [key: string]: unknown;
};

describe('Camelized', () => {
  it('names the keys as camelizeKeys writes them, deeply, and drops open index signatures', () => {
    expectTypeOf<Camelized<Answer>>().toEqualTypeOf<{
      orderId: string;
      unreadByKind: Record<string, number>;
      lines: { unitPrice: number; marketPrice?: number }[];
      presale: { finalEndsAt: number } | null;
    }>();
    const answer = camelizeKeys({
      order_id: '1',
      unread_by_kind: { order: 1 },
      lines: [{ unit_price: 5 }],
      presale: { final_ends_at: 9 },
    }) as Camelized<Answer>;
    expect(answer.lines[0]?.unitPrice).toBe(5);
    expect(answer.presale?.finalEndsAt).toBe(9);
  });
});
