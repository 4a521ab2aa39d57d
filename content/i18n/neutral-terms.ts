import fs from 'node:fs';
import path from 'node:path';

/**
 * Texts a translation may leave exactly as English, reviewed one by one. NEUTRAL_TERMS read the same in every
 * language: brand, programme and model names, units, codes. A language may also share ordinary words with English
 * ("Status" in German, "Total" in French): those are listed per language in same-as-english/<language>.json, each
 * reviewed by someone who writes that language. A value equal to English and in neither list is an English copy,
 * and the catalogue check fails on it.
 */
export const NEUTRAL_TERMS: ReadonlySet<string> = new Set([
  'Xiaomi',
  'Redmi',
  'POCO',
  'Mi',
  'Mi Points',
  'Mi Club',
  'Mi Exchange',
  'Xiaomi Care',
  'Xiaomi Store',
  'HyperOS',
  'F-code',
  'Xiaomi Pad',
  'Redmi Pad',
  'OK',
  'IMEI',
  'OTP',
  'CVV',
  'PIN',
  'VAT',
  'GST',
  'GSTIN',
  'NPWP',
  'IBAN',
  'BIC',
  'SWIFT',
  'UPI',
  'EMI',
  'BNPL',
  'Visa',
  'Mastercard',
  'PayPal',
  'Klarna',
  'Kredivo',
  'Akulaku',
  'Simpl',
  'LazyPay',
  'Facebook',
  'X',
  'WhatsApp',
  'Telegram',
  'LINE',
  'VK',
  'Weibo',
  'Google Play',
  'App Store',
  'eSIM',
  'NFC',
  'Wi-Fi',
  'Bluetooth',
  'USB-C',
  'Android',
  'iOS',
  'PDF',
  'SMS',
  'FAQ',
  'Black Friday',
  'Leica',
]);

/**
 * A product or system name of the brand ("Xiaomi 15T Pro", "Redmi Note 14 Pro+", "Xiaomi HyperOS"): never translated.
 */
export const MODEL_NAME = /^(Xiaomi|Redmi|POCO)( [A-Za-z0-9+-]+)+$/;

const folder = path.join(__dirname, 'same-as-english');
const perLanguage = new Map<string, ReadonlySet<string>>();

/** The words `lang` shares with English, reviewed (same-as-english/<lang>.json; none when the file is absent). */
export function sameAsEnglish(lang: string): ReadonlySet<string> {
  let words = perLanguage.get(lang);
  if (!words) {
    const file = path.join(folder, `${lang}.json`);
    words = new Set(fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as string[]) : []);
    perLanguage.set(lang, words);
  }
  return words;
}

/** A text with its placeholders and the punctuation around it removed: "Stores: {{count}}" → "Stores". */
export function bareText(text: string): string {
  return text.replace(/\{\{\s*\w+\s*\}\}/g, '').replace(/^[\s\p{P}\p{S}]+|[\s\p{P}\p{S}]+$/gu, '');
}
