import type { FromSchema } from 'json-schema-to-ts';
import type { Database, Queryable } from '../db/types';
import type { addressSchema } from '../schemas/address';
import { MAX_ADDRESSES, type AddressField } from '../../region-config/address-rules';

/** An address of the book as the API answers it (the columns, snake case; camel-cased by the client layer). */
export type AddressRow = FromSchema<typeof addressSchema>;

export type AddressValues = Record<AddressField, string>;

const COLUMNS = `id::text AS id, local, recipient, phone, street, house_number, building, city, state, postal_code,
                 landmark, is_default`;

/** Columns of the form fields, in AddressField order. */
const FIELD_COLUMNS: Record<AddressField, string> = {
  recipient: 'recipient',
  phone: 'phone',
  street: 'street',
  houseNumber: 'house_number',
  building: 'building',
  city: 'city',
  state: 'state',
  postalCode: 'postal_code',
  landmark: 'landmark',
};

export type SaveResult = { ok: true; address: AddressRow } | { ok: false; reason: 'limit' | 'not_found' };

/** Serialises one user's address changes (count cap, single default) without locking anyone else. */
async function lockBook(tx: Queryable, userId: number): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('address-book'), $1::int)`, [userId]);
}

/**
 * The address book of a user in one country (at most 11 addresses). Every change of a user's book runs under that
 * user's lock, so parallel adds never pass the cap and exactly one address is the default once any exists.
 */
export function addressesRepository(db: Database) {
  return {
    async list(userId: number, local: string): Promise<AddressRow[]> {
      return db.query<AddressRow>(
        `SELECT ${COLUMNS} FROM addresses WHERE user_id = $1 AND local = $2 ORDER BY is_default DESC, id`,
        [userId, local],
      );
    },

    /** One address of the user, or null: another user's id is "not found", never their data. */
    async get(q: Queryable, userId: number, id: string): Promise<AddressRow | null> {
      if (!/^\d{1,18}$/.test(id)) return null;
      const rows = await q.query<AddressRow>(`SELECT ${COLUMNS} FROM addresses WHERE id = $1 AND user_id = $2`, [
        id,
        userId,
      ]);
      return rows[0] ?? null;
    },

    /** Adds (id absent) or updates an address; the first address, or one marked default, becomes the default. */
    async save(
      userId: number,
      local: string,
      values: AddressValues,
      makeDefault: boolean,
      id?: string,
    ): Promise<SaveResult> {
      return db.transaction(async (tx) => {
        await lockBook(tx, userId);
        const count = (
          await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM addresses WHERE user_id = $1 AND local = $2`, [
            userId,
            local,
          ])
        )[0]!.n;
        const fields = Object.keys(FIELD_COLUMNS) as AddressField[];
        const params = fields.map((f) => values[f].trim());
        let saved: AddressRow | undefined;
        if (id === undefined) {
          if (count >= MAX_ADDRESSES) return { ok: false, reason: 'limit' };
          const cols = fields.map((f) => FIELD_COLUMNS[f]).join(', ');
          const placeholders = fields.map((_, i) => `$${i + 3}`).join(', ');
          saved = (
            await tx.query<AddressRow>(
              `INSERT INTO addresses (user_id, local, ${cols}) VALUES ($1, $2, ${placeholders}) RETURNING ${COLUMNS}`,
              [userId, local, ...params],
            )
          )[0];
        } else {
          if (!/^\d{1,18}$/.test(id)) return { ok: false, reason: 'not_found' };
          const sets = fields.map((f, i) => `${FIELD_COLUMNS[f]} = $${i + 4}`).join(', ');
          saved = (
            await tx.query<AddressRow>(
              `UPDATE addresses SET ${sets}, updated_at = now() WHERE id = $1 AND user_id = $2 AND local = $3
               RETURNING ${COLUMNS}`,
              [id, userId, local, ...params],
            )
          )[0];
          if (!saved) return { ok: false, reason: 'not_found' };
        }
        if (makeDefault || count === 0) await setDefault(tx, userId, local, saved!.id);
        const fresh = (await tx.query<AddressRow>(`SELECT ${COLUMNS} FROM addresses WHERE id = $1`, [saved!.id]))[0]!;
        return { ok: true, address: fresh };
      });
    },

    async makeDefault(userId: number, local: string, id: string): Promise<boolean> {
      if (!/^\d{1,18}$/.test(id)) return false;
      return db.transaction(async (tx) => {
        await lockBook(tx, userId);
        const own = await tx.query(`SELECT 1 FROM addresses WHERE id = $1 AND user_id = $2 AND local = $3`, [
          id,
          userId,
          local,
        ]);
        if (own.length === 0) return false;
        await setDefault(tx, userId, local, id);
        return true;
      });
    },

    /** Deletes an address; when it was the default, the oldest remaining one becomes the default. */
    async remove(userId: number, local: string, id: string): Promise<boolean> {
      if (!/^\d{1,18}$/.test(id)) return false;
      return db.transaction(async (tx) => {
        await lockBook(tx, userId);
        const gone = await tx.query<{ is_default: boolean }>(
          `DELETE FROM addresses WHERE id = $1 AND user_id = $2 AND local = $3 RETURNING is_default`,
          [id, userId, local],
        );
        if (gone.length === 0) return false;
        if (gone[0]!.is_default) {
          await tx.query(
            `UPDATE addresses SET is_default = true WHERE id = (SELECT min(id) FROM addresses WHERE user_id = $1
               AND local = $2)`,
            [userId, local],
          );
        }
        return true;
      });
    },
  };
}

async function setDefault(tx: Queryable, userId: number, local: string, id: string): Promise<void> {
  await tx.query(
    `UPDATE addresses SET is_default = false WHERE user_id = $1 AND local = $2 AND is_default AND id <> $3`,
    [userId, local, id],
  );
  await tx.query(`UPDATE addresses SET is_default = true WHERE id = $1`, [id]);
}

export type AddressesRepository = ReturnType<typeof addressesRepository>;
