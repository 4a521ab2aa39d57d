/**
 * The namespaces of the UI catalogues (content/locales/<language>/<namespace>.json): one file per area of the store,
 * so a translator works on checkout or support on its own. A key's namespace follows from its first segment
 * ("payment.error.declined" → checkout); keys keep their full dotted name inside the file (i18next's flat JSON with
 * `keySeparator: false`), so code names a key the same way whatever file holds it.
 */
export const NAMESPACES = ['common', 'catalogue', 'pages', 'checkout', 'account', 'support', 'business'] as const;
export type Namespace = (typeof NAMESPACES)[number];

const PREFIXES: Record<Namespace, readonly string[]> = {
  common: [
    'common',
    'error',
    'notFound',
    'toast',
    'offline',
    'share',
    'countdown',
    'campaign',
    'price',
    'breadcrumb',
    'location',
    'selectLocation',
    'menu',
    'header',
    'footer',
    'consent',
    'subscribe',
    'unsubscribe',
    'notify',
    'user',
    'seo',
    'alert',
    'app',
  ],
  catalogue: ['product', 'productList', 'category', 'compare', 'search', 'searchPage', 'stores', 'spareParts'],
  pages: ['page', 'sitemap', 'support', 'warrantyCheck'],
  checkout: [
    'cart',
    'checkout',
    'order',
    'payment',
    'address',
    'presale',
    'giftCard',
    'voucher',
    'coupon',
    'points',
    'fcode',
    'invoice',
    'insurance',
    'flashSale',
  ],
  account: ['account', 'mail', 'message', 'club', 'student', 'friend', 'device'],
  support: ['supportDesk', 'aftersales', 'returns', 'liveChat', 'review', 'tradeIn', 'console'],
  business: ['business'],
};

const BY_PREFIX = new Map(
  Object.entries(PREFIXES).flatMap(([ns, prefixes]) => prefixes.map((p) => [p, ns as Namespace])),
);

/** The namespace of a key, or null when its first segment belongs to none (a new area must be added above). */
export function namespaceOf(key: string): Namespace | null {
  return BY_PREFIX.get(key.split('.')[0] ?? '') ?? null;
}
