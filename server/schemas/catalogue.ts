/** catalogue schemas of the API (snake_case keys; widgets see them camelCased). */
import type { FromSchema } from 'json-schema-to-ts';
import { baseQueryProperties, bundleLabel, energyLabel } from './common';

export const navProduct = {
  type: 'object',
  required: [
    'item_id',
    'product_id',
    'img_url',
    'name',
    'category',
    'category2',
    'marketing_tags',
    'buttons',
    'sale_price',
    'origin_price',
    'sale_price_is_eq',
    'currency',
    'is_out_of_stock',
  ],
  properties: {
    item_id: { type: 'string', description: 'cheapest commodity on sale here' },
    product_id: { type: 'string' },
    img_url: { type: 'string' },
    name: { type: 'string' },
    category: { type: 'string' },
    category2: { type: 'string' },
    marketing_tags: {
      type: 'array',
      items: {
        type: 'object',
        required: ['subtype', 'tag_text'],
        properties: { subtype: { type: 'string' }, tag_text: { type: 'string' } },
      },
    },
    buttons: {
      type: 'array',
      items: { type: 'object', required: ['goto_url'], properties: { goto_url: { type: 'string' } } },
    },
    sale_price: { type: 'number' },
    origin_price: { type: 'number' },
    sale_price_is_eq: { type: 'boolean' },
    currency: { type: 'string' },
    is_out_of_stock: { type: 'boolean' },
    energy: energyLabel,
    bundle_compliance_label: { type: 'array', items: bundleLabel },
  },
} as const;

export const v2CmsCategoryNavigationProductsAnswer = {
  type: 'object',
  required: ['products'],
  properties: { products: { type: 'array', items: navProduct } },
} as const;
export type V2CmsCategoryNavigationProductsAnswer = FromSchema<typeof v2CmsCategoryNavigationProductsAnswer>;

export const frmTrack = {
  type: 'object',
  required: ['alg', 'alg_group', 'alg_ver'],
  properties: { alg: { type: 'string' }, alg_group: { type: 'string' }, alg_ver: { type: 'string' } },
} as const;

export const recommendData = {
  type: 'object',
  required: ['recommend', 'exp_id', 'sharding'],
  properties: {
    recommend: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name', 'type', 'link', 'image', 'price', 'currency', 'item_id', 'frm_track'],
        properties: {
          name: { type: 'string' },
          type: { enum: ['product'] },
          link: { type: 'string' },
          image: { type: 'string' },
          price: { type: 'number' },
          currency: { type: 'string' },
          item_id: { type: 'string' },
          frm_track: frmTrack,
        },
      },
    },
    exp_id: { type: 'string' },
    sharding: { type: 'integer', description: 'experiment bucket of the caller (0-99)' },
  },
} as const;
export type RecommendDataView = FromSchema<typeof recommendData>;

export const suggestData = {
  type: 'object',
  required: ['list', 'keyword', 'exp_id'],
  properties: {
    list: {
      type: 'array',
      items: {
        type: 'object',
        required: [
          'name',
          'name_html',
          'image',
          'price',
          'currency',
          'in_act',
          'link',
          'item_type',
          'item_id',
          'frm_track',
        ],
        properties: {
          name: { type: 'string' },
          name_html: { type: 'string', description: 'the name HTML-escaped, with the matched parts in <mark>' },
          image: { type: 'string' },
          price: { type: 'number' },
          currency: { type: 'string' },
          in_act: { type: 'boolean', description: 'in a promotion (sale price below market price)' },
          link: { type: 'string' },
          item_type: { enum: ['commodity'] },
          item_id: { type: 'string' },
          frm_track: frmTrack,
        },
      },
    },
    keyword: { type: 'string' },
    exp_id: { type: 'string' },
  },
} as const;
export type SuggestDataView = FromSchema<typeof suggestData>;

export const REVIEW_STATES = ['pending', 'reviewed', 'rejected'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

export const reviewSchema = {
  type: 'object',
  required: [
    'id',
    'product_id',
    'product_name',
    'score',
    'text',
    'anonymous',
    'author',
    'state',
    'state_note',
    'addition',
    'likes',
    'liked',
    'photos',
    'created_at',
    'published_at',
    'mine',
  ],
  properties: {
    id: { type: 'string' },
    product_id: { type: 'string' },
    product_name: { type: 'string' },
    score: { type: 'integer' },
    text: { type: 'string' },
    anonymous: { type: 'boolean' },
    author: { type: 'string' },
    state: { enum: REVIEW_STATES },
    state_note: { type: 'string' },
    addition: {
      type: ['object', 'null'],
      required: ['text', 'state', 'at'],
      properties: { text: { type: 'string' }, state: { enum: REVIEW_STATES }, at: { type: 'integer' } },
    },
    likes: { type: 'integer' },
    liked: { type: 'boolean' },
    photos: { type: 'array', items: { type: 'object', required: ['url'], properties: { url: { type: 'string' } } } },
    created_at: { type: 'integer' },
    published_at: { type: ['integer', 'null'] },
    mine: { type: 'boolean' },
  },
} as const;
export type ReviewView = FromSchema<typeof reviewSchema>;

export const reviewAnswer = { type: 'object', required: ['review'], properties: { review: reviewSchema } } as const;
export type ReviewAnswer = FromSchema<typeof reviewAnswer>;

export const reviewSummarySchema = {
  type: 'object',
  required: ['count', 'average', 'distribution'],
  properties: {
    count: { type: 'integer' },
    average: { type: 'number' },
    distribution: { type: 'array', items: { type: 'integer' } },
  },
} as const;
export type ReviewSummaryView = FromSchema<typeof reviewSummarySchema>;

export const commentListAnswer = {
  type: 'object',
  required: ['summary', 'reviews', 'page', 'has_more'],
  properties: {
    summary: reviewSummarySchema,
    reviews: { type: 'array', items: reviewSchema },
    page: { type: 'integer' },
    has_more: { type: 'boolean' },
  },
} as const;
export type CommentListAnswer = FromSchema<typeof commentListAnswer>;

export const commentEligibleAnswer = {
  type: 'object',
  required: ['bought', 'can_review', 'product_name', 'review'],
  properties: {
    bought: { type: 'boolean' },
    can_review: { type: 'boolean' },
    product_name: { type: ['string', 'null'] },
    review: {
      type: ['object', 'null'],
      required: ['id', 'state'],
      properties: { id: { type: 'string' }, state: { enum: REVIEW_STATES } },
    },
  },
} as const;
export type CommentEligibleAnswer = FromSchema<typeof commentEligibleAnswer>;

export const commentProductsAnswer = {
  type: 'object',
  required: ['products', 'max_photos', 'max_text'],
  properties: {
    products: {
      type: 'array',
      items: {
        type: 'object',
        required: ['product_id', 'name', 'image'],
        properties: { product_id: { type: 'string' }, name: { type: 'string' }, image: { type: 'string' } },
      },
    },
    max_photos: { type: 'integer' },
    max_text: { type: 'integer' },
  },
} as const;
export type CommentProductsAnswer = FromSchema<typeof commentProductsAnswer>;

export const commentMyreviewAnswer = {
  type: 'object',
  required: ['reviews'],
  properties: { reviews: { type: 'array', items: reviewSchema } },
} as const;
export type CommentMyreviewAnswer = FromSchema<typeof commentMyreviewAnswer>;

export const commentLikeAnswer = {
  type: 'object',
  required: ['liked', 'likes'],
  properties: { liked: { type: 'boolean' }, likes: { type: 'integer' } },
} as const;
export type CommentLikeAnswer = FromSchema<typeof commentLikeAnswer>;

export const staffReviewsAnswer = {
  type: 'object',
  required: ['reviews'],
  properties: { reviews: { type: 'array', items: reviewSchema } },
} as const;
export type StaffReviewsAnswer = FromSchema<typeof staffReviewsAnswer>;

export const SEARCH_TYPES = ['product', 'store', 'support'] as const;

export const marked = {
  type: 'object',
  required: ['text', 'marks', 'html'],
  properties: {
    text: { type: 'string', description: 'plain text as written' },
    marks: {
      type: 'array',
      items: { type: 'array', items: { type: 'integer' }, minItems: 2, maxItems: 2 },
      description: '[start, end) UTF-16 ranges of the matches in text',
    },
    html: { type: 'string', description: 'text HTML-escaped, with each match wrapped in <mark>' },
  },
} as const;

export const hitSchema = {
  type: 'object',
  required: ['type', 'id', 'link', 'title', 'snippet', 'score'],
  properties: {
    type: { enum: SEARCH_TYPES },
    id: { type: 'string' },
    link: { type: 'string' },
    title: marked,
    snippet: marked,
    score: { type: 'number' },
    // product
    image: { type: 'string' },
    item_id: { type: 'string' },
    category: { type: 'string' },
    price: { type: 'number' },
    market_price: { type: 'number' },
    currency: { type: 'string' },
    in_stock: { type: 'boolean' },
    // store
    store_kind: { type: 'string' },
    city: { type: 'string' },
    map_url: { type: 'string' },
    // support
    support_kind: { enum: ['article', 'faq'] },
    // product, business search (flow=company)
    business_tiers: {
      type: 'array',
      description: 'the quantity tiers of the business catalogue: from min_quantity units the unit price is price',
      items: {
        type: 'object',
        required: ['min_quantity', 'discount_bp', 'price'],
        properties: { min_quantity: { type: 'integer' }, discount_bp: { type: 'integer' }, price: { type: 'number' } },
      },
    },
  },
} as const;
export type HitView = FromSchema<typeof hitSchema>;

export const searchData = {
  type: 'object',
  required: ['keyword', 'types', 'results'],
  properties: {
    keyword: { type: 'string' },
    types: { type: 'array', items: { enum: SEARCH_TYPES }, description: "the storefront's search types" },
    results: {
      type: 'array',
      items: {
        type: 'object',
        required: ['type', 'total', 'items'],
        properties: {
          type: { enum: SEARCH_TYPES },
          total: { type: 'integer' },
          items: { type: 'array', items: hitSchema },
        },
      },
    },
  },
} as const;
export type SearchDataView = FromSchema<typeof searchData>;

export const compareProduct = {
  type: 'object',
  required: ['id', 'name', 'image', 'link', 'category', 'price', 'market_price', 'currency', 'in_stock', 'specs'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    image: { type: 'string' },
    link: { type: 'string' },
    category: { type: 'string' },
    price: { type: 'number' },
    market_price: { type: 'number' },
    currency: { type: 'string' },
    in_stock: { type: 'boolean' },
    specs: {
      type: 'array',
      items: {
        type: 'object',
        required: ['label', 'value'],
        properties: { label: { type: 'string' }, value: { type: 'string' } },
      },
    },
  },
} as const;

export const compareAnswer = {
  type: 'object',
  required: ['products', 'missing', 'max'],
  properties: {
    products: { type: 'array', items: compareProduct },
    missing: { type: 'array', items: { type: 'string' } },
    max: { type: 'integer' },
  },
} as const;
export type CompareAnswer = FromSchema<typeof compareAnswer>;

export const categorySlug = { type: 'string', maxLength: 64, pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' } as const;

export const reviewProductId = {
  type: 'string',
  minLength: 1,
  maxLength: 80,
  pattern: '^[a-z0-9][a-z0-9-]*$',
} as const;

export const reviewId = { type: 'string', maxLength: 20 } as const;

export const navigationProductsQuery = {
  type: 'object',
  properties: {
    ...baseQueryProperties,
    category: categorySlug,
    sub_category: categorySlug,
    limit: { type: 'integer', minimum: 1, maximum: 100, default: 24 },
  },
} as const;

export const recommendQuery = {
  type: 'object',
  properties: { ...baseQueryProperties, from: { enum: ['mobile', 'pc'], default: 'pc' } },
} as const;

export const suggestListQuery = {
  type: 'object',
  required: ['keyword'],
  properties: {
    ...baseQueryProperties,
    keyword: { type: 'string', minLength: 1, maxLength: 100 },
    limit: { type: 'integer', minimum: 1, maximum: 20, default: 8 },
  },
} as const;

export const searchQuery = {
  type: 'object',
  required: ['keyword'],
  properties: {
    ...baseQueryProperties,
    keyword: { type: 'string', minLength: 1, maxLength: 100 },
    type: {
      enum: SEARCH_TYPES,
      description:
        "one type only (default: its search types); support is the help centre's search and exists everywhere",
    },
    limit: { type: 'integer', minimum: 1, maximum: 50, default: 20 },
    offset: { type: 'integer', minimum: 0, maximum: 1000, default: 0 },
    flow: {
      enum: ['consumer', 'company'],
      description:
        'company (/business/search): products of the business catalogue only, each with its quantity tier prices',
    },
  },
} as const;

export const compareQuery = {
  type: 'object',
  required: ['ids'],
  properties: {
    ...baseQueryProperties,
    ids: {
      type: 'string',
      minLength: 1,
      maxLength: 400,
      pattern: '^[a-z0-9-]+(,[a-z0-9-]+)*$',
      description: 'product ids, comma separated, in the order to show',
    },
  },
} as const;

export const reviewListQuery = {
  type: 'object',
  required: ['product_id'],
  properties: { product_id: reviewProductId, page: { type: 'integer', minimum: 1, maximum: 1000, default: 1 } },
} as const;

export const reviewEligibleQuery = {
  type: 'object',
  required: ['product_id'],
  properties: { product_id: reviewProductId },
} as const;

export const reviewPostBody = {
  type: 'object',
  required: ['productId'],
  properties: {
    productId: reviewProductId,
    // 0 or missing means "no rating chosen", answered as a field error rather than a schema error.
    score: { type: 'integer', minimum: 0, maximum: 5 },
    text: { type: 'string', maxLength: 4000 },
    anonymous: { type: 'boolean' },
    uploadIds: { type: 'array', maxItems: 20, items: { type: 'string', maxLength: 40 } },
  },
} as const;
export type ReviewPostBody = FromSchema<typeof reviewPostBody>;

export const reviewAdditionBody = {
  type: 'object',
  required: ['reviewId'],
  properties: { reviewId, text: { type: 'string', maxLength: 4000 } },
} as const;
export type ReviewAdditionBody = FromSchema<typeof reviewAdditionBody>;

export const reviewDetailQuery = { type: 'object', required: ['id'], properties: { id: reviewId } } as const;

export const reviewLikeBody = { type: 'object', required: ['reviewId'], properties: { reviewId: reviewId } } as const;
export type ReviewLikeBody = FromSchema<typeof reviewLikeBody>;

export const reviewPhotoParams = {
  type: 'object',
  required: ['urlLocal', 'id'],
  properties: { urlLocal: { type: 'string' }, id: { type: 'string', maxLength: 40 } },
} as const;

export const reviewModerateBody = {
  type: 'object',
  required: ['id', 'decision'],
  properties: {
    id: reviewId,
    part: { enum: ['review', 'addition'] },
    decision: { enum: ['publish', 'reject'] },
    note: { type: 'string', maxLength: 500 },
  },
} as const;
export type ReviewModerateBody = FromSchema<typeof reviewModerateBody>;
