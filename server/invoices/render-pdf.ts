import PDFDocument from 'pdfkit';
import { formatDate } from '../../region-config/format-date';
import { formatPrice } from '../../region-config/format-price';
import { toMajor } from '../../region-config/money';
import { getSiteConfig } from '../../sites/site-config';
import { translate } from '../i18n';
import type { Storefront } from '../storefront';
import type { DocumentContent, DocumentLine, TaxRow } from './content';
import { fontData, fontRuns, visualOrder, type FontFamily } from './fonts';

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 42;
const WIDTH = A4.width - 2 * MARGIN;
/** Columns of the lines table, as shares of the width: description, qty, unit price, net, rate, tax, amount. */
const COLUMNS = [0.31, 0.07, 0.13, 0.13, 0.08, 0.13, 0.15];

type Align = 'left' | 'right' | 'center';

/**
 * Renders a document as a PDF in the storefront's language: labels from the catalogue (`invoice.*`), money in the
 * country's price format, dates in its date format; right-to-left languages are laid out mirrored. Each text is set in
 * the fonts of its scripts (fonts.ts); pdfkit embeds the subsets used.
 */
export async function renderDocumentPdf(content: DocumentContent, storefront: Storefront): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    // The issue date as the creation date: every render of a document is the same document.
    info: { Title: content.number, Author: content.seller.name, CreationDate: new Date(content.issuedAt) },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const rtl = storefront.dir === 'rtl';
  const t = (key: string, vars: Record<string, string | number> = {}) => translate(storefront, `invoice.${key}`, vars);
  const region = storefront.region;
  const display = getSiteConfig(storefront.local).priceDisplay;
  const money = (minor: number) => formatPrice(toMajor(minor, content.currency), display);
  const date = (iso: string) => formatDate(iso, region, 'dateFormatOnlyDate', storefront.lang);
  const registered = new Set<string>();

  function font(family: FontFamily, bold: boolean): string {
    const name = `${family}-${bold ? 'b' : 'r'}`;
    if (!registered.has(name)) {
      const { data, postscript } = fontData(family, bold);
      doc.registerFont(name, data, postscript as string);
      registered.add(name);
    }
    return name;
  }

  /** Writes a text at (x, y) in a box `width` wide, run by run in the fonts of its scripts; returns its height. */
  function text(
    value: string,
    x: number,
    y: number,
    width: number,
    opts: { size?: number; bold?: boolean; align?: Align } = {},
  ) {
    const size = opts.size ?? 8.5;
    const align = opts.align ?? (rtl ? 'right' : 'left');
    const runs = fontRuns(visualOrder(value), storefront.lang);
    doc.fontSize(size);
    // The height is measured in the first run's font; lines of one cell rarely wrap.
    doc.font(font(runs[0]!.family, opts.bold ?? false));
    const height = doc.heightOfString(value || ' ', { width });
    runs.forEach((run, i) => {
      doc.font(font(run.family, opts.bold ?? false));
      const continued = i < runs.length - 1;
      if (i === 0) doc.text(run.text, x, y, { width, align, continued, lineGap: 1 });
      else doc.text(run.text, { continued, lineGap: 1 });
    });
    return height;
  }

  /** A position from the reading start: mirrored for right-to-left languages. */
  const at = (x: number, width: number) => (rtl ? MARGIN + WIDTH - (x - MARGIN) - width : x);
  const half = WIDTH / 2 - 10;

  // Title and the document's facts.
  let y = MARGIN;
  const title =
    content.kind === 'credit_note'
      ? t('title.creditNote')
      : content.variant === 'deposit'
        ? t('title.deposit')
        : t('title.invoice');
  y += text(title, at(MARGIN, WIDTH), y, WIDTH, { size: 18, bold: true }) + 8;
  const facts: [string, string][] = [
    [t('field.number'), content.number],
    [t('field.date'), date(content.issuedAt)],
    [t('field.order'), content.orderId],
    [t('field.orderDate'), date(content.orderDate)],
    ...(content.corrects
      ? ([[t('field.corrects'), `${content.corrects.number} (${date(content.corrects.issuedAt)})`]] as [
          string,
          string,
        ][])
      : []),
  ];
  for (const [label, value] of facts) {
    const h = text(label, at(MARGIN, 120), y, 120, { bold: true });
    text(value, at(MARGIN + 125, 250), y, 250);
    y += Math.max(h, 11) + 2;
  }
  y += 10;

  // Seller and buyer, side by side.
  const party = (x: number, heading: string, lines: string[]) => {
    let py = y;
    py += text(heading, at(x, half), py, half, { bold: true, size: 9.5 }) + 3;
    for (const line of lines) py += text(line, at(x, half), py, half) + 1;
    return py;
  };
  const s = content.seller;
  const sellerLines = [s.name, s.street, `${s.postalCode} ${s.city}`.trim(), s.state, `${s.taxIdLabel}: ${s.taxId}`];
  const b = content.buyer;
  const buyerLines = [
    ...(b.company ? [b.company] : []),
    b.name,
    ...b.addressLines,
    ...(b.taxId ? [`${b.taxIdLabel ?? ''}${b.taxIdLabel ? ': ' : ''}${b.taxId}`] : []),
    ...(b.fiscalId ? [`${t('buyer.fiscalId')}: ${b.fiscalId}`] : []),
  ];
  y =
    Math.max(
      party(
        MARGIN,
        t('party.seller'),
        sellerLines.filter((l) => l.trim() !== ''),
      ),
      party(
        MARGIN + WIDTH / 2 + 10,
        t('party.buyer'),
        buyerLines.filter((l) => l.trim() !== ''),
      ),
    ) + 14;

  // The lines.
  const xs: number[] = [];
  COLUMNS.forEach((_w, i) => xs.push(i === 0 ? MARGIN : xs[i - 1]! + COLUMNS[i - 1]! * WIDTH));
  const cells = (values: string[], opts: { bold?: boolean } = {}) => {
    let h = 0;
    values.forEach((v, i) => {
      const w = COLUMNS[i]! * WIDTH - 4;
      const align: Align = i === 0 ? (rtl ? 'right' : 'left') : rtl ? 'left' : 'right';
      h = Math.max(h, text(v, at(xs[i]!, w), y, w, { ...opts, align }));
    });
    y += h + 4;
  };
  const rule = () => {
    doc
      .moveTo(MARGIN, y - 2)
      .lineTo(MARGIN + WIDTH, y - 2)
      .lineWidth(0.5)
      .strokeColor('#999999')
      .stroke();
  };
  cells(
    ['description', 'quantity', 'unitPrice', 'net', 'rate', 'tax', 'amount'].map((c) => t(`column.${c}`)),
    { bold: true },
  );
  rule();
  y += 2;
  // Rates in the digits and decimal separator of the country's prices.
  const percent = (bp: number) => `${String(bp / 100).replace('.', display.decimalSeparator)} %`;
  const lineText = (l: DocumentLine) => (l.kind === 'item' ? l.description : t(`line.${l.kind}`));
  for (const line of content.lines) {
    if (y > A4.height - 200) {
      doc.addPage();
      y = MARGIN;
    }
    cells([
      lineText(line),
      String(line.quantity),
      money(line.unitPrice),
      money(line.net),
      percent(line.rateBp),
      money(line.tax),
      money(line.gross),
    ]);
  }
  rule();
  y += 6;

  // Tax per rate, then the totals.
  const sum = (label: string, value: string, bold = false) => {
    const w = WIDTH * 0.3;
    const h = text(label, at(MARGIN + WIDTH * 0.45, w), y, w, { bold, align: rtl ? 'left' : 'right' });
    text(value, at(MARGIN + WIDTH * 0.78, WIDTH * 0.22), y, WIDTH * 0.22, { bold, align: rtl ? 'left' : 'right' });
    y += Math.max(h, 11) + 3;
  };
  const taxLabel = (row: TaxRow) =>
    row.label === 'CGST' || row.label === 'SGST' || row.label === 'IGST' ? row.label : t(`tax.${row.label}`);
  sum(t('total.net'), money(content.totals.net));
  for (const row of content.taxes) sum(`${taxLabel(row)} ${percent(row.rateBp)} (${money(row.base)})`, money(row.tax));
  sum(t('total.total'), money(content.totals.total), true);
  if (content.totals.giftCards > 0) sum(t('total.giftCards'), money(content.totals.giftCards));
  y += 10;

  // Notes.
  for (const note of content.notes) {
    const value =
      note === 'creditFor' && content.corrects
        ? t('note.creditFor', { number: content.corrects.number, date: date(content.corrects.issuedAt) })
        : t(`note.${note}`);
    y += text(value, at(MARGIN, WIDTH), y, WIDTH) + 3;
  }

  // The seller again at the foot of the page, as invoices carry it.
  text(`${s.name} · ${s.taxIdLabel}: ${s.taxId}`, MARGIN, A4.height - MARGIN - 12, WIDTH, { size: 7, align: 'center' });
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
