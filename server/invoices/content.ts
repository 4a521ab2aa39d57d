import { vatExemptionAllowed } from '../../region-config/tax-ids';
import type { Seller } from '../../sites/invoicing';

/** Whose tax a document shows: VAT, GST, sales tax, consumption tax (India: CGST+SGST or IGST). */
export type TaxKind = 'vat' | 'gst' | 'salesTax' | 'consumptionTax';
/** Catalogue keys of the notes a document may carry (`invoice.note.*`). */
export type DocumentNote = 'taxIncluded' | 'reverseCharge' | 'vatExempt' | 'advancePayment' | 'creditFor';
/** What a line is: a bought item, the discounts, shipping, an advance payment deducted, or a refund. */
export type LineKind = 'item' | 'discount' | 'shipping' | 'advance' | 'refund';

/** One line: money in minor units of the document's currency (negative on discounts and credit notes). */
export interface DocumentLine {
  kind: LineKind;
  /** The product's name and spec (item lines); other kinds are named by their kind in the document's language. */
  description: string;
  quantity: number;
  unitPrice: number;
  net: number;
  rateBp: number;
  tax: number;
  gross: number;
}

/** One row of the tax summary: a tax at a rate, the amount it is on, and the tax. */
export interface TaxRow {
  /** A translated kind, or a code that reads the same in every language (CGST, SGST, IGST). */
  label: TaxKind | 'CGST' | 'SGST' | 'IGST';
  rateBp: number;
  base: number;
  tax: number;
}

export interface Buyer {
  name: string;
  company: string | null;
  taxIdLabel: string | null;
  taxId: string | null;
  fiscalId: string | null;
  addressLines: string[];
}

/** What a document says, fixed when it is issued (stored as `invoices.content`). */
export interface DocumentContent {
  kind: 'invoice' | 'credit_note';
  /** standard; deposit: the advance payment of a pre-order; final: its final payment, the advance deducted. */
  variant: 'standard' | 'deposit' | 'final';
  number: string;
  issuedAt: string;
  orderId: string;
  orderDate: string;
  currency: string;
  taxInclusive: boolean;
  seller: Seller;
  buyer: Buyer;
  lines: DocumentLine[];
  taxes: TaxRow[];
  totals: { net: number; tax: number; total: number; giftCards: number };
  notes: DocumentNote[];
  /** A credit note: the invoice it corrects. */
  corrects: { number: string; issuedAt: string } | null;
}

/** The order as an invoice reads it (a subset of the orders row, money in minor units). */
export interface InvoicedOrder {
  id: string;
  local: string;
  kind: 'standard' | 'deposit' | 'final';
  currency: string;
  items_total: number;
  discount: number;
  shipping_fee: number;
  tax: number;
  tax_inclusive: boolean;
  tax_rate_bp: number;
  net_amount: number;
  total: number;
  gift_card_amount: number;
  vat_exempt: boolean;
  vat_exempted: number;
  address: Record<string, string>;
  invoice: Record<string, string> | null;
  created_at: Date;
}

export interface InvoicedLine {
  name: string;
  spec: string;
  quantity: number;
  unit_price: number;
  subtotal: number;
}

/** The company of a company order, as its enterprise account holds it. */
export interface BuyerCompany {
  name: string;
  taxIdLabel: string;
  taxId: string;
  address: { street: string; city: string; state: string; postalCode: string };
}

const TAX_KIND: Readonly<Record<string, TaxKind>> = {
  us: 'salesTax',
  jp: 'consumptionTax',
  in: 'gst',
  au: 'gst',
  nz: 'gst',
  sg: 'gst',
  my: 'gst',
};

/** Splits `total` over `weights` in proportion, rounding so the parts add up to it exactly (largest remainder). */
export function allocate(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0 || total === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const parts = exact.map((x) => Math.trunc(x));
  let rest = total - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, frac: Math.abs(x - Math.trunc(x)) })).sort((a, b) => b.frac - a.frac);
  const step = Math.sign(rest);
  for (let k = 0; rest !== 0 && k < order.length; k++, rest -= step) parts[order[k]!.i]! += step;
  return parts;
}

/** The tax rows of an amount of tax at one rate: India splits GST into CGST+SGST within a state, IGST across. */
function taxRows(local: string, kind: TaxKind, rateBp: number, base: number, tax: number, sameState: boolean) {
  if (local !== 'in') return [{ label: kind, rateBp, base, tax }] satisfies TaxRow[];
  if (!sameState) return [{ label: 'IGST', rateBp, base, tax }] satisfies TaxRow[];
  const central = Math.trunc(tax / 2);
  return [
    { label: 'CGST', rateBp: rateBp / 2, base, tax: central },
    { label: 'SGST', rateBp: rateBp / 2, base, tax: tax - central },
  ] satisfies TaxRow[];
}

function addressLines(a: Record<string, string>): string[] {
  const street = [a['street'], a['houseNumber']].filter(Boolean).join(' ');
  const place = [a['postalCode'], a['city']].filter(Boolean).join(' ');
  return [street, a['building'] ?? '', place, a['state'] ?? ''].filter((l) => l.trim() !== '');
}

/** The buyer: the company of a company invoice (with its tax ID), else the recipient; a fiscal ID where given. */
export function buyerOf(order: InvoicedOrder, company: BuyerCompany | null): Buyer {
  const invoice = order.invoice ?? {};
  const isCompany = invoice['type'] === 'company';
  const address = company ? { ...company.address } : order.address;
  return {
    name: order.address['recipient'] ?? '',
    company: isCompany ? (invoice['companyName'] ?? company?.name ?? null) : null,
    taxIdLabel: isCompany ? (company?.taxIdLabel ?? null) : null,
    taxId: isCompany ? (invoice['taxId'] ?? company?.taxId ?? null) : null,
    fiscalId: invoice['fiscalId'] ?? null,
    addressLines: addressLines(address),
  };
}

/**
 * The invoice of an order. The order's tax (or, for an exempt company, the VAT left out) is the one figure that was
 * charged; it is spread over items, discounts and shipping so every line has its net, rate and tax and the lines add up
 * to the order's totals to the minor unit.
 */
export function invoiceContent(input: {
  order: InvoicedOrder;
  lines: readonly InvoicedLine[];
  seller: Seller;
  buyer: Buyer;
  number: string;
  issuedAt: Date;
  deposit: boolean;
}): DocumentContent {
  const { order } = input;
  const rate = order.vat_exempt ? 0 : order.tax_rate_bp;
  const linesSum = input.lines.reduce((a, l) => a + l.subtotal, 0);
  // A deposit order's lines carry full prices; what it invoices is the advance, as one line.
  const items =
    linesSum === order.items_total
      ? input.lines.map((l) => ({
          kind: 'item' as const,
          description: [l.name, l.spec].filter(Boolean).join(' · '),
          quantity: l.quantity,
          shelf: l.subtotal,
          unit: l.unit_price,
        }))
      : [
          {
            kind: 'item' as const,
            description: input.lines.map((l) => l.name).join(', '),
            quantity: 1,
            shelf: order.items_total,
            unit: order.items_total,
          },
        ];
  const parts = [
    ...items,
    ...(order.discount > 0
      ? [
          {
            kind: order.kind === 'final' ? ('advance' as const) : ('discount' as const),
            description: '',
            quantity: 1,
            shelf: -Math.min(order.discount, order.items_total),
            unit: -Math.min(order.discount, order.items_total),
          },
        ]
      : []),
    ...(order.shipping_fee > 0
      ? [
          {
            kind: 'shipping' as const,
            description: '',
            quantity: 1,
            shelf: order.shipping_fee,
            unit: order.shipping_fee,
          },
        ]
      : []),
  ];
  // Exempt: the shelf prices held VAT that was not charged; taken off each line, the lines are net and carry no tax.
  const spread = allocate(
    order.vat_exempt ? order.vat_exempted : order.tax,
    parts.map((p) => p.shelf),
  );
  const inclusive = order.tax_inclusive;
  const lines: DocumentLine[] = parts.map((p, i) => {
    const share = spread[i]!;
    if (order.vat_exempt) {
      const net = inclusive ? p.shelf - share : p.shelf;
      return {
        kind: p.kind,
        description: p.description,
        quantity: p.quantity,
        unitPrice: Math.round(net / p.quantity),
        net,
        rateBp: 0,
        tax: 0,
        gross: net,
      };
    }
    const net = inclusive ? p.shelf - share : p.shelf;
    return {
      kind: p.kind,
      description: p.description,
      quantity: p.quantity,
      unitPrice: p.unit,
      net,
      rateBp: rate,
      tax: share,
      gross: net + share,
    };
  });
  const net = lines.reduce((a, l) => a + l.net, 0);
  const tax = order.vat_exempt ? 0 : order.tax;
  const kind = TAX_KIND[order.local] ?? 'vat';
  const notes: DocumentNote[] = [];
  if (input.deposit) notes.push('advancePayment');
  if (order.vat_exempt)
    notes.push(vatExemptionAllowed(order.local) && order.local !== 'uk' ? 'reverseCharge' : 'vatExempt');
  else if (inclusive && rate > 0) notes.push('taxIncluded');
  return {
    kind: 'invoice',
    variant: input.deposit ? 'deposit' : order.kind === 'final' ? 'final' : 'standard',
    number: input.number,
    issuedAt: input.issuedAt.toISOString(),
    orderId: order.id,
    orderDate: order.created_at.toISOString(),
    currency: order.currency,
    taxInclusive: inclusive,
    seller: input.seller,
    buyer: input.buyer,
    lines,
    // Where tax is added (sales tax) the row is shown even at 0 %: the buyer sees none was charged.
    taxes:
      rate > 0 || order.vat_exempt || !inclusive
        ? taxRows(order.local, kind, rate, net, tax, sameState(input.seller, order))
        : [],
    totals: { net, tax, total: order.total, giftCards: order.gift_card_amount },
    notes,
    corrects: null,
  };
}

/** India: the place of supply (the delivery address's state) is the seller's state. */
function sameState(seller: Seller, order: InvoicedOrder): boolean {
  return seller.state !== '' && seller.state === order.address['state'];
}

/**
 * The credit note of a refund: the amount paid back, negative, with the tax in the share the invoice charged it (an
 * exempt invoice's credit note carries none), referring to the invoice it corrects.
 */
export function creditNoteContent(input: {
  invoice: DocumentContent;
  amount: number;
  number: string;
  issuedAt: Date;
  local: string;
}): DocumentContent {
  const { invoice } = input;
  const gross = -Math.min(input.amount, invoice.totals.total);
  const tax = invoice.totals.total === 0 ? 0 : Math.round((gross * invoice.totals.tax) / invoice.totals.total);
  const net = gross - tax;
  const rateBp = invoice.lines.find((l) => l.kind === 'item')?.rateBp ?? 0;
  const taxes = invoice.taxes.flatMap((row, i, all) => {
    // The split of the invoice (CGST+SGST halves) carried over to the credited tax.
    const rowTax = all.length === 1 ? tax : i === 0 ? Math.trunc(tax / 2) : tax - Math.trunc(tax / 2);
    return [{ ...row, base: net, tax: rowTax }];
  });
  return {
    ...invoice,
    kind: 'credit_note',
    variant: 'standard',
    number: input.number,
    issuedAt: input.issuedAt.toISOString(),
    lines: [{ kind: 'refund', description: '', quantity: 1, unitPrice: gross, net, rateBp, tax, gross }],
    taxes,
    totals: { net, tax, total: gross, giftCards: 0 },
    notes: ['creditFor', ...invoice.notes.filter((n) => n !== 'advancePayment')],
    corrects: { number: invoice.number, issuedAt: invoice.issuedAt },
  };
}
