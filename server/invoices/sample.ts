import { invoicingRules } from '../../sites/invoicing';
import { buyerOf, invoiceContent, type DocumentContent, type InvoicedOrder } from './content';
import { orderAmounts } from '../orders/amounts';
import { commerceRules } from '../../sites/commerce';

/** A realistic invoice of a country (two lines, a discount, shipping), for the benchmark and the font check. */
export function sampleInvoice(
  local: string,
  names: readonly string[] = ['Xiaomi 14 Ultra', 'Redmi Buds 5'],
): DocumentContent {
  const rules = commerceRules(local);
  const lines = names.map((name, i) => {
    const unit = 10 ** 5 * (i + 1) * (rules.currency === 'JPY' || rules.currency === 'KRW' ? 1 : 1);
    return { name, spec: i === 0 ? '16 GB + 512 GB' : '', quantity: i + 1, unit_price: unit, subtotal: unit * (i + 1) };
  });
  const items = lines.reduce((a, l) => a + l.subtotal, 0);
  const a = orderAmounts(rules, items, 499, 1000);
  const order: InvoicedOrder = {
    id: '5100000042',
    local,
    kind: 'standard',
    currency: a.currency,
    items_total: a.itemsTotal,
    discount: a.discount,
    shipping_fee: a.shippingFee,
    tax: a.tax,
    tax_inclusive: a.taxInclusive,
    tax_rate_bp: a.taxRateBp,
    net_amount: a.netAmount,
    total: a.total,
    gift_card_amount: 0,
    vat_exempt: false,
    vat_exempted: 0,
    address: {
      recipient: 'Alex Example',
      street: 'Main Street',
      houseNumber: '1',
      city: 'Capital',
      postalCode: '10000',
      state: '',
    },
    invoice: null,
    created_at: new Date('2026-03-01T10:00:00Z'),
  };
  const seller = invoicingRules(local)!.seller;
  return invoiceContent({
    order,
    lines,
    seller,
    buyer: buyerOf(order, null),
    number: `${local.toUpperCase()}-2026-000042`,
    issuedAt: new Date('2026-03-02T10:00:00Z'),
    deposit: false,
  });
}
