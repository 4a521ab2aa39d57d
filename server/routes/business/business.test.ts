import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, drivers, mailbox, startServer, type TestServer } from '../../test-support/harness';
import { quickShopper } from '../../test-support/shoppers';
import { staffMember } from '../../test-support/staff';
import { BUSINESS_COUNTRIES, businessApplication } from '../../test-support/business-applications';
import { Errno } from '../../errors';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000a49444154789c6300010000050001',
  'hex',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const EXE = Buffer.from('4d5a90000300000004000000ffff0000', 'hex');

describe.each(drivers)('enterprise (business) accounts (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(async () => server?.close());

  const upload = async (c: Client, local: string, name = 'registration.pdf', bytes: Buffer = PDF) =>
    (
      await c.fetch(`/api/${local}/aftersales/upload`, {
        method: 'POST',
        body: new Uint8Array(bytes),
        headers: {
          'content-type': 'application/octet-stream',
          'x-file-name': encodeURIComponent(name),
          accept: 'application/json',
        },
      })
    ).json();
  const docId = async (c: Client, local: string) => (await upload(c, local)).data.upload.id as string;
  const apply = (c: Client, local: string, body: Record<string, unknown>) =>
    c.call(`/api/${local}/business/apply`, { method: 'POST', json: body });
  const state = (c: Client, local: string) =>
    c.call(`/api/${local}/business/state?flow=company`).then((r) => r.body.data);
  const review = (c: Client, local: string, body: Record<string, unknown>) =>
    c.call(`/api/${local}/staff/business/review`, { method: 'POST', json: body });

  it('a visitor and a shopper without an account read BAD 2 with the apply wording; account: sign-in', async () => {
    const visitor = new Client(server.base);
    const v = await state(visitor, 'in');
    expect(v).toMatchObject({
      company_status: 2,
      is_exempt_vat: false,
      header_buttons: [{ href: '/in/business/account/' }],
    });
    expect(v.notify_message).toMatch(/apply/i);
    expect((await visitor.call('/api/in/business/account')).body.errno).toBe(Errno.NOT_LOGGED_IN);
    const anon = await apply(visitor, 'in', businessApplication('in', []));
    expect(anon.body.errno, JSON.stringify(anon.body)).toBe(Errno.NOT_LOGGED_IN);
    const s = await quickShopper(server);
    const mine = (await s.client.call('/api/in/business/account')).body.data;
    expect(mine).toMatchObject({
      status: 2,
      account: null,
      documents: [],
      tax_fields: [{ key: 'gstin', label: 'GSTIN' }],
      review_days: 3,
      vat_exemption_allowed: false,
    });
  });

  it('apply → PENDING; approve → GOOD (valid_until, VAT); → EXPIRED; re-apply; reject → REJECTED', async () => {
    const s = await quickShopper(server);
    const applied = await apply(
      s.client,
      'de',
      businessApplication('de', [await docId(s.client, 'de'), await docId(s.client, 'de')]),
    );
    expect(applied.body.errno).toBe(0);
    expect(applied.body.data).toMatchObject({
      status: 1,
      account: { status: 1, company_name: 'Acme Trading Pvt Ltd', tax: { vat: 'DE123456789' } },
    });
    expect(applied.body.data.documents).toHaveLength(2);
    let st = await state(s.client, 'de');
    expect(st.company_status).toBe(1);
    expect(st.notify_message).toContain('3');
    // A second application while one is live is refused.
    expect((await apply(s.client, 'de', businessApplication('de', [await docId(s.client, 'de')]))).body.errno).toBe(
      Errno.BUSINESS_ALREADY_LIVE,
    );
    // Another country is another account.
    expect((await s.client.call('/api/in/business/account')).body.data.status).toBe(2);

    const reviewer = await staffMember(server);
    const id = applied.body.data.account.id as string;
    const approved = await review(reviewer.client, 'de', { id, decision: 'approve', months: 12, vatExempt: true });
    expect(approved.body.errno).toBe(0);
    expect(approved.body.data.account).toMatchObject({ status: 3, vat_exempt: true });
    const validUntil = approved.body.data.account.valid_until as number;
    expect(validUntil - Date.now()).toBeGreaterThan(360 * 86_400_000);
    expect(
      (await review(reviewer.client, 'de', { id, decision: 'reject', reason: 'Too late to reject' })).body.errno,
    ).toBe(Errno.BUSINESS_STATE);
    st = await state(s.client, 'de');
    expect(st).toMatchObject({ company_status: 3, is_exempt_vat: true });
    expect(st.header_buttons.map((b: { href: string }) => b.href)).toContain('/de/business/cart/');
    const mails = await mailbox(server.base, s.email);
    expect(mails.map((m) => m.kind)).toEqual(expect.arrayContaining(['business-received', 'business-approved']));

    // GOOD past its validity reads EXPIRED, without VAT exemption.
    await server.db.query(`UPDATE enterprise_accounts SET valid_until = now() - interval '1 day' WHERE id = $1`, [id]);
    st = await state(s.client, 'de');
    expect(st).toMatchObject({ company_status: 5, is_exempt_vat: false });
    expect((await s.client.call('/api/de/business/account')).body.data.account.status).toBe(5);

    // Renewing after EXPIRED: a new PENDING application; the old account is kept as EXPIRED.
    const renewed = await apply(s.client, 'de', businessApplication('de', [await docId(s.client, 'de')]));
    expect(renewed.body.data.status).toBe(1);
    const rows = await server.db.query<{ status: number }>(
      `SELECT status FROM enterprise_accounts WHERE user_id = $1 ORDER BY created_at, id`,
      [s.userId],
    );
    expect(rows.map((r) => r.status)).toEqual([5, 1]);

    const rejected = await review(reviewer.client, 'de', {
      id: renewed.body.data.account.id,
      decision: 'reject',
      reason: 'The registration certificate is unreadable.',
    });
    expect(rejected.body.data.account).toMatchObject({
      status: 4,
      reject_reason: 'The registration certificate is unreadable.',
    });
    st = await state(s.client, 'de');
    expect(st.company_status).toBe(4);
    expect(st.notify_message).toContain('The registration certificate is unreadable.');
    // Re-apply after REJECTED.
    const again = await apply(s.client, 'de', businessApplication('de', [await docId(s.client, 'de')]));
    expect(again.body.data.status).toBe(1);
  });

  it('VAT exemption only where the country allows it; validity 1–36 months; a rejection needs a reason', async () => {
    const s = await quickShopper(server);
    const id = (await apply(s.client, 'in', businessApplication('in', [await docId(s.client, 'in')]))).body.data.account
      .id;
    const reviewer = await staffMember(server);
    const vat = await review(reviewer.client, 'in', { id, decision: 'approve', months: 12, vatExempt: true });
    expect(vat.status).toBe(400);
    expect(vat.body).toMatchObject({ errno: Errno.BUSINESS_INVALID, data: { fields: { vatExempt: 'notAllowed' } } });
    expect((await review(reviewer.client, 'in', { id, decision: 'approve', months: 0 })).body.data.fields).toEqual({
      months: 'range',
    });
    expect((await review(reviewer.client, 'in', { id, decision: 'reject' })).body.data.fields).toEqual({
      reason: 'required',
    });
    expect((await review(reviewer.client, 'in', { id, decision: 'maybe' })).body.errno).not.toBe(0);
    // Staff of another storefront's country do not find it.
    expect((await review(reviewer.client, 'de', { id, decision: 'approve' })).body.errno).toBe(
      Errno.BUSINESS_NOT_FOUND,
    );
    expect((await review(reviewer.client, 'in', { id, decision: 'approve' })).body.data.account).toMatchObject({
      status: 3,
      vat_exempt: false,
    });
  });

  it.each([
    ['in', { gstin: '27AAPFU0939F1ZV' }, [{ gstin: '27AAPFU0939F1Z' }, { gstin: '29AAPFU0939F1ZV' }, {}]],
    ['de', { vat: 'DE 123 456 789' }, [{ vat: 'DE12' }, { vat: 'DE-123-456-78' }, {}]],
    ['pe', { ruc: '20123456789' }, [{ ruc: '30123456789' }, { ruc: '201234567' }]],
    [
      'tr',
      { turkeyId: '10000000146', taxAdministration: 'Kadıköy' },
      [
        { turkeyId: '10000000147', taxAdministration: 'Kadıköy' },
        { turkeyId: '10000000146', taxAdministration: '' },
      ],
    ],
    ['id', { tin: '01.234.567.8-901.234' }, [{ tin: '12345' }]],
    ['ae-en', { registrationNumber: 'CN-1234567' }, [{ registrationNumber: 'A' }, { registrationNumber: '<b>x</b>' }]],
  ] as const)('tax identity of %s: good values pass, bad ones get 44001 with the field', async (local, good, bads) => {
    const s = await quickShopper(server);
    for (const bad of bads) {
      const r = await apply(s.client, local, businessApplication(local, [await docId(s.client, local)], { tax: bad }));
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect(r.body.errno).toBe(Errno.BUSINESS_INVALID);
      expect(Object.keys(r.body.data.fields).length).toBeGreaterThan(0);
      expect(r.body.errmsg).toBeTruthy();
    }
    const ok = await apply(s.client, local, businessApplication(local, [await docId(s.client, local)], { tax: good }));
    expect(ok.body.errno, JSON.stringify(ok.body)).toBe(0);
    expect(ok.body.data.status).toBe(1);
  });

  it('the GSTIN state code must match the company state', async () => {
    const s = await quickShopper(server);
    const r = await apply(
      s.client,
      'in',
      businessApplication('in', [await docId(s.client, 'in')], {
        address: { ...BUSINESS_COUNTRIES['in']!.address, state: 'Karnataka' },
      }),
    );
    expect(r.body).toMatchObject({ errno: Errno.BUSINESS_INVALID, data: { fields: { gstin: 'state' } } });
  });

  it('bad company data: each field reported, nothing written', async () => {
    const s = await quickShopper(server);
    const r = await apply(s.client, 'in', {
      companyName: ' ',
      address: { street: '', city: 'M', state: 'Maharashtra', postalCode: '4@0' },
      contact: { name: '', email: 'not-an-email', phone: 'call me' },
      tax: { gstin: '27AAPFU0939F1ZV' },
      documentIds: [],
    });
    expect(r.body.errno).toBe(Errno.BUSINESS_INVALID);
    expect(r.body.data.fields).toMatchObject({
      companyName: 'required',
      street: 'required',
      city: 'length',
      postalCode: 'format',
      contactName: 'required',
      email: 'format',
      phone: 'format',
      documentIds: 'required',
    });
    const schema = await s.client.call('/api/in/business/apply', { method: 'POST', json: { companyName: 5 } });
    expect(schema.body.errno).not.toBe(0);
    expect((await server.db.query(`SELECT 1 FROM enterprise_accounts WHERE user_id = $1`, [s.userId])).length).toBe(0);
  });

  it('documents: 1–5 of the user’s own checked uploads; attached ones escape pruning and reuse', async () => {
    const s = await quickShopper(server);
    expect((await upload(s.client, 'in', 'cert.png', EXE)).errno).toBe(Errno.UPLOAD_REFUSED);
    const six = await Promise.all(Array.from({ length: 6 }, () => docId(s.client, 'in')));
    expect((await apply(s.client, 'in', businessApplication('in', six))).body.data.fields).toEqual({
      documentIds: 'tooMany',
    });
    const stranger = await quickShopper(server);
    const theirs = await docId(stranger.client, 'in');
    expect((await apply(s.client, 'in', businessApplication('in', [theirs]))).body.errno).toBe(
      Errno.BUSINESS_DOCUMENTS,
    );
    expect((await server.db.query(`SELECT 1 FROM enterprise_accounts WHERE user_id = $1`, [s.userId])).length).toBe(0);
    const png = (await upload(s.client, 'in', 'cert.png', PNG)).data.upload.id as string;
    const made = await apply(s.client, 'in', businessApplication('in', [six[0]!, png]));
    expect(made.body.data.documents.map((d: { id: string }) => d.id).sort()).toEqual([six[0], png].sort());
    // The attached files are no longer "pending": they survive pruning, cannot be deleted or attached again.
    await server.db.query(`UPDATE uploads SET created_at = now() - interval '2 days' WHERE user_id = $1`, [s.userId]);
    await server.app.repos.aftersales.pruneUploads();
    const left = await server.db.query<{ id: string }>(`SELECT id::text AS id FROM uploads WHERE user_id = $1`, [
      s.userId,
    ]);
    expect(left.map((r) => r.id).sort()).toEqual([six[0], png].sort());
    expect(
      (await s.client.call('/api/in/aftersales/upload/delete', { method: 'POST', json: { id: png } })).status,
    ).toBe(404);
    // Staff read the documents; another shopper does not.
    const reviewer = await staffMember(server);
    expect((await reviewer.client.fetch(`/api/in/aftersales/upload/${png}`)).status).toBe(200);
    expect((await stranger.client.fetch(`/api/in/aftersales/upload/${png}`)).status).toBe(404);
  });

  it('parallel applications of one user in one country give exactly one live application', async () => {
    const s = await quickShopper(server);
    const docs = await Promise.all(Array.from({ length: 6 }, () => docId(s.client, 'in')));
    const answers = await Promise.all(docs.map((d) => apply(s.client, 'in', businessApplication('in', [d]))));
    expect(answers.filter((a) => a.body.errno === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.body.errno === Errno.BUSINESS_ALREADY_LIVE).length).toBe(5);
    const live = await server.db.query(`SELECT 1 FROM enterprise_accounts WHERE user_id = $1 AND status IN (1, 3)`, [
      s.userId,
    ]);
    expect(live).toHaveLength(1);
  });

  it("another user's application is never visible; staff routes refuse shoppers (403), visitors (20001)", async () => {
    const owner = await quickShopper(server);
    const id = (
      await apply(
        owner.client,
        'in',
        businessApplication('in', [await docId(owner.client, 'in')], { companyName: 'Secret Owner Co' }),
      )
    ).body.data.account.id;
    const other = await quickShopper(server);
    const theirs = (await other.client.call('/api/in/business/account')).body.data;
    expect(theirs).toMatchObject({ status: 2, account: null });
    expect(JSON.stringify(theirs)).not.toContain('Secret Owner Co');
    expect((await state(other.client, 'in')).company_status).toBe(2);
    for (const path of ['/api/in/staff/business/applications', `/api/in/staff/business/application?id=${id}`]) {
      const shopper = await other.client.call(path);
      expect(shopper.status).toBe(403);
      expect(shopper.body.errno).toBe(Errno.STAFF_ONLY);
      expect(JSON.stringify(shopper.body)).not.toContain('Secret Owner Co');
      expect((await new Client(server.base).call(path)).body.errno).toBe(Errno.NOT_LOGGED_IN);
    }
    const decide = await review(other.client, 'in', { id, decision: 'approve' });
    expect(decide.status).toBe(403);
    expect((await review(new Client(server.base), 'in', { id, decision: 'approve' })).body.errno).toBe(
      Errno.NOT_LOGGED_IN,
    );
    const reviewer = await staffMember(server);
    const pending = (await reviewer.client.call('/api/in/staff/business/applications')).body.data.applications;
    expect(pending.map((a: { id: string }) => a.id)).toContain(id);
    expect(pending.every((a: { status: number }) => a.status === 1)).toBe(true);
    const detail = (await reviewer.client.call(`/api/in/staff/business/application?id=${id}`)).body.data;
    expect(detail).toMatchObject({ account: { company_name: 'Secret Owner Co' }, account_email: owner.email });
    expect(detail.documents).toHaveLength(1);
    expect((await reviewer.client.call(`/api/de/staff/business/application?id=${id}`)).body.errno).toBe(
      Errno.BUSINESS_NOT_FOUND,
    );
    expect((await reviewer.client.call('/api/in/staff/business/application?id=abc')).body.errno).toBe(
      Errno.BUSINESS_NOT_FOUND,
    );
  });
});
