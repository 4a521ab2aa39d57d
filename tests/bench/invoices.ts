/**
 * `npm run bench:invoices`: how long the store takes to render invoice PDFs, one (cold: fonts read and parsed) and
 * 1,000 in a row, and the size of one PDF per storefront language (each script's font subset embedded).
 */
import { storefronts } from '../../region-config';
import { renderDocumentPdf } from '../../server/invoices/render-pdf';
import { sampleInvoice } from '../../server/invoices/sample';

const RUNS = Number(process.env['INVOICE_RUNS'] ?? 1000);

async function main(): Promise<void> {
  const de = storefronts.find((s) => s.urlLocal === 'de')!;
  const content = sampleInvoice('de');
  let t = performance.now();
  const first = await renderDocumentPdf(content, de);
  console.log(`one invoice (cold, de): ${(performance.now() - t).toFixed(0)} ms, ${first.length} bytes`);
  t = performance.now();
  let bytes = 0;
  for (let i = 0; i < RUNS; i++) bytes += (await renderDocumentPdf(content, de)).length;
  const ms = performance.now() - t;
  console.log(
    `${RUNS} invoices (de): ${(ms / 1000).toFixed(1)} s, ${(ms / RUNS).toFixed(1)} ms each, ` +
      `${(bytes / 1024 / 1024).toFixed(1)} MiB in all`,
  );
  // One storefront per language: the size of its invoice and the time of a warm render.
  const seen = new Set<string>();
  const rows: string[] = [];
  for (const sf of storefronts) {
    if (seen.has(sf.i18n)) continue;
    seen.add(sf.i18n);
    await renderDocumentPdf(sampleInvoice(sf.local), sf);
    const start = performance.now();
    const pdf = await renderDocumentPdf(sampleInvoice(sf.local), sf);
    const ms = (performance.now() - start).toFixed(0);
    rows.push(`${sf.i18n.padEnd(6)} ${sf.urlLocal.padEnd(6)} ${String(pdf.length).padStart(7)} B ${ms.padStart(4)} ms`);
  }
  console.log('language storefront size warm render');
  for (const row of rows) console.log(row);
}

void main();
