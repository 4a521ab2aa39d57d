/**
 * JSON Schema of one country's settings; the single source of the
 * `RegionSettings` type. Data lives in `region-data.json` and is checked against this schema by
 * `validateRegionSettings()` (validate.ts, Node side) so the browser never ships ajv.
 */
import type { FromSchema } from 'json-schema-to-ts';

/**
 * The dayjs format strings every country defines (dayjs tokens, see https://day.js.org/docs/en/display/format):
 * - dateTimeFormat: full date and time with seconds ("DD-MM-YYYY HH:mm:ss")
 * - dateTimeFormatNoSecond: date and time without seconds
 * - dateTimeFormatNoYearSecond: day, month and time, no year and no seconds (countdowns, recent orders)
 * - dateFormatOnlyDate: numeric date
 * - dateFormatDayWeek: weekday plus date ("Monday, 2 March 2026")
 * - dateFormatNumMDay: numeric day and month ("02/03")
 * - dateFormatLongMDay: day and full month name ("2 March")
 * - dateFormatAbbrMDay: day and abbreviated month name ("2 Mar")
 * - dateFormatYear: the year alone ("2026", "2026年")
 * - dateFormatMonth: month name with year ("March 2026", "2026年3月")
 * - dateFormatDay: day of month alone ("2", "2日")
 */
export const dateFormatKeys = [
  'dateTimeFormat',
  'dateTimeFormatNoSecond',
  'dateTimeFormatNoYearSecond',
  'dateFormatOnlyDate',
  'dateFormatDayWeek',
  'dateFormatNumMDay',
  'dateFormatLongMDay',
  'dateFormatAbbrMDay',
  'dateFormatYear',
  'dateFormatMonth',
  'dateFormatDay',
] as const;

export type DateFormatKey = (typeof dateFormatKeys)[number];

const formatString = { type: 'string', minLength: 1, maxLength: 60 } as const;

const dateFormatProperties = {
  dateTimeFormat: formatString,
  dateTimeFormatNoSecond: formatString,
  dateTimeFormatNoYearSecond: formatString,
  dateFormatOnlyDate: formatString,
  dateFormatDayWeek: formatString,
  dateFormatNumMDay: formatString,
  dateFormatLongMDay: formatString,
  dateFormatAbbrMDay: formatString,
  dateFormatYear: formatString,
  dateFormatMonth: formatString,
  dateFormatDay: formatString,
} as const;

export const dateFormatsSchema = {
  type: 'object',
  additionalProperties: false,
  required: [...dateFormatKeys],
  properties: dateFormatProperties,
} as const;

export const shareNetworks = [
  'facebook',
  'twitter',
  'vk',
  'whatsapp',
  'telegram',
  'line',
  'weibo',
  'clipboard',
] as const;
export type ShareNetwork = (typeof shareNetworks)[number];

export const deployAreas = ['ind', 'idn', 'rus', 'nld', 'sgp'] as const;
export type DeployArea = (typeof deployAreas)[number];

/** BCP 47 language-region tag as used in URLs and catalogues: "id-ID", "zh-HK". */
const langTag = { type: 'string', pattern: '^[a-z]{2,3}-[A-Z]{2}$' } as const;

export const languageSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'lang',
    'urlLocal',
    'apiLocal',
    'langTitle',
    'localTitle',
    'i18n',
    'dir',
    'dayjsLocal',
    'xmsLanguage',
    'isDefault',
  ],
  properties: {
    lang: langTag,
    /** URL prefix of the storefront: "id", "be-fr". */
    urlLocal: { type: 'string', pattern: '^[a-z]{2}(-[a-z]{2})?$' },
    /** Locale the API is called with; the storefront's siteCode derives from it. */
    apiLocal: { type: 'string', pattern: '^[a-z]{2}(-[a-z]{2})?$' },
    /** The language's own name: "Français". */
    langTitle: { type: 'string', minLength: 1 },
    /** The country's name in this language: "Belgique". */
    localTitle: { type: 'string', minLength: 1 },
    /**
     * Preferred translation catalogue code (content/locales/<i18n>): full tag for zh-* and pt-BR, else the language
     * subtag.
     */
    i18n: { type: 'string', pattern: '^[a-z]{2,3}(-[A-Z]{2})?$' },
    dir: { enum: ['ltr', 'rtl'] },
    /** dayjs locale name (a file of dayjs/locale). */
    dayjsLocal: { type: 'string', pattern: '^[a-z]{2,3}(-[a-z]{2,4})?$' },
    /** Language code of the translation management system: "id_ID". */
    xmsLanguage: { type: 'string', pattern: '^[a-z]{2,3}_[A-Z]{2}$' },
    /** Exactly one language per country is the default (the first storefront of the country). */
    isDefault: { type: 'boolean' },
    /** Language-specific overrides of the country's date formats. */
    dateFormats: { type: 'object', additionalProperties: false, properties: dateFormatProperties },
  },
} as const;

export const regionSchema = {
  $id: 'https://mistore.shop/schemas/region.json',
  type: 'object',
  additionalProperties: false,
  required: [
    'local',
    'lang',
    'languages',
    'isToC',
    'currency',
    'dayjsLocal',
    'dayjsTimezone',
    'deployArea',
    'dateFormats',
    'unicodePropertyEscapes',
    'shareSocialList',
    'phoneCode',
    'phoneMaxLength',
    'zipCodeMaxLength',
    'siteCode',
    'siteId',
    'regionId',
    'xmsLanguage',
    'signUpUrl',
    'capitalLongitude',
    'capitalLatitude',
    'serviceOnline',
    'serviceEmail',
    'serviceTimeLimit',
    'countryFullName',
  ],
  properties: {
    /** Country code used in routes and data: "id", "uk" (not always ISO: uk = GB). */
    local: { type: 'string', pattern: '^[a-z]{2}$' },
    /** The default language's tag. */
    lang: langTag,
    languages: { type: 'array', minItems: 1, items: languageSchema },
    /** Consumer storefront (prices and purchase shown). False only for cn, run as an information-only site. */
    isToC: { type: 'boolean' },
    /** ISO 4217 code. */
    currency: { type: 'string', pattern: '^[A-Z]{3}$' },
    dayjsLocal: { type: 'string', pattern: '^[a-z]{2,3}(-[a-z]{2,4})?$' },
    /** IANA zone of the capital. */
    dayjsTimezone: { type: 'string', pattern: '^[A-Za-z]+(/[A-Za-z_+-]+)+$' },
    deployArea: { enum: deployAreas },
    dateFormats: dateFormatsSchema,
    /** Unicode property escapes matching the script(s) of the country's languages, for name/address checks. */
    unicodePropertyEscapes: {
      type: 'array',
      minItems: 1,
      items: { type: 'string', pattern: '^\\\\p\\{Script=[A-Za-z_]+\\}$' },
    },
    shareSocialList: { type: 'array', minItems: 1, uniqueItems: true, items: { enum: shareNetworks } },
    /** ITU country calling code with plus sign. */
    phoneCode: { type: 'string', pattern: '^\\+[1-9][0-9]{0,3}$' },
    /** Maximum digits of a national phone number. */
    phoneMaxLength: { type: 'integer', minimum: 1, maximum: 20 },
    /** Maximum characters of a postal code; 0 = the country has no postal code. */
    zipCodeMaxLength: { type: 'integer', minimum: 0, maximum: 10 },
    siteCode: { type: 'string', pattern: '^[a-z]{2}(-[a-z]{2})?$' },
    /** ISO 3166-1 numeric code, used as the site id. */
    siteId: { type: 'integer', minimum: 1, maximum: 999 },
    /** ISO 3166-1 alpha-2 code, used as the region id. */
    regionId: { type: 'string', pattern: '^[A-Z]{2}$' },
    xmsLanguage: { type: 'string', pattern: '^[a-z]{2,3}_[A-Z]{2}$' },
    /** Sign-up path on the buy site. */
    signUpUrl: { type: 'string', pattern: '^/' },
    capitalLongitude: { type: 'number', minimum: -180, maximum: 180 },
    capitalLatitude: { type: 'number', minimum: -90, maximum: 90 },
    /** Customer-service text in the default language with {hours}, {phone} and {email} placeholders. */
    serviceOnline: { type: 'string', pattern: '\\{phone\\}[\\s\\S]*\\{email\\}|\\{email\\}[\\s\\S]*\\{phone\\}' },
    serviceEmail: { type: 'string', format: 'email' },
    /** Daily customer-service hours, local time. */
    serviceTimeLimit: { type: 'string', pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]-([01][0-9]|2[0-4]):[0-5][0-9]$' },
    /** English name of the country. */
    countryFullName: { type: 'string', minLength: 2 },
  },
} as const;

export const regionListSchema = { type: 'array', minItems: 1, items: regionSchema } as const;

export type RegionSettings = FromSchema<typeof regionSchema>;
export type LanguageSettings = FromSchema<typeof languageSchema>;
export type DateFormats = FromSchema<typeof dateFormatsSchema>;
