/**
 * Header and footer of one storefront: content/snapshots/header-footer/<urlLocal>.json.
 * Texts are already in the storefront's language; prices are numbers in the country's currency (the build formats
 * them).
 */
import type { FromSchema } from 'json-schema-to-ts';
import {
  bundleLabelSchema,
  energyLabelSchema,
  imagePathSchema,
  linkSchema,
  marketingTagSubtypes,
} from './common.schema';

const text = { type: 'string', minLength: 1 } as const;

const linkItemSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['text', 'url'],
  properties: { text, url: linkSchema },
} as const;

/** A titled group of links (header navigation groups, footer columns). */
export const navGroupSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['title', 'links'],
  properties: { title: text, links: { type: 'array', minItems: 1, items: linkItemSchema } },
} as const;
export type NavGroup = FromSchema<typeof navGroupSchema>;

/** Navigation product card as shown in the mega-menu. */
export const navProductSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'itemId',
    'imgUrl',
    'name',
    'gotoUrl',
    'salePrice',
    'originPrice',
    'salePriceIsEQ',
    'spuId',
    'productId',
    'category',
    'category2',
  ],
  properties: {
    itemId: { type: 'string', pattern: '^[0-9]+$' }, // cheapest commodity on sale in this country
    imgUrl: imagePathSchema,
    name: text,
    tag: {
      type: 'object',
      additionalProperties: false,
      required: ['subtype', 'text'],
      properties: { subtype: { enum: marketingTagSubtypes }, text },
    },
    gotoUrl: linkSchema,
    energyInfo: energyLabelSchema,
    bundleLabels: { type: 'array', items: bundleLabelSchema },
    salePrice: { type: 'number', minimum: 0 },
    originPrice: { type: 'number', minimum: 0 },
    salePriceIsEQ: { type: 'boolean' }, // true: no discount, the build hides the struck-through price
    spuId: { type: 'string' },
    productId: { type: 'string', pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' }, // catalogue product id
    category: { type: 'string' },
    category2: { type: 'string' },
  },
} as const;
export type NavProduct = FromSchema<typeof navProductSchema>;

const menuChildSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['title', 'products', 'addonUrl', 'hasNew'],
  properties: {
    title: text,
    learnMore: {
      type: 'object',
      additionalProperties: false,
      required: ['text', 'gotoUrl'],
      properties: { text, gotoUrl: linkSchema },
    },
    products: { type: 'array', items: navProductSchema },
    addonUrl: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'text', 'gotoUrl'],
        properties: { name: text, text, gotoUrl: linkSchema },
      },
    },
    hasNew: { type: 'boolean' },
  },
} as const;
export type MenuChild = FromSchema<typeof menuChildSchema>;

/** Menu item; submenuStyle 1–4 and submenuLayout select the slide-menu / mega-menu rendering. */
export const menuItemSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'content',
    'url',
    'catId',
    'catName',
    'anchor',
    'submenu',
    'submenuStyle',
    'submenuLayout',
    'type',
    'icon',
    'children',
  ],
  properties: {
    content: text,
    url: linkSchema,
    catId: { type: 'string' },
    catName: { type: 'string' },
    anchor: { type: 'string' },
    submenu: { type: 'boolean' },
    submenuStyle: { enum: [1, 2, 3, 4] },
    submenuLayout: { enum: ['product', 'list'] },
    type: { enum: ['default', 'poco', 'phone', 'link'] }, // 'phone' renders a flat list, 'poco' the sub-brand menu
    icon: { anyOf: [imagePathSchema, { const: '' }] },
    children: { type: 'array', items: menuChildSchema },
  },
} as const;
export type MenuItem = FromSchema<typeof menuItemSchema>;

const storeNavItemSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['title', 'icon', 'gotoUrl', 'type'],
  properties: { title: text, icon: imagePathSchema, gotoUrl: linkSchema, type: { type: 'string', minLength: 1 } },
} as const;
const storeNavList = { type: 'array', items: storeNavItemSchema } as const;

const labelValueSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['label', 'value'],
  properties: { label: text, value: text },
} as const;

export const headerFooterSchema = {
  $id: 'header-footer',
  type: 'object',
  additionalProperties: false,
  required: [
    'urlLocal',
    'header',
    'notification',
    'navigation',
    'storeNavigation',
    'timestamp',
    'navigationVersion',
    'differentSiteTip',
    'footer',
  ],
  properties: {
    urlLocal: { type: 'string', pattern: '^[a-z]{2}(-[a-z]{2})?$' },
    header: {
      type: 'object',
      additionalProperties: false,
      required: ['main', 'aside'],
      properties: {
        main: { type: 'array', minItems: 1, items: menuItemSchema },
        aside: {
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['content', 'url', 'icon'],
            properties: { content: text, url: linkSchema, icon: imagePathSchema },
          },
        },
      },
    },
    notification: {
      type: 'object',
      additionalProperties: false,
      required: ['content', 'url'],
      // empty content = no bar
      properties: { content: { type: 'string' }, url: { anyOf: [linkSchema, { const: '' }] } },
    },
    navigation: { type: 'array', items: navGroupSchema },
    storeNavigation: {
      type: 'object',
      additionalProperties: false,
      required: ['whatIsNew', 'keyEvents', 'discountPrograms', 'eventProducts'],
      properties: {
        whatIsNew: storeNavList,
        keyEvents: storeNavList,
        discountPrograms: storeNavList,
        eventProducts: storeNavList,
      },
    },
    timestamp: { type: 'integer', minimum: 0 }, // ms since epoch of the export
    navigationVersion: { enum: ['v0', 'v1', 'v2'] },
    differentSiteTip: {
      type: 'object',
      additionalProperties: false,
      required: ['show', 'text', 'sitesText', 'buttonText', 'toDomain'],
      properties: {
        show: { type: 'boolean' },
        text: { type: 'string' },
        sitesText: { type: 'string' },
        buttonText: { type: 'string' },
        toDomain: { type: 'string' },
      },
    },
    footer: {
      type: 'object',
      additionalProperties: false,
      required: ['navigation', 'socialMedia', 'app', 'legal', 'terms', 'footnotes'],
      properties: {
        navigation: { type: 'array', minItems: 1, items: navGroupSchema },
        socialMedia: {
          type: 'object',
          additionalProperties: false,
          required: ['title', 'icons'],
          properties: {
            title: text,
            icons: {
              type: 'array',
              items: {
                type: 'object',
                additionalProperties: false,
                required: ['title', 'imgUrl', 'url'],
                properties: { title: text, imgUrl: imagePathSchema, url: linkSchema },
              },
            },
          },
        },
        /** Email subscribe box; absent where it is hidden (kr). */
        connect: {
          type: 'object',
          additionalProperties: false,
          required: ['title', 'placeholder'],
          properties: { title: text, placeholder: text },
        },
        app: {
          type: 'object',
          additionalProperties: false,
          required: ['title', 'qrCodeUrl', 'description', 'googlePlayDesc', 'googlePlayUrl'],
          properties: {
            title: text,
            qrCodeUrl: imagePathSchema,
            description: text,
            googlePlayDesc: text,
            googlePlayUrl: linkSchema,
          },
        },
        /** Compliance QR code; the fields are present only where a regulator asks for them (e.g. in, id). */
        legal: {
          type: 'object',
          additionalProperties: false,
          properties: { complianceQrCodeUrl: imagePathSchema, complianceQrCodeDesc: text, complianceUrl: linkSchema },
          dependencies: { complianceQrCodeUrl: ['complianceQrCodeDesc', 'complianceUrl'] },
        },
        terms: {
          type: 'object',
          additionalProperties: false,
          required: ['paymentTerms'],
          properties: { paymentTerms: { type: 'string' } },
        },
        footnotes: {
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['index', 'content'],
            properties: { index: { type: 'integer', minimum: 1 }, content: text },
          },
        },
        /**
         * Legal company block required in vn (registration, hotline, hours) and kr (business and e-commerce numbers).
         */
        company: {
          type: 'object',
          additionalProperties: false,
          required: ['name', 'details'],
          properties: { name: text, details: { type: 'array', minItems: 1, items: labelValueSchema } },
        },
        /** Regulator logo link (co). */
        regulator: {
          type: 'object',
          additionalProperties: false,
          required: ['imgUrl', 'url', 'alt'],
          properties: { imgUrl: imagePathSchema, url: linkSchema, alt: text },
        },
      },
    },
  },
} as const;
export type HeaderFooter = FromSchema<typeof headerFooterSchema>;
