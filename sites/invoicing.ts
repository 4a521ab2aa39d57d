/**
 * Invoicing per country: the store's legal entity that sells there (the seller on every invoice and credit note),
 * and when an order's invoice is due: at payment (the money is the sale: most countries, and every pre-order deposit,
 * which EU VAT treats as a payment on account that needs its own invoice) or at shipment (where the tax point is the
 * supply of the goods). Checked by `invoicingIssues` (sites/invoicing.test.ts and at the API's start).
 */
import { regionSettings } from '../region-config';
import type { RuleIssue } from '../region-config/rules';
import { taxIdRule } from '../region-config/tax-ids';

/** When an order's invoice is due. */
export type InvoiceTrigger = 'paid' | 'shipped';

export interface Seller {
  /** The registered name with its legal form. */
  name: string;
  street: string;
  postalCode: string;
  city: string;
  /** The state or province, where the tax depends on it (India: CGST+SGST within it, IGST across states). */
  state: string;
  /** What the tax ID is called on the document (a code, the same in every language). */
  taxIdLabel: string;
  taxId: string;
}

export interface InvoicingRules {
  seller: Seller;
  trigger: InvoiceTrigger;
  /** The prefix of the document numbers ("DE" in DE-2026-000001). */
  prefix: string;
}

/**
 * The legal deadline the store holds itself to: an invoice within 24 hours of its trigger. The job runs every minute,
 * so it is missed only when no API process ran for a day.
 */
export const INVOICE_DUE_HOURS = 24;
/** Orders paid or shipped longer ago than this are not looked at by the job (it scans a bounded window). */
export const INVOICE_LOOKBACK_DAYS = 30;

/** Countries where the invoice waits for the shipment (the supply is the tax point there). */
const AT_SHIPMENT = new Set(['us', 'jp', 'au', 'nz']);

type Row = [name: string, street: string, postalCode: string, city: string, state: string, label: string, id: string];

/** The seller of each country: [name, street, postal code, city, state, tax ID label, tax ID]. */
const SELLERS: Readonly<Record<string, Row>> = {
  de: ['Mi Store Deutschland GmbH', 'Friedrichstraße 68', '10117', 'Berlin', '', 'USt-IdNr.', 'DE312456789'],
  fr: ['Mi Store France SAS', '12 rue de la Paix', '75002', 'Paris', '', 'N° TVA', 'FR40123456789'],
  es: ['Mi Store España S.L.', 'Calle de Alcalá 45', '28014', 'Madrid', '', 'NIF-IVA', 'ESB12345678'],
  it: ['Mi Store Italia S.r.l.', 'Via del Corso 120', '00186', 'Roma', '', 'P. IVA', 'IT12345678901'],
  uk: ['Mi Store UK Ltd', '1 Long Acre', 'WC2E 9LH', 'London', '', 'VAT', 'GB123456789'],
  nl: ['Mi Store Nederland B.V.', 'Damrak 70', '1012 LM', 'Amsterdam', '', 'btw-id', 'NL123456789B01'],
  pl: ['Mi Store Polska Sp. z o.o.', 'ul. Marszałkowska 104', '00-017', 'Warszawa', '', 'NIP', 'PL5213456789'],
  ru: ['ООО «Ми Стор Рус»', 'ул. Тверская, 7', '125009', 'Москва', '', 'ИНН', '7701234567'],
  th: ['Mi Store (Thailand) Co., Ltd.', '999 Rama I Road', '10330', 'Bangkok', '', 'Tax ID', '0105561234567'],
  tr: ['Mi Store Türkiye A.Ş.', 'Büyükdere Cad. No: 185', '34394', 'İstanbul', '', 'VKN', '6120123456'],
  mx: [
    'Mi Store México S.A. de C.V.',
    'Paseo de la Reforma 250',
    '06600',
    'Ciudad de México',
    '',
    'RFC',
    'MSM180101AB1',
  ],
  kr: ['미 스토어 코리아 유한회사', '테헤란로 152', '06236', '서울', '', 'BRN', '120-81-12345'],
  vn: ['Công ty TNHH Mi Store Việt Nam', '72 Lê Thánh Tôn', '700000', 'TP. Hồ Chí Minh', '', 'MST', '0312345678'],
  jp: ['ミ・ストア・ジャパン株式会社', '渋谷区神南1-23-10', '150-0041', '東京都', '', 'T', 'T1234567890123'],
  cn: ['米商店（北京）贸易有限公司', '海淀区清河中街68号', '100085', '北京', '', 'USCC', '91110108MA01ABCD2X'],
  hk: ['Mi Store Hong Kong Limited', '1 Harbour Road, Wan Chai', '000000', 'Hong Kong', '', 'BR', '71234567'],
  tw: ['米商店台灣股份有限公司', '信義路五段7號', '110', '台北市', '', 'UBN', '53123456'],
  in: [
    'Mi Store India Private Limited',
    '8 Outer Ring Road, Bellandur',
    '560103',
    'Bengaluru',
    'Karnataka',
    'GSTIN',
    '29AABCM1234A1Z5',
  ],
  id: [
    'PT Mi Store Indonesia',
    'Jl. Jend. Sudirman Kav. 52-53',
    '12190',
    'Jakarta Selatan',
    '',
    'NPWP',
    '0123456789012345',
  ],
  my: [
    'Mi Store Malaysia Sdn. Bhd.',
    '168 Jalan Bukit Bintang',
    '55100',
    'Kuala Lumpur',
    '',
    'SST',
    'W10-1808-31012345',
  ],
  sg: ['Mi Store Singapore Pte. Ltd.', '1 Raffles Place', '048616', 'Singapore', '', 'GST Reg. No.', '201812345K'],
  co: ['Mi Store Colombia S.A.S.', 'Carrera 7 No. 71-21', '110231', 'Bogotá', '', 'NIT', '9012345678'],
  pe: ['Mi Store Perú S.A.C.', 'Av. Javier Prado Este 4200', '15023', 'Lima', '', 'RUC', '20601234567'],
  us: ['Mi Store USA Inc.', '100 Pine Street', '94111', 'San Francisco', 'CA', 'EIN', '84-1234567'],
  ua: ['ТОВ «Мі Стор Україна»', 'вул. Хрещатик, 22', '01001', 'Київ', '', 'ЄДРПОУ', '41234567'],
  ae: ['Mi Store Middle East FZ-LLC', 'Sheikh Zayed Road, Tower 2', '00000', 'Dubai', '', 'TRN', '100123456700003'],
  be: ['Mi Store Belgium SRL', 'Avenue Louise 54', '1050', 'Bruxelles', '', 'TVA/BTW', 'BE0712345678'],
  kh: ['Mi Store Cambodia Co., Ltd.', 'Preah Norodom Blvd 41', '12207', 'Phnom Penh', '', 'VATTIN', 'K001901234567'],
  kz: ['ТОО «Ми Стор Казахстан»', 'пр. Достык, 38', '050010', 'Алматы', '', 'БИН', '180340012345'],
  ma: ['Mi Store Maroc SARL', '25 Boulevard Anfa', '20000', 'Casablanca', '', 'ICE', '001234567000089'],
  sa: ['Mi Store Saudi LLC', 'King Fahd Road, Olaya', '12214', 'Riyadh', '', 'VAT', '300123456700003'],
  at: ['Mi Store Österreich GmbH', 'Kärntner Straße 19', '1010', 'Wien', '', 'UID', 'ATU12345678'],
  pt: ['Mi Store Portugal, Lda.', 'Avenida da Liberdade 110', '1250-146', 'Lisboa', '', 'NIF', 'PT512345678'],
  gr: ['Mi Store Hellas M.I.K.E.', 'Ermou 25', '105 63', 'Athens', '', 'ΑΦΜ', 'EL801234567'],
  cz: ['Mi Store Česko s.r.o.', 'Václavské náměstí 1', '110 00', 'Praha 1', '', 'DIČ', 'CZ12345678'],
  sk: ['Mi Store Slovensko s.r.o.', 'Obchodná 10', '811 06', 'Bratislava', '', 'IČ DPH', 'SK2021234567'],
  hu: ['Mi Store Magyarország Kft.', 'Váci utca 19', '1052', 'Budapest', '', 'Adószám', 'HU12345678'],
  ro: ['Mi Store România S.R.L.', 'Calea Victoriei 48', '010082', 'București', '', 'CUI', 'RO12345678'],
  bg: ['Ми Стор България ЕООД', 'бул. Витоша 18', '1000', 'София', '', 'ДДС №', 'BG123456789'],
  hr: ['Mi Store Hrvatska d.o.o.', 'Ilica 1', '10000', 'Zagreb', '', 'OIB', 'HR12345678901'],
  se: ['Mi Store Sverige AB', 'Drottninggatan 50', '111 21', 'Stockholm', '', 'Momsreg.nr', 'SE556123456701'],
  dk: ['Mi Store Danmark ApS', 'Strøget 20', '1160', 'København K', '', 'CVR', 'DK12345678'],
  fi: ['Mi Store Finland Oy', 'Mannerheimintie 12', '00100', 'Helsinki', '', 'ALV', 'FI12345678'],
  no: ['Mi Store Norge AS', 'Karl Johans gate 16', '0154', 'Oslo', '', 'Org.nr', '912345678MVA'],
  ie: ['Mi Store Ireland Limited', '10 Grafton Street', 'D02 Y754', 'Dublin 2', '', 'VAT', 'IE1234567T'],
  ch: ['Mi Store Schweiz AG', 'Bahnhofstrasse 21', '8001', 'Zürich', '', 'UID/MWST', 'CHE-123.456.789'],
  ph: ['Mi Store Philippines, Inc.', '6750 Ayala Avenue', '1226', 'Makati City', '', 'TIN', '123456789000'],
  au: ['Mi Store Australia Pty Ltd', '200 George Street', '2000', 'Sydney', 'NSW', 'ABN', '51824753556'],
  nz: ['Mi Store New Zealand Limited', '1 Queen Street', '1010', 'Auckland', '', 'GST', '123-456-789'],
  cl: ['Mi Store Chile SpA', 'Av. Apoquindo 3000', '7550000', 'Santiago', '', 'RUT', '76.123.456-7'],
  br: [
    'Mi Store Brasil Comércio Ltda.',
    'Avenida Paulista 1000',
    '01310-100',
    'São Paulo',
    'SP',
    'CNPJ',
    '12.345.678/0001-95',
  ],
  eg: ['Mi Store Egypt LLC', '26 July Street, Zamalek', '11211', 'Cairo', '', 'Tax Reg. No.', '123-456-789'],
  ng: ['Mi Store Nigeria Limited', '15 Adeola Odeku Street', '101241', 'Lagos', '', 'TIN', '123456789012'],
  za: ['Mi Store South Africa (Pty) Ltd', '1 Sandton Drive', '2196', 'Johannesburg', '', 'VAT', '4123456789'],
  lk: ['Mi Store Lanka (Pvt) Ltd', '100 Galle Road', '00300', 'Colombo 03', '', 'VAT', '123456789-7000'],
  bd: ['Mi Store Bangladesh Ltd.', 'House 10, Road 11, Gulshan 1', '1212', 'Dhaka', '', 'BIN', '000123456-0101'],
};

/** The invoicing rules of a country; null for a country without a seller (invoicingIssues reports it). */
export function invoicingRules(local: string): InvoicingRules | null {
  const row = SELLERS[local];
  if (!row) return null;
  const [name, street, postalCode, city, state, taxIdLabel, taxId] = row;
  return {
    seller: { name, street, postalCode, city, state, taxIdLabel, taxId },
    trigger: AT_SHIPMENT.has(local) ? 'shipped' : 'paid',
    prefix: local.toUpperCase(),
  };
}

/**
 * Every country the store sells in has a complete seller; a seller's tax ID passes the country's own tax ID rule where
 * there is one (the rule company buyers are checked by); India's seller has a state (its GST depends on it).
 */
export function invoicingIssues(): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const locals = new Set(regionSettings.map((r) => r.local));
  for (const local of locals) {
    const rules = invoicingRules(local);
    if (!rules) {
      issues.push({ message: `${local} has no seller for its invoices`, path: `/${local}` });
      continue;
    }
    const { seller } = rules;
    for (const field of ['name', 'street', 'postalCode', 'city', 'taxIdLabel', 'taxId'] as const)
      if (!seller[field].trim())
        issues.push({ message: `${local}: seller ${field} is empty`, path: `/${local}/${field}` });
    const taxRule = taxIdRule(local);
    // The EU rule takes the number without its country prefix on company buyers; sellers print it with the prefix.
    const bare = seller.taxId.replace(/^[A-Z]{2}(?=[0-9A-Z]{7,14}$)/, '');
    if (taxRule && local !== 'in' && !taxRule.pattern.test(seller.taxId) && !taxRule.pattern.test(bare))
      issues.push({
        message: `${local}: seller tax ID ${seller.taxId} fails the country's rule`,
        path: `/${local}/taxId`,
      });
    if (local === 'in' && (!seller.state || !taxRule?.pattern.test(seller.taxId)))
      issues.push({ message: 'in: the seller needs a state and a valid GSTIN', path: '/in/state' });
  }
  for (const local of Object.keys(SELLERS))
    if (!locals.has(local)) issues.push({ message: `seller for unknown country "${local}"`, path: `/${local}` });
  return issues;
}
