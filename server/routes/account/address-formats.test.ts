import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startServer, type TestServer } from '../../test-support/harness';
import { JAKARTA, quickShopper } from '../../test-support/shoppers';
import { Errno } from '../../errors';

const AMSTERDAM = {
  recipient: 'Jan de Vries',
  phone: '06 12345678',
  street: 'Damrak',
  houseNumber: '1',
  city: 'Amsterdam',
  postalCode: '1012lg',
};
const LONDON = { recipient: 'Jane Smith', phone: '07400 123456', street: 'Downing Street', city: 'London' };

describe.each(drivers)("addresses in each country's postal and phone formats (%s)", (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(async () => server?.close());

  const save = (client: Awaited<ReturnType<typeof quickShopper>>['client'], urlLocal: string, json: object) =>
    client.call(`/api/${urlLocal}/address/save`, { method: 'POST', json });

  it('refuses Indonesian postal codes that are not 5 digits, naming the field, and takes 10110', async () => {
    const { client } = await quickShopper(server);
    for (const postalCode of ['1234', 'ABCDE', '01011', '101100']) {
      const r = await save(client, 'id', { ...JAKARTA, postalCode });
      expect(r.status, postalCode).toBe(400);
      expect(r.body.errno).toBe(Errno.INVALID_PARAM);
      expect(r.body.data.fields).toEqual({ postalCode: 'postalCode' });
    }
    const ok = await save(client, 'id', { ...JAKARTA, postalCode: '10110' });
    expect(ok.body.errno).toBe(0);
    expect(ok.body.data.address).toMatchObject({ postal_code: '10110', phone: '+6281234567890' });
  });

  it('refuses an Indian PIN starting with 0 and a phone outside the numbering plan', async () => {
    const { client } = await quickShopper(server);
    const mumbai = {
      recipient: 'Asha Rao',
      phone: '98200 00000',
      street: 'Marine Drive',
      city: 'Mumbai',
      state: 'Maharashtra',
      postalCode: '400020',
    };
    expect((await save(client, 'in', { ...mumbai, postalCode: '040002' })).body.data.fields).toEqual({
      postalCode: 'postalCode',
    });
    expect((await save(client, 'in', { ...mumbai, phone: '0123456789' })).body.data.fields).toEqual({
      phone: 'phone',
    });
    // A German number is no Indian one, even with a plausible length.
    expect((await save(client, 'in', { ...mumbai, phone: '+49 1512 3456789' })).body.data.fields).toEqual({
      phone: 'phone',
    });
    const ok = await save(client, 'in', { ...mumbai, postalCode: '400 020' });
    expect(ok.body.data.address).toMatchObject({ postal_code: '400020', phone: '+919820000000' });
  });

  it('stores Dutch and British codes in their canonical form, and refuses wrong ones', async () => {
    const { client } = await quickShopper(server);
    const nl = await save(client, 'nl', AMSTERDAM);
    expect(nl.body.data.address).toMatchObject({ postal_code: '1012 LG', phone: '+31612345678' });
    expect((await save(client, 'nl', { ...AMSTERDAM, postalCode: '1012' })).body.data.fields).toEqual({
      postalCode: 'postalCode',
    });
    const uk = await save(client, 'uk', { ...LONDON, postalCode: 'sw1a2aa' });
    expect(uk.body.data.address).toMatchObject({ postal_code: 'SW1A 2AA', phone: '+447400123456' });
    expect((await save(client, 'uk', { ...LONDON, postalCode: 'SW1A 2A' })).body.data.fields).toEqual({
      postalCode: 'postalCode',
    });
  });

  it('takes no postal code in the Emirates', async () => {
    const { client } = await quickShopper(server);
    const dubai = { recipient: 'Omar', phone: '050 123 4567', street: 'Sheikh Zayed Road', city: 'Dubai' };
    const ok = await save(client, 'ae-en', { ...dubai, state: 'Dubai', postalCode: '12345' });
    expect(ok.body.errno).toBe(0);
    expect(ok.body.data.address.postal_code).toBe('');
  });

  it('keeps an address saved under the old rules, listed with the fields to correct', async () => {
    const { client, userId } = await quickShopper(server);
    await save(client, 'id', JAKARTA);
    // Saved before the formats were checked: four digits and a phone of the old length-only rule.
    await server.db.query(
      `INSERT INTO addresses (user_id, local, recipient, phone, street, city, state, postal_code, landmark)
       VALUES ($1, 'id', 'Old', '123456', 'Jl. Lama', 'Jakarta', 'DKI Jakarta', '1234', '')`,
      [userId],
    );
    const list = (await client.call('/api/id/address/list')).body.data.addresses as Record<string, unknown>[];
    expect(list).toHaveLength(2);
    expect(list.find((a) => a.recipient === 'Old')?.invalid_fields).toEqual(['phone', 'postalCode']);
    expect(list.find((a) => a.recipient !== 'Old')?.invalid_fields).toBeUndefined();
  });

  it('refuses 10 parallel abusive saves with field errors, never a 5xx, and stores none of them', async () => {
    const { client, userId } = await quickShopper(server);
    const abusive = [
      { postalCode: '1234' },
      { postalCode: 'ABCDE' },
      { postalCode: "1'; DROP TABLE addresses; --" },
      { postalCode: '１０１１０' },
      { postalCode: '10110\u0000' },
      { phone: '0812345678901234567890' },
      { phone: '+1 (201) 555-0123' },
      { phone: '<script>alert(1)</script>' },
      { phone: '0812 3456 7890 ext 9' },
      { postalCode: `${'9'.repeat(40)}` },
    ];
    const answers = await Promise.all(abusive.map((bad) => save(client, 'id', { ...JAKARTA, ...bad })));
    for (const [i, r] of answers.entries()) {
      expect(r.status, JSON.stringify(abusive[i])).toBe(400);
      expect(r.body.errno).toBe(Errno.INVALID_PARAM);
      expect(Object.keys(r.body.data.fields)).toEqual(Object.keys(abusive[i]!));
    }
    const stored = await server.db.query(`SELECT id FROM addresses WHERE user_id = $1`, [userId]);
    expect(stored).toHaveLength(0);
  });
});
