import { describe, expect, it } from 'vitest';
import { cardForPlan, malformedBflCard } from './card-eligibility';

const cardPlan = { network: 'card', banks: ['hdfc', 'icici', 'sbi'], debitBanks: ['hdfc'] } as const;
const bflPlan = { network: 'bfl', banks: ['bfl'], debitBanks: [] } as const;
const bflCard = { bank: 'bfl', kind: 'emi' } as const;

describe('which card pays which plan', () => {
  it('takes a credit card of a bank of the plan', () => {
    expect(cardForPlan(cardPlan, { bank: 'icici', kind: 'credit' })).toEqual({
      ok: true,
      card: { bank: 'icici', cardKind: 'credit' },
    });
  });

  it('takes a debit card only of the banks that give EMI on debit cards', () => {
    expect(cardForPlan(cardPlan, { bank: 'hdfc', kind: 'debit' })).toEqual({
      ok: true,
      card: { bank: 'hdfc', cardKind: 'debit' },
    });
    expect(cardForPlan(cardPlan, { bank: 'sbi', kind: 'debit' })).toEqual({ ok: false, refusal: 'debit' });
  });

  it('refuses a bank outside the plan and a card of no known issuer', () => {
    expect(cardForPlan(cardPlan, { bank: 'bca', kind: 'credit' })).toEqual({ ok: false, refusal: 'bank' });
    expect(cardForPlan(cardPlan, null)).toEqual({ ok: false, refusal: 'bank' });
  });

  it('pays BFL plans with the BFL EMI card only, and the BFL card nothing else', () => {
    expect(cardForPlan(bflPlan, bflCard)).toEqual({ ok: true, card: { bank: 'bfl', cardKind: 'emi' } });
    expect(cardForPlan(bflPlan, { bank: 'hdfc', kind: 'credit' })).toEqual({ ok: false, refusal: 'bfl_card_needed' });
    expect(cardForPlan(bflPlan, null)).toEqual({ ok: false, refusal: 'bfl_card_needed' });
    expect(cardForPlan(cardPlan, bflCard)).toEqual({ ok: false, refusal: 'only_bfl_plans' });
  });

  it('tells a number with the BFL prefix but not its 16 digits', () => {
    expect(malformedBflCard('203040000000000')).toBe(true);
    expect(malformedBflCard('20304000000000021')).toBe(true);
    expect(malformedBflCard('2030400000000002')).toBe(false);
    expect(malformedBflCard('4100110000000000')).toBe(false);
  });
});
