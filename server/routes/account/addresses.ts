import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError, Errno } from '../../errors';
import { requireUser } from '../../context';
import { message, translate } from '../../i18n';
import {
  ADDRESS_FIELDS,
  addressForm,
  MAX_ADDRESSES,
  normaliseAddress,
  validateAddress,
  type AddressField,
} from '../../../region-config/address-rules';
import type { AddressRow, AddressValues } from '../../repositories/addresses';
import { addressIdBody, addressSaveBody } from '../../schemas/address';
import { addressListAnswer, addressSaveAnswer } from '../../schemas/account';
import { noData } from '../../schemas/common';

/** The address of a request body as the form's fields (absent fields are empty). */
export function addressValues(body: Partial<Record<AddressField, string>>): AddressValues {
  return Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, body[f] ?? ''])) as AddressValues;
}

/** The checks of the country's address form; the fields at fault come back in `data.fields` with their reason. */
export function checkAddress(request: FastifyRequest, values: AddressValues): void {
  const fields = validateAddress(request.storefront.local, values);
  if (Object.keys(fields).length > 0) {
    throw new ApiError(Errno.INVALID_PARAM, message(request.storefront, 'address.error.fields'), 400, { fields });
  }
}

/** The snapshot of an address kept on an order (the book may change later; the order does not). */
export function addressSnapshot(row: AddressRow): Record<string, string> {
  return {
    recipient: row.recipient,
    phone: row.phone,
    street: row.street,
    houseNumber: row.house_number,
    building: row.building,
    city: row.city,
    state: row.state,
    postalCode: row.postal_code,
    landmark: row.landmark,
  };
}

/**
 * An address saved before the country's formats were checked keeps working, but carries the fields the rules now
 * refuse, so the address book and the checkout ask the shopper to correct it.
 */
function flagOutdated(local: string, row: AddressRow): AddressRow {
  const fields = Object.keys(validateAddress(local, addressSnapshot(row))) as AddressField[];
  return fields.length > 0 ? { ...row, invalid_fields: fields } : row;
}

/**
 * The address book (/user/address and the checkout's address step): addressListAnswer, save, delete, choose the
 * default.
 */
export async function addressRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();

  app.get(
    '/address/list',
    {
      schema: {
        tags: ['address'],
        summary: "The user's addresses in this country, with the country's form",
        response: { 200: envelopeSchema(addressListAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { local } = request.storefront;
      const form = addressForm(local);
      return ok({
        addresses: (await app.repos.addresses.list(user.id, local)).map((row) => flagOutdated(local, row)),
        max: MAX_ADDRESSES,
        form: { fields: [...form.fields], required: [...form.required], states: form.states ? [...form.states] : null },
      });
    },
  );

  app.post(
    '/address/save',
    {
      schema: {
        tags: ['address'],
        summary: 'Add an address (no id) or change one; the address form per country, fields at fault in data.fields',
        body: addressSaveBody,
        response: { 200: envelopeSchema(addressSaveAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const values = addressValues(request.body);
      checkAddress(request, values);
      const result = await app.repos.addresses.save(
        user.id,
        request.storefront.local,
        normaliseAddress(request.storefront.local, values),
        request.body.isDefault === true,
        request.body.id,
      );
      if (!result.ok && result.reason === 'limit') {
        throw new ApiError(
          Errno.ADDRESS_LIMIT,
          translate(request.storefront, 'address.error.limit', { count: MAX_ADDRESSES }),
        );
      }
      if (!result.ok) throw new ApiError(Errno.NOT_FOUND, message(request.storefront, 'address.error.notFound'), 404);
      return ok({ address: result.address });
    },
  );

  app.post(
    '/address/delete',
    {
      schema: {
        tags: ['address'],
        summary: 'Delete an address',
        body: addressIdBody,
        response: { 200: envelopeSchema(noData) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      if (!(await app.repos.addresses.remove(user.id, request.storefront.local, request.body.id))) {
        throw new ApiError(Errno.NOT_FOUND, message(request.storefront, 'address.error.notFound'), 404);
      }
      return ok({});
    },
  );

  app.post(
    '/address/default',
    {
      schema: {
        tags: ['address'],
        summary: 'Make an address the default',
        body: addressIdBody,
        response: { 200: envelopeSchema(noData) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      if (!(await app.repos.addresses.makeDefault(user.id, request.storefront.local, request.body.id))) {
        throw new ApiError(Errno.NOT_FOUND, message(request.storefront, 'address.error.notFound'), 404);
      }
      return ok({});
    },
  );
}
