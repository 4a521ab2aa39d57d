import { describe, expect, it } from 'vitest';
import { planMethodsOffered } from './instalment-plans';
import type { PaymentMethods } from '../request/orders-api';
import type { MethodView } from './payment-method-list';

/** GET /payment/methods of an order that reaches plans, the BFL card and two pay-later providers. */
const plans = { methods: ['card', 'instalment', 'bfl', 'bnpl'], bnpl: [{}, {}] } as unknown as PaymentMethods;

const entry = (method: MethodView['method'], offered = true): MethodView => ({
  key: method,
  method,
  offered,
  reason: offered ? null : 'above_maximum',
  fee: 0,
});

describe('card, instalments and pay later follow the country method list', () => {
  it('offers what both lists allow', () => {
    const country = [entry('card'), entry('instalments'), entry('paylater')];
    expect(planMethodsOffered(plans, country)).toEqual(['card', 'instalment', 'bfl', 'bnpl']);
  });

  it('leaves out pay later where the country lists none, and instalments where they are not offered', () => {
    expect(planMethodsOffered(plans, [entry('card'), entry('instalments')])).toEqual(['card', 'instalment', 'bfl']);
    expect(planMethodsOffered(plans, [entry('card'), entry('instalments', false), entry('paylater')])).toEqual([
      'card',
      'bnpl',
    ]);
  });

  it('a country method without plans or providers for this order is not offered either; the card always is', () => {
    const none = { methods: ['card'], bnpl: [] } as unknown as PaymentMethods;
    expect(planMethodsOffered(none, [entry('card'), entry('instalments'), entry('paylater')])).toEqual(['card']);
    expect(planMethodsOffered(plans, [])).toEqual(['card']);
  });
});
