/**
 * JSON Schema of a storefront's site config (languages, hosts, currency display, cookies, live chat plus the
 * per-country constants); the single
 * source of the `SiteConfig` type. Configs are computed by site-config.ts and checked against this schema by
 * validateSiteConfigs() (validate.ts, Node side).
 */
import type { FromSchema } from 'json-schema-to-ts';
import { priceDisplaySchema } from '../region-config/price-display.schema';
import { shareNetworks } from '../region-config/region.schema';

/** Host families, plus the storefront itself (www). */
export const hostFamilies = [
  'site',
  'api',
  'opxApi',
  'go',
  'd2s',
  'event',
  'seckill',
  'hd',
  'upload',
  'bigTap',
  'kachishop',
  'buy',
  'goSite',
  'www',
] as const;
export type HostFamily = (typeof hostFamilies)[number];

export const searchTypes = ['product', 'store', 'support'] as const;
export type SearchType = (typeof searchTypes)[number];

const hostsSchema = {
  type: 'object',
  additionalProperties: false,
  required: [...hostFamilies],
  properties: Object.fromEntries(hostFamilies.map((f) => [f, { type: 'string', minLength: 1 }])) as {
    [K in HostFamily]: { readonly type: 'string'; readonly minLength: 1 };
  },
} as const;

const siteLinkSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['pc'],
  properties: { pc: { type: 'string', minLength: 1 } },
} as const;

export const liveChatSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['appId', 'appVisitorId', 'orgId', 'orgUrl', 'scriptSrc', 'dataSuggestedActionLayout', 'visitorChat'],
  properties: {
    appId: { type: 'string', minLength: 1 },
    /** Empty when visitors (userId 0) may not chat. */
    appVisitorId: { type: 'string' },
    orgId: { type: 'string', minLength: 1 },
    orgUrl: { type: 'string', minLength: 1 },
    /** Vendor script; empty in the embedded default, where the launcher opens the built-in /chat page. */
    scriptSrc: { type: 'string' },
    dataSuggestedActionLayout: { enum: ['vertical', 'horizontal'] },
    /** 'refused' (id) and 'removed' (tr, mx, co, pe) send visitors to sign-in. */
    visitorChat: { enum: ['allowed', 'refused', 'removed'] },
    /** The launcher opens this page in a small popup instead of the widget (in). */
    chatPageUrl: { type: 'string', pattern: '^/' },
    /** Custom launcher look (ru). */
    custom: {
      type: 'object',
      additionalProperties: false,
      required: ['title', 'bgColor', 'position'],
      properties: {
        title: { type: 'string', minLength: 1 },
        bgColor: { type: 'string', pattern: '^#[0-9a-fA-F]{6}$' },
        position: { enum: ['left', 'right'] },
      },
    },
  },
} as const;

export const siteConfigSchema = {
  $id: 'https://mistore.shop/schemas/site.json',
  type: 'object',
  additionalProperties: false,
  required: [
    'local',
    'urlLocal',
    'goSite',
    'buySite',
    'wwwSite',
    'isToC',
    'languages',
    'stat',
    'localSwitch',
    'currencySymbol',
    'currencyPosition',
    'currencyPrefix',
    'currencySuffix',
    'priceDisplay',
    'liveChat',
    'searchTypes',
    'showAllProductsInMobile',
    'pocoMenu',
    'categoryEntry',
    'navigationVersion',
    'shareNetworks',
    'excludedFromLanguageList',
    'deployArea',
    'hosts',
  ],
  properties: {
    local: { type: 'string', pattern: '^[a-z]{2}$' },
    /** The storefront the hosts belong to (the country's default language unless asked for another). */
    urlLocal: { type: 'string', pattern: '^[a-z]{2}(-[a-z]{2})?$' },
    goSite: { type: 'string', minLength: 1 },
    buySite: siteLinkSchema,
    wwwSite: siteLinkSchema,
    /** Prices and purchase are shown only where true. */
    isToC: { type: 'boolean' },
    languages: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['urlLocal', 'lang', 'localTitle', 'langTitle'],
        properties: {
          urlLocal: { type: 'string' },
          lang: { type: 'string' },
          localTitle: { type: 'string' },
          langTitle: { type: 'string' },
        },
      },
    },
    stat: {
      type: 'object',
      additionalProperties: false,
      required: ['domainId', 'oneTrack', 'cookieDomain', 'cookieDefaultOnCat', 'cookiePolicyLevel'],
      properties: {
        /** Analytics domain id (ours to assign): the ISO 3166-1 numeric code. */
        domainId: { type: 'integer', minimum: 1 },
        /** Whether the click/exposure tracking service runs. */
        oneTrack: { type: 'boolean' },
        /** Domain attribute for cookies; '' = host-only (the embedded default serves one origin). */
        cookieDomain: { type: 'string' },
        /** Stored-preference form used when nothing is stored: '0,1,2,3:' (low) or '0:' (high). */
        cookieDefaultOnCat: { enum: ['0,1,2,3:', '0:'] },
        cookiePolicyLevel: { enum: ['low', 'high'] },
      },
    },
    localSwitch: {
      type: 'object',
      additionalProperties: false,
      required: ['show', 'sitesText'],
      properties: {
        show: { type: 'boolean' },
        sitesText: {
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['local', 'lang', 'name', 'urlLocal'],
            properties: {
              local: { type: 'string' },
              urlLocal: { type: 'string' },
              lang: { type: 'string' },
              name: { type: 'string' },
            },
          },
        },
      },
    },
    currencySymbol: { type: 'string', minLength: 1 },
    currencyPosition: { enum: ['prefix', 'suffix'] },
    currencyPrefix: { type: 'string' },
    currencySuffix: { type: 'string' },
    priceDisplay: priceDisplaySchema,
    liveChat: liveChatSchema,
    searchTypes: { type: 'array', minItems: 1, uniqueItems: true, items: { enum: searchTypes } },
    showAllProductsInMobile: { type: 'boolean' },
    pocoMenu: { type: 'boolean' },
    categoryEntry: { type: 'boolean' },
    navigationVersion: { enum: ['v0', 'v1', 'v2'] },
    shareNetworks: { type: 'array', minItems: 1, uniqueItems: true, items: { enum: shareNetworks } },
    /** The hk, tw and in codes are left out of language lists. */
    excludedFromLanguageList: { type: 'boolean' },
    deployArea: { enum: ['ind', 'idn', 'rus', 'nld', 'sgp'] },
    hosts: hostsSchema,
  },
} as const;

export type SiteConfig = FromSchema<typeof siteConfigSchema>;
export type LiveChatConfig = FromSchema<typeof liveChatSchema>;
export type CookiePolicyLevel = SiteConfig['stat']['cookiePolicyLevel'];
export type NavigationVersion = SiteConfig['navigationVersion'];
