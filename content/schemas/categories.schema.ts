/** Category tree snapshot: content/snapshots/catalogue/categories.json (levels 2 and 3 of /product-list). */
import type { FromSchema } from 'json-schema-to-ts';
import { imagePathSchema, localizedSchema } from './common.schema';
import { productCategories } from './products.schema';

const slug = { type: 'string', pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' } as const;

export const categorySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name', 'path', 'icon', 'subcategories'],
  properties: {
    id: { enum: productCategories },
    name: localizedSchema,
    path: { type: 'string', pattern: '^/product-list/[a-z0-9-]+/$' }, // without the storefront prefix
    icon: imagePathSchema,
    subcategories: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'name', 'path'],
        properties: {
          id: slug,
          name: localizedSchema,
          path: { type: 'string', pattern: '^/product-list/[a-z0-9-]+/[a-z0-9-]+/$' },
        },
      },
    },
  },
} as const;
export type Category = FromSchema<typeof categorySchema>;

export const categoriesSchema = {
  $id: 'categories',
  type: 'object',
  additionalProperties: false,
  required: ['categories'],
  properties: { categories: { type: 'array', minItems: 1, items: categorySchema } },
} as const;
export type CategoriesSnapshot = FromSchema<typeof categoriesSchema>;
