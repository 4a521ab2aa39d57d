import { describe, expect, it } from 'vitest';
import { lowestPriorPrice, type OfferNow, type PricePoint } from './lowest-price';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 28, 12);
const at = (daysAgo: number) => NOW - daysAgo * DAY;
const eur = (from: number, salePrice: number, onSale = true): PricePoint => ({
  from,
  currency: 'EUR',
  salePrice,
  onSale,
});
const offer = (salePrice: number, marketPrice = salePrice): OfferNow => ({
  currency: 'EUR',
  salePrice,
  marketPrice,
  onSale: true,
});

describe('the lowest price of the last 30 days', () => {
  it('a price cut: the price before it, over all 30 days', () => {
    const history = [eur(at(90), 99_900), eur(at(2), 79_900)];
    expect(lowestPriorPrice(history, offer(79_900, 99_900), NOW)).toEqual({
      reduced: true,
      reducedSince: at(2),
      lowestPrice: 99_900,
      basis: 'window',
    });
  });

  it('a cut after a rise: the price before the rise, not the raised one', () => {
    const history = [eur(at(60), 99_900), eur(at(7), 119_900), eur(at(1), 89_900)];
    expect(lowestPriorPrice(history, offer(89_900, 119_900), NOW)).toMatchObject({
      reduced: true,
      lowestPrice: 99_900,
      basis: 'window',
    });
  });

  it('no history before the reduction: the current price itself', () => {
    expect(lowestPriorPrice([eur(at(3), 79_900)], offer(79_900, 99_900), NOW)).toEqual({
      reduced: true,
      reducedSince: at(3),
      lowestPrice: 79_900,
      basis: 'none',
    });
    // No row at all (an offer written outside the triggers): the same.
    expect(lowestPriorPrice([], offer(79_900, 99_900), NOW)).toMatchObject({ lowestPrice: 79_900, basis: 'none' });
    // A price older than any record has nothing before it either.
    expect(lowestPriorPrice([eur(-Infinity, 79_900)], offer(79_900, 99_900), NOW)).toEqual({
      reduced: true,
      reducedSince: null,
      lowestPrice: 79_900,
      basis: 'none',
    });
  });

  it('an offer sold for fewer than 30 days before the cut counts those days', () => {
    const history = [eur(at(12), 94_900), eur(at(5), 99_900), eur(at(1), 89_900)];
    expect(lowestPriorPrice(history, offer(89_900, 99_900), NOW)).toMatchObject({
      lowestPrice: 94_900,
      basis: 'shorter',
    });
  });

  it('prices that ended more than 30 days before the reduction do not count', () => {
    const history = [eur(at(100), 59_900), eur(at(45), 99_900), eur(at(1), 89_900)];
    expect(lowestPriorPrice(history, offer(89_900, 99_900), NOW)).toMatchObject({
      lowestPrice: 99_900,
      basis: 'window',
    });
    // A price that held into the window counts, however long ago it started.
    const held = [eur(at(100), 59_900), eur(at(20), 99_900), eur(at(1), 89_900)];
    expect(lowestPriorPrice(held, offer(89_900, 99_900), NOW).lowestPrice).toBe(59_900);
  });

  it('the window is the 30 days before the reduction, not before today', () => {
    // Cut 40 days ago (struck through since): the prices of days 40–70 count, not the cut price of the last 30.
    const history = [eur(at(200), 99_900), eur(at(60), 94_900), eur(at(40), 79_900)];
    expect(lowestPriorPrice(history, offer(79_900, 99_900), NOW)).toMatchObject({
      reducedSince: at(40),
      lowestPrice: 94_900,
    });
  });

  it('a cut without a struck-through price is a reduction for 30 days, then the ordinary price', () => {
    const history = [eur(at(90), 99_900), eur(at(10), 89_900)];
    expect(lowestPriorPrice(history, offer(89_900), NOW)).toMatchObject({ reduced: true, lowestPrice: 99_900 });
    const old = [eur(at(90), 99_900), eur(at(31), 89_900)];
    expect(lowestPriorPrice(old, offer(89_900), NOW)).toEqual({
      reduced: false,
      reducedSince: null,
      lowestPrice: null,
      basis: null,
    });
  });

  it('a rise is no reduction unless an original price is struck through', () => {
    const history = [eur(at(20), 79_900), eur(at(2), 89_900)];
    expect(lowestPriorPrice(history, offer(89_900), NOW).reduced).toBe(false);
    // Struck through above a raised price: the lowest price shows the cheaper days before.
    expect(lowestPriorPrice(history, offer(89_900, 99_900), NOW)).toMatchObject({
      reduced: true,
      lowestPrice: 79_900,
      basis: 'shorter',
    });
  });

  it('a change of the struck-through price alone starts no new reduction', () => {
    // The history has a row per market-price change; the same sale price is one run.
    const history = [eur(at(90), 99_900), eur(at(20), 79_900), eur(at(3), 79_900)];
    expect(lowestPriorPrice(history, offer(79_900, 109_900), NOW)).toMatchObject({
      reducedSince: at(20),
      lowestPrice: 99_900,
    });
  });

  it('days off sale and prices in another currency do not count', () => {
    const history = [eur(at(25), 49_900, false), eur(at(10), 99_900), eur(at(1), 89_900)];
    expect(lowestPriorPrice(history, offer(89_900, 99_900), NOW)).toMatchObject({
      lowestPrice: 99_900,
      basis: 'shorter',
    });
    const other: PricePoint[] = [{ from: at(20), currency: 'BGN', salePrice: 1_000, onSale: true }];
    expect(lowestPriorPrice([...other, eur(at(1), 89_900)], offer(89_900, 99_900), NOW)).toMatchObject({
      lowestPrice: 89_900,
      basis: 'none',
    });
    // An offer off sale shows no figure.
    expect(lowestPriorPrice([eur(at(90), 99_900)], { ...offer(79_900, 99_900), onSale: false }, NOW).reduced).toBe(
      false,
    );
  });

  it('a history that does not end with the price sold now treats that price as new', () => {
    const history = [eur(at(40), 99_900)];
    expect(lowestPriorPrice(history, offer(79_900, 99_900), NOW)).toEqual({
      reduced: true,
      reducedSince: NOW,
      lowestPrice: 99_900,
      basis: 'window',
    });
  });
});
