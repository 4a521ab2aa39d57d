/**
 * The storefront table of docs/contracts.md, as content/ needs it: which header-footer files must exist,
 * which catalogue each storefront reads, which currency each country prices in. region-config/ owns the full
 * settings; this copy stays here so content/ imports nothing of the project (DESIGN.md). Keep both in step.
 */
export interface ContentStorefront {
  urlLocal: string;
  local: string;
  lang: string;
}

const table: ReadonlyArray<readonly [local: string, currency: string, languages: ReadonlyArray<readonly [urlLocal: string, lang: string]>]> = [
  ['de', 'EUR', [['de', 'de-DE']]], ['fr', 'EUR', [['fr', 'fr-FR']]], ['es', 'EUR', [['es', 'es-ES']]],
  ['it', 'EUR', [['it', 'it-IT']]], ['uk', 'GBP', [['uk', 'en-GB']]], ['nl', 'EUR', [['nl', 'nl-NL']]],
  ['pl', 'PLN', [['pl', 'pl-PL']]], ['ru', 'RUB', [['ru', 'ru-RU']]], ['th', 'THB', [['th', 'th-TH']]],
  ['tr', 'TRY', [['tr', 'tr-TR']]], ['mx', 'MXN', [['mx', 'es-MX']]], ['kr', 'KRW', [['kr', 'ko-KR']]],
  ['vn', 'VND', [['vn', 'vi-VN']]], ['jp', 'JPY', [['jp', 'ja-JP']]], ['cn', 'CNY', [['cn', 'zh-CN']]],
  ['hk', 'HKD', [['hk', 'zh-HK']]], ['tw', 'TWD', [['tw', 'zh-TW']]], ['in', 'INR', [['in', 'en-IN']]],
  ['id', 'IDR', [['id', 'id-ID']]], ['my', 'MYR', [['my', 'en-MY']]], ['sg', 'SGD', [['sg', 'en-SG']]],
  ['co', 'COP', [['co', 'es-CO']]], ['pe', 'PEN', [['pe', 'es-PE']]], ['us', 'USD', [['us', 'en-US']]],
  ['ua', 'UAH', [['ua', 'uk-UA']]], ['ae', 'AED', [['ae-en', 'en-AE'], ['ae-ar', 'ar-AE']]],
  ['be', 'EUR', [['be-fr', 'fr-BE'], ['be-nl', 'nl-BE']]], ['kh', 'USD', [['kh-km', 'km-KH'], ['kh-en', 'en-KH']]],
  ['kz', 'KZT', [['kz-ru', 'ru-KZ'], ['kz-kk', 'kk-KZ']]], ['ma', 'MAD', [['ma-fr', 'fr-MA'], ['ma-ar', 'ar-MA']]],
  ['sa', 'SAR', [['sa-en', 'en-SA'], ['sa-ar', 'ar-SA']]], ['at', 'EUR', [['at', 'de-AT']]],
  ['pt', 'EUR', [['pt', 'pt-PT']]], ['gr', 'EUR', [['gr', 'el-GR']]], ['cz', 'CZK', [['cz', 'cs-CZ']]],
  ['sk', 'EUR', [['sk', 'sk-SK']]], ['hu', 'HUF', [['hu', 'hu-HU']]], ['ro', 'RON', [['ro', 'ro-RO']]],
  ['bg', 'EUR', [['bg', 'bg-BG']]], ['hr', 'EUR', [['hr', 'hr-HR']]], ['se', 'SEK', [['se', 'sv-SE']]],
  ['dk', 'DKK', [['dk', 'da-DK']]], ['fi', 'EUR', [['fi', 'fi-FI']]], ['no', 'NOK', [['no', 'nb-NO']]],
  ['ie', 'EUR', [['ie', 'en-IE']]], ['ch', 'CHF', [['ch-de', 'de-CH'], ['ch-fr', 'fr-CH']]],
  ['ph', 'PHP', [['ph', 'en-PH']]], ['au', 'AUD', [['au', 'en-AU']]], ['nz', 'NZD', [['nz', 'en-NZ']]],
  ['cl', 'CLP', [['cl', 'es-CL']]], ['br', 'BRL', [['br', 'pt-BR']]], ['eg', 'EGP', [['eg', 'en-EG']]],
  ['ng', 'NGN', [['ng', 'en-NG']]], ['za', 'ZAR', [['za', 'en-ZA']]], ['lk', 'LKR', [['lk', 'en-LK']]],
  ['bd', 'BDT', [['bd', 'en-BD']]],
];

/** Every storefront (one per urlLocal), in table order. */
export const contentStorefronts: readonly ContentStorefront[] = table.flatMap(([local, , languages]) =>
  languages.map(([urlLocal, lang]) => ({ urlLocal, local, lang })),
);

/** Country code → ISO currency of its prices. */
export const countryCurrency: Readonly<Record<string, string>> = Object.fromEntries(table.map(([local, currency]) => [local, currency]));

/** Full-tag catalogues; every other language uses its language subtag (contracts.md). */
const fullTagCatalogues = new Set(['zh-HK', 'zh-TW', 'zh-CN', 'pt-BR']);

/** The translation catalogue code a storefront language reads, before falling back to `en`. */
export function catalogueCode(lang: string): string {
  if (fullTagCatalogues.has(lang)) return lang;
  return lang.split('-')[0] ?? 'en';
}

/** Every catalogue code the storefronts need (plus en). */
export const requiredCatalogues: readonly string[] = [...new Set(['en', ...contentStorefronts.map((s) => catalogueCode(s.lang))])];

/** Catalogues with every UI string translated; the others translate the shell and hold English elsewhere. */
export const fullyTranslatedCatalogues = ['en', 'id', 'de', 'fr', 'es', 'ar'] as const;
