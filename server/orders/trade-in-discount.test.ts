import { describe, expect, it } from 'vitest';
import type { CheckoutLine } from './pricing';
import { tradeInDiscount, type UsableTradeIn } from './trade-in-discount';
import { imeiProblem, valueDevice, type TradeInQuestion } from './trade-in-value';

function line(
  commodityId: string,
  productId: string,
  category: string,
  unitPrice: number,
  quantity = 1,
  problem: CheckoutLine['problem'] = null,
): CheckoutLine {
  return {
    commodityId,
    productId,
    category,
    name: productId,
    spec: '',
    image: '/images/x.svg',
    quantity,
    unitPrice,
    marketPrice: unitPrice,
    subtotal: unitPrice * quantity,
    stock: 10,
    purchaseLimit: 5,
    preOrder: false,
    problem,
  };
}

const tradeIn: UsableTradeIn = {
  id: '7300000001',
  currency: 'IDR',
  exchangeValue: 3_837_600,
  offers: [
    { productId: 'xiaomi-15', bonus: 810_000, subsidy: 360_000 },
    { productId: 'redmi-note-14', bonus: 180_000, subsidy: 0 },
    { productId: 'xiaomi-15-ultra', bonus: 1_080_000, subsidy: 540_000 },
  ],
  validUntil: new Date('2027-01-01T00:00:00Z'),
};

describe('tradeInDiscount', () => {
  it("takes the exchange value plus the phone's bonus off one unit of an eligible phone", () => {
    const effect = tradeInDiscount(
      [line('10005', 'xiaomi-15', 'phones', 15_179_000, 2), line('20001', 'redmi-watch-5', 'wearables', 1_000_000)],
      tradeIn,
    );
    expect(effect).toEqual({
      ok: true,
      discount: 3_837_600 + 810_000,
      commodityId: '10005',
      productId: 'xiaomi-15',
      exchangeValue: 3_837_600,
      bonus: 810_000,
      subsidy: 360_000,
    });
  });

  it('never takes more than the phone costs', () => {
    const effect = tradeInDiscount([line('10029', 'redmi-note-14', 'phones', 2_609_000, 3)], tradeIn);
    expect(effect).toMatchObject({ ok: true, discount: 2_609_000, productId: 'redmi-note-14', bonus: 180_000 });
  });

  it('chooses the eligible phone it takes most off, then the dearer one', () => {
    const lines = [
      line('10029', 'redmi-note-14', 'phones', 2_609_000),
      line('10005', 'xiaomi-15', 'phones', 15_179_000),
      line('10001', 'xiaomi-15-ultra', 'phones', 22_779_000),
    ];
    expect(tradeInDiscount(lines, tradeIn)).toMatchObject({
      productId: 'xiaomi-15-ultra',
      discount: 3_837_600 + 1_080_000,
    });
    // Two versions of one phone take the same off: the dearer version carries it.
    expect(
      tradeInDiscount(
        [line('10005', 'xiaomi-15', 'phones', 15_179_000), line('10007', 'xiaomi-15', 'phones', 17_279_000)],
        tradeIn,
      ),
    ).toMatchObject({ commodityId: '10007', discount: 4_647_600 });
    // A high value capped at each price: the dearer phone takes more.
    expect(
      tradeInDiscount(
        [line('10005', 'xiaomi-15', 'phones', 15_179_000), line('10001', 'xiaomi-15-ultra', 'phones', 22_779_000)],
        { ...tradeIn, exchangeValue: 25_000_000 },
      ),
    ).toMatchObject({ productId: 'xiaomi-15-ultra', discount: 22_779_000 });
  });

  it('applies to phones only: not to no phone, phones outside the programme or phones that cannot be ordered', () => {
    expect(tradeInDiscount([line('20001', 'redmi-watch-5', 'wearables', 1_000_000)], tradeIn)).toEqual({
      ok: false,
      reason: 'no_phone',
    });
    expect(tradeInDiscount([], tradeIn)).toEqual({ ok: false, reason: 'no_phone' });
    expect(tradeInDiscount([line('10043', 'poco-f7-pro', 'phones', 7_279_000)], tradeIn)).toEqual({
      ok: false,
      reason: 'not_eligible',
    });
    expect(tradeInDiscount([line('10005', 'xiaomi-15', 'phones', 15_179_000, 1, 'out_of_stock')], tradeIn)).toEqual({
      ok: false,
      reason: 'no_phone',
    });
    // A product id of the programme in another category (data drift) is not a phone.
    expect(tradeInDiscount([line('10005', 'xiaomi-15', 'tablets', 15_179_000)], tradeIn)).toEqual({
      ok: false,
      reason: 'no_phone',
    });
  });

  it('a zero exchange value still brings the bonus', () => {
    expect(
      tradeInDiscount([line('10005', 'xiaomi-15', 'phones', 15_179_000)], { ...tradeIn, exchangeValue: 0 }),
    ).toMatchObject({ ok: true, discount: 810_000 });
  });
});

const QUESTIONS: TradeInQuestion[] = [
  {
    id: 'powers-on',
    options: [
      { id: 'yes', deductionPercent: 0 },
      { id: 'no', deductionPercent: 100, notEligible: true },
    ],
  },
  {
    id: 'screen',
    options: [
      { id: 'flawless', deductionPercent: 0 },
      { id: 'cracked', deductionPercent: 45 },
    ],
  },
  {
    id: 'body',
    options: [
      { id: 'flawless', deductionPercent: 0 },
      { id: 'broken-back', deductionPercent: 30 },
    ],
  },
  {
    id: 'functions',
    options: [
      { id: 'all-work', deductionPercent: 0 },
      { id: 'several-faults', deductionPercent: 40 },
    ],
  },
];

describe('valueDevice', () => {
  it('adds the deductions of the answers and rounds down to a whole minor unit', () => {
    expect(
      valueDevice(4_680_000, QUESTIONS, {
        'powers-on': 'yes',
        screen: 'cracked',
        body: 'flawless',
        functions: 'all-work',
      }),
    ).toEqual({ ok: true, eligible: true, baseValue: 4_680_000, deductionPercent: 45, exchangeValue: 2_574_000 });
    // 549.45
    expect(
      valueDevice(999, QUESTIONS, { 'powers-on': 'yes', screen: 'cracked', body: 'flawless', functions: 'all-work' }),
    ).toMatchObject({ exchangeValue: 549 });
  });

  it('stops at zero when the deductions pass the whole value', () => {
    expect(
      valueDevice(26_000, QUESTIONS, {
        'powers-on': 'yes',
        screen: 'cracked',
        body: 'broken-back',
        functions: 'several-faults',
      }),
    ).toMatchObject({ eligible: true, deductionPercent: 100, exchangeValue: 0 });
  });

  it('an answer that rules the device out makes it not eligible', () => {
    expect(
      valueDevice(26_000, QUESTIONS, {
        'powers-on': 'no',
        screen: 'flawless',
        body: 'flawless',
        functions: 'all-work',
      }),
    ).toMatchObject({ ok: true, eligible: false, exchangeValue: 0, notEligibleBy: ['powers-on'] });
  });

  it('names missing and unknown answers', () => {
    expect(valueDevice(26_000, QUESTIONS, { 'powers-on': 'yes', screen: 'shiny', colour: 'red', body: '' })).toEqual({
      ok: false,
      missing: ['body', 'functions'],
      unknown: ['colour', 'screen'],
    });
    expect(valueDevice(26_000, QUESTIONS, JSON.parse('{"__proto__": {"x": 1}}'))).toMatchObject({
      ok: false,
      missing: ['powers-on', 'screen', 'body', 'functions'],
    });
  });
});

describe('imeiProblem', () => {
  it('wants 15 digits with a valid Luhn check digit', () => {
    expect(imeiProblem('490154203237518')).toBeNull();
    expect(imeiProblem('490154203237519')).toBe('checksum');
    expect(imeiProblem('356938035643809')).toBeNull();
    expect(imeiProblem('35693803564380')).toBe('format');
    expect(imeiProblem('3569380356438090')).toBe('format');
    expect(imeiProblem('35693803564380a')).toBe('format');
    expect(imeiProblem('')).toBe('format');
  });
});
