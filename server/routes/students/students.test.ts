import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, drivers, linkToken, mailbox, startServer, type TestServer } from '../../test-support/harness';
import { addToCart, quickShopper, saveAddress } from '../../test-support/shoppers';
import { staffMember } from '../../test-support/staff';
import { Errno } from '../../errors';
import { noticeStudentRenewals } from '../../students/renewals';
import { writeSeed } from '../../db/seed';
import { defaultContentDir, readSeedContent } from '../../db/seed-source';

/** Turkish offers (TRY): Redmi Note 14 6+128 at 8,999 TL, Redmi 14C at 6,399 TL, Redmi 15C 8+256 at 9,699 TL. */
const REDMI_NOTE_14 = '10029';
const REDMI_14C = '10037';
const REDMI_15C_8GB = '10035';
/** Redmi Pad 2 4+128 at 9,299 TL: 60 % would be 5,579.40 TL, past the 5,500 TL cap. */
const REDMI_PAD_2 = '10098';
const ISTANBUL = {
  recipient: 'Ayşe Yılmaz',
  phone: '5321234567',
  city: 'İstanbul',
  state: 'İstanbul',
  postalCode: '34430',
};
let houses = 0;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const DAY = 86_400_000;
/** A school address under Turkey's suffix (.edu.tr), new for each test. */
const schoolAddress = () => `s${randomBytes(5).toString('hex')}@ogr.itu.edu.tr`;

describe.each(drivers)('student programme (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(async () => server?.close());

  const status = async (c: Client, local = 'tr') => (await c.call(`/api/${local}/student/status`)).body;
  const startEmail = (c: Client, email: string, local = 'tr') =>
    c.call(`/api/${local}/student/email`, { method: 'POST', json: { email } });
  const linkOf = async (email: string) => {
    const mail = (await mailbox(server.base, email)).find((m) => m.kind === 'student-link');
    return mail && linkToken(mail.text);
  };
  const confirm = (token: string, local = 'tr') =>
    new Client(server.base).call(`/api/${local}/student/confirm`, { method: 'POST', json: { token } });
  const upload = async (c: Client, local = 'tr') =>
    (
      await (
        await c.fetch(`/api/${local}/aftersales/upload`, {
          method: 'POST',
          body: new Uint8Array(PDF),
          headers: {
            'content-type': 'application/octet-stream',
            'x-file-name': encodeURIComponent('ogrenci-belgesi.pdf'),
            accept: 'application/json',
          },
        })
      ).json()
    ).data.upload.id as string;
  const submitDocument = async (c: Client, local = 'tr', schoolName = 'İstanbul Teknik Üniversitesi') =>
    c.call(`/api/${local}/student/document`, {
      method: 'POST',
      json: { schoolName, documentIds: [await upload(c, local)] },
    });
  const review = (c: Client, body: Record<string, unknown>, local = 'tr') =>
    c.call(`/api/${local}/staff/students/review`, { method: 'POST', json: body });
  /** A shopper verified by school address in a country. */
  async function verifiedStudent(local = 'tr') {
    const s = await quickShopper(server);
    const email = schoolAddress();
    expect((await startEmail(s.client, email, local)).body.errno).toBe(0);
    expect((await confirm((await linkOf(email))!, local)).body.errno).toBe(0);
    return { ...s, school: email };
  }

  describe('verification by school address', () => {
    it("a new shopper reads none, Turkey's suffix as the hint, and the offer locked with Turkey's caps", async () => {
      const s = await quickShopper(server);
      const body = await status(s.client);
      expect(body.errno).toBe(0);
      expect(body.data).toMatchObject({
        status: 'none',
        verification: null,
        request: null,
        can_start: true,
        email_available: true,
        email_suffixes: ['.edu.tr'],
        validity_months: 12,
        renewal_days: 30,
        offer: { state: 'locked', percent: 60, cap: 550_000, max_unit_price: 950_000, currency: 'TRY', exponent: 2 },
      });
      expect(['spring', 'autumn']).toContain(body.data.offer.semester);
      // Germany lists school domains, no suffix; its offer is the default: 10 % up to EUR 50, any price.
      const de = (await status(s.client, 'de')).data;
      expect(de).toMatchObject({ email_available: true, email_suffixes: [], offer: { percent: 10, cap: 5000 } });
      expect(de.offer.max_unit_price).toBeNull();
      expect((await new Client(server.base).call('/api/tr/student/status')).body.errno).toBe(Errno.NOT_LOGGED_IN);
    });

    it('refuses a malformed address (48000) and a domain off the list (48001) without mailing', async () => {
      const s = await quickShopper(server);
      expect((await startEmail(s.client, 'not-an-address')).body.errno).toBe(Errno.STUDENT_INVALID);
      const gmail = await startEmail(s.client, 'ayse@gmail.com');
      expect(gmail.body.errno).toBe(Errno.STUDENT_DOMAIN_NOT_LISTED);
      expect(gmail.body.errmsg).toMatch(/belge|kart/i);
      // A look-alike that only contains the suffix is not a school domain.
      expect((await startEmail(s.client, 'ayse@edu.tr.example.com')).body.errno).toBe(Errno.STUDENT_DOMAIN_NOT_LISTED);
      // Another country's list does not count: .ac.uk is the United Kingdom's.
      expect((await startEmail(s.client, 'ayse@ox.ac.uk')).body.errno).toBe(Errno.STUDENT_DOMAIN_NOT_LISTED);
      expect(await mailbox(server.base, 'ayse@gmail.com')).toEqual([]);
      expect((await status(s.client)).data.status).toBe('none');
    });

    it('mails a one-time link; its page names the address; confirming verifies for 12 months', async () => {
      const s = await quickShopper(server);
      const email = schoolAddress();
      const started = await startEmail(s.client, email.toUpperCase());
      expect(started.body.errno).toBe(0);
      expect(started.body.data).toMatchObject({
        status: 'awaiting_link',
        request: { status: 'awaiting_link', method: 'email', school_email: email, local: 'tr' },
        can_start: false,
      });
      expect(started.body.data.request.link_expires_at - Date.now()).toBeGreaterThan(23 * 3600_000);
      const token = (await linkOf(email))!;
      expect(token).toBeTruthy();
      const page = await new Client(server.base).fetch(`/api/tr/student/confirm?token=${token}`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain(email);
      expect(html).toContain('lang="tr-TR"');
      // Opening the page (a mail scanner) verifies nothing.
      expect((await status(s.client)).data.status).toBe('awaiting_link');
      const confirmed = await confirm(token);
      expect(confirmed.body).toMatchObject({ errno: 0, data: { status: 'verified' } });
      const validUntil = confirmed.body.data.valid_until as number;
      expect(validUntil - Date.now()).toBeGreaterThan(360 * DAY);
      expect(validUntil - Date.now()).toBeLessThan(367 * DAY);
      const after = (await status(s.client)).data;
      expect(after).toMatchObject({
        status: 'verified',
        verification: { status: 'verified', valid_until: validUntil, school_email: email },
        request: null,
        can_start: false,
        offer: { state: 'available' },
      });
      expect(after.renew_from).toBe(validUntil - 30 * DAY);
      // The link works once; a form post of it answers the page of a dead link.
      expect((await confirm(token)).body.errno).toBe(Errno.STUDENT_LINK_INVALID);
      const again = await new Client(server.base).fetch('/api/tr/student/confirm', {
        method: 'POST',
        form: { token },
      });
      expect(again.status).toBe(410);
      const messages = (await s.client.call('/api/tr/message/list')).body.data;
      expect(JSON.stringify(messages)).toContain('/tr/user/student/');
    });

    it('a newer link retires the older one; a link past its 24 hours is dead', async () => {
      const s = await quickShopper(server);
      const first = schoolAddress();
      await startEmail(s.client, first);
      const firstToken = (await linkOf(first))!;
      const second = schoolAddress();
      expect((await startEmail(s.client, second)).body.errno).toBe(0);
      expect((await confirm(firstToken)).body.errno).toBe(Errno.STUDENT_LINK_INVALID);
      await server.db.query(
        `UPDATE student_verifications SET token_expires_at = now() - interval '1 second' WHERE school_email = $1`,
        [second],
      );
      expect((await confirm((await linkOf(second))!)).body.errno).toBe(Errno.STUDENT_LINK_INVALID);
      expect((await confirm('x'.repeat(43))).body.errno).toBe(Errno.STUDENT_LINK_INVALID);
      expect((await status(s.client)).data.status).toBe('none');
    });

    it('one school address verifies one account: refused at once after, and in a race only one wins', async () => {
      const a = await verifiedStudent();
      const b = await quickShopper(server);
      const taken = await startEmail(b.client, a.school);
      expect(taken.body.errno).toBe(Errno.STUDENT_ADDRESS_TAKEN);
      // Two accounts ask for the same new address before either confirms, then both links are opened together.
      const email = schoolAddress();
      const [c, d] = [await quickShopper(server), await quickShopper(server)];
      expect((await startEmail(c.client, email)).body.errno).toBe(0);
      expect((await startEmail(d.client, email)).body.errno).toBe(0);
      const tokens = (await mailbox(server.base, email)).map((m) => linkToken(m.text)!);
      expect(tokens).toHaveLength(2);
      const results = await Promise.all(tokens.map((t) => confirm(t)));
      expect(results.map((r) => r.body.errno).sort()).toEqual([0, Errno.STUDENT_ADDRESS_TAKEN]);
      const verified = await server.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM student_verifications WHERE school_email = $1 AND state = 'verified'`,
        [email],
      );
      expect(verified[0]!.n).toBe(1);
    });

    it('at most 3 links an hour to one school address (48012), nothing written for the refused one', async () => {
      const s = await quickShopper(server);
      const email = schoolAddress();
      for (let i = 0; i < 3; i++) expect((await startEmail(s.client, email)).body.errno).toBe(0);
      const refused = await startEmail(s.client, email);
      expect(refused.body.errno).toBe(Errno.STUDENT_MAIL_CAP);
      expect((await mailbox(server.base, email)).filter((m) => m.kind === 'student-link')).toHaveLength(3);
      // The third link still works: the refused request did not retire it.
      const newest = (await mailbox(server.base, email))[0]!;
      expect((await confirm(linkToken(newest.text)!)).body.errno).toBe(0);
    });
  });

  describe('validity and renewal', () => {
    it('a verified status is not verified again before its last 30 days (48003 with renew_from)', async () => {
      const s = await verifiedStudent();
      const r = await startEmail(s.client, s.school);
      expect(r.body.errno).toBe(Errno.STUDENT_ALREADY_VERIFIED);
      const renewFrom = r.body.data.renew_from as number;
      expect(renewFrom).toBe((await status(s.client)).data.renew_from);
      expect((await submitDocument(s.client)).body.errno).toBe(Errno.STUDENT_ALREADY_VERIFIED);
    });

    it('a renewal in the last 30 days adds 12 months to the old end, one verified status in any race', async () => {
      const s = await verifiedStudent();
      const end = new Date(Date.now() + 10 * DAY);
      await server.db.query(`UPDATE student_verifications SET valid_until = $2 WHERE user_id = $1`, [s.userId, end]);
      expect((await status(s.client)).data.can_start).toBe(true);
      expect((await startEmail(s.client, s.school)).body.errno).toBe(0);
      // While the renewal link waits, the status stays verified.
      expect((await status(s.client)).data).toMatchObject({ status: 'verified', request: { status: 'awaiting_link' } });
      const token = (await mailbox(server.base, s.school)).map((m) => linkToken(m.text)!)[0]!;
      const results = await Promise.all([confirm(token), confirm(token), confirm(token)]);
      expect(results.map((r) => r.body.errno).sort()).toEqual([
        0,
        Errno.STUDENT_LINK_INVALID,
        Errno.STUDENT_LINK_INVALID,
      ]);
      const renewed = (await status(s.client)).data.verification.valid_until as number;
      const months12 = new Date(end);
      months12.setUTCMonth(months12.getUTCMonth() + 12);
      expect(Math.abs(renewed - months12.getTime())).toBeLessThan(DAY + 1000);
      const rows = await server.db.query<{ state: string }>(
        `SELECT state FROM student_verifications WHERE user_id = $1 ORDER BY id`,
        [s.userId],
      );
      expect(rows.map((r) => r.state)).toEqual(['superseded', 'verified']);
    });

    it('an expired status reads expired, locks the offer and may be renewed from now', async () => {
      const s = await verifiedStudent();
      await server.db.query(
        `UPDATE student_verifications SET valid_until = now() - interval '1 day' WHERE user_id = $1`,
        [s.userId],
      );
      const expired = (await status(s.client)).data;
      expect(expired).toMatchObject({ status: 'expired', can_start: true, offer: { state: 'locked' } });
      expect((await s.client.call('/api/tr/student/coupon/claim', { method: 'POST', json: {} })).body.errno).toBe(
        Errno.STUDENT_NOT_VERIFIED,
      );
      expect((await submitDocument(s.client)).body.data).toMatchObject({
        status: 'in_review',
        verification: { status: 'expired' },
        request: { status: 'in_review' },
      });
    });

    it('tells each holder once when the renewal window opens (message and mail)', async () => {
      const s = await verifiedStudent();
      await server.db.query(
        `UPDATE student_verifications SET valid_until = now() + interval '20 days', renewal_noticed_at = NULL
         WHERE user_id = $1`,
        [s.userId],
      );
      expect(await noticeStudentRenewals(server.db, server.app.mail)).toBeGreaterThanOrEqual(1);
      expect(await noticeStudentRenewals(server.db, server.app.mail)).toBe(0);
      const mails = (await mailbox(server.base, s.email)).filter((m) => m.kind === 'student-renewal');
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain('/tr/user/student/');
    });
  });

  describe('verification by document and staff review', () => {
    it('in review → staff approve → verified; the shopper is told by message and mail', async () => {
      const s = await quickShopper(server);
      const sent = await submitDocument(s.client);
      expect(sent.body.errno).toBe(0);
      expect(sent.body.data).toMatchObject({
        status: 'in_review',
        request: { school_name: 'İstanbul Teknik Üniversitesi' },
      });
      expect(sent.body.data.documents).toHaveLength(1);
      // One open request: a second document, or a link, waits for the decision.
      expect((await submitDocument(s.client)).body.errno).toBe(Errno.STUDENT_REQUEST_OPEN);
      expect((await startEmail(s.client, schoolAddress())).body.errno).toBe(Errno.STUDENT_REQUEST_OPEN);
      // The document cannot be removed or reused while attached.
      const docId = sent.body.data.documents[0].id as string;
      const removed = await s.client.call('/api/tr/aftersales/upload/delete', { method: 'POST', json: { id: docId } });
      expect(removed.body.errno).toBe(Errno.NOT_FOUND);
      // Nor does the sweep of unattached uploads take it after a day.
      await server.db.query(`UPDATE uploads SET created_at = now() - interval '2 days' WHERE id = $1`, [docId]);
      await server.app.repos.aftersales.pruneUploads();
      expect(await server.db.query(`SELECT id FROM uploads WHERE id = $1`, [docId])).toHaveLength(1);

      const staff = await staffMember(server);
      const list = (await staff.client.call('/api/tr/staff/students')).body.data.verifications;
      const item = list.find((v: { account_email: string }) => v.account_email === s.email);
      expect(item).toMatchObject({ status: 'in_review', method: 'document' });
      const detail = (await staff.client.call(`/api/tr/staff/students/detail?id=${item.id}`)).body.data;
      expect(detail.documents[0].id).toBe(docId);
      const file = await staff.client.fetch(`/api/tr/aftersales/upload/${docId}`);
      expect(file.status).toBe(200);
      // Another country's staff view does not list or decide it.
      expect((await review(staff.client, { id: item.id, decision: 'approve' }, 'de')).body.errno).toBe(
        Errno.STUDENT_NOT_FOUND,
      );
      const approved = await review(staff.client, { id: item.id, decision: 'approve', months: 6 });
      expect(approved.body.errno).toBe(0);
      expect(approved.body.data.verification.status).toBe('verified');
      const validUntil = approved.body.data.verification.valid_until as number;
      expect(validUntil - Date.now()).toBeGreaterThan(178 * DAY);
      expect(validUntil - Date.now()).toBeLessThan(186 * DAY);
      expect((await status(s.client)).data).toMatchObject({ status: 'verified', offer: { state: 'available' } });
      const kinds = (await mailbox(server.base, s.email)).map((m) => m.kind);
      expect(kinds).toEqual(expect.arrayContaining(['student-received', 'student-approved']));
      const inbox = JSON.stringify((await s.client.call('/api/tr/message/list')).body.data);
      expect(inbox).toContain('/tr/user/student/');
      expect((await review(staff.client, { id: item.id, decision: 'approve' })).body.errno).toBe(Errno.STUDENT_STATE);
    });

    it('rejected with a reason the shopper reads; a short reason is refused; the shopper may try again', async () => {
      const s = await quickShopper(server);
      const id = (await submitDocument(s.client)).body.data.request.id as string;
      const staff = await staffMember(server);
      expect((await review(staff.client, { id, decision: 'reject', reason: 'no' })).body.errno).toBe(
        Errno.STUDENT_INVALID,
      );
      const reason = 'The card is not readable.';
      expect((await review(staff.client, { id, decision: 'reject', reason })).body.errno).toBe(0);
      const after = (await status(s.client)).data;
      expect(after).toMatchObject({ status: 'rejected', can_start: true, request: { reject_reason: reason } });
      const rejected = (await mailbox(server.base, s.email)).find((m) => m.kind === 'student-rejected');
      expect(rejected?.text).toContain(reason);
      expect((await submitDocument(s.client)).body.data.status).toBe('in_review');
    });

    it('approve and reject at once: one decision wins, the other reads "decided" (48010)', async () => {
      const s = await quickShopper(server);
      const id = (await submitDocument(s.client)).body.data.request.id as string;
      const [x, y] = [await staffMember(server), await staffMember(server)];
      const results = await Promise.all([
        review(x.client, { id, decision: 'approve' }),
        review(y.client, { id, decision: 'reject', reason: 'Not a student card.' }),
      ]);
      expect(results.map((r) => r.body.errno).sort()).toContain(Errno.STUDENT_STATE);
      expect(results.filter((r) => r.body.errno === 0)).toHaveLength(1);
      const decided = (await mailbox(server.base, s.email)).filter((m) => /student-(approved|rejected)/.test(m.kind));
      expect(decided).toHaveLength(1);
    });

    it('parallel submissions of one account leave one request in review; refuses bad input', async () => {
      const s = await quickShopper(server);
      const ids = await Promise.all([upload(s.client), upload(s.client), upload(s.client), upload(s.client)]);
      const results = await Promise.all(
        ids.map((id) =>
          s.client.call('/api/tr/student/document', {
            method: 'POST',
            json: { schoolName: 'ODTÜ', documentIds: [id] },
          }),
        ),
      );
      expect(results.filter((r) => r.body.errno === 0)).toHaveLength(1);
      expect(results.filter((r) => r.body.errno === Errno.STUDENT_REQUEST_OPEN)).toHaveLength(3);
      const t = await quickShopper(server);
      const bad = (json: Record<string, unknown>) =>
        t.client.call('/api/tr/student/document', { method: 'POST', json });
      expect((await bad({ schoolName: 'X', documentIds: [await upload(t.client)] })).body.errno).toBe(
        Errno.STUDENT_INVALID,
      );
      expect((await bad({ schoolName: 'Boğaziçi', documentIds: [] })).body.errno).toBe(Errno.STUDENT_DOCUMENTS);
      // Another account's upload is not the shopper's to attach.
      expect((await bad({ schoolName: 'Boğaziçi', documentIds: [ids[1]] })).body.errno).toBe(Errno.STUDENT_DOCUMENTS);
      expect((await bad({ schoolName: 'Boğaziçi', documentIds: ['../../etc'] })).body.errno).toBe(
        Errno.STUDENT_DOCUMENTS,
      );
      expect((await status(t.client)).data.status).toBe('none');
    });

    it('shoppers cannot reach the staff calls', async () => {
      const s = await quickShopper(server);
      expect((await s.client.call('/api/tr/staff/students')).body.errno).not.toBe(0);
      expect((await review(s.client, { id: '1', decision: 'approve' })).body.errno).not.toBe(0);
    });
  });

  describe("the semester's student coupon", () => {
    const claim = (c: Client, local = 'tr') =>
      c.call(`/api/${local}/student/coupon/claim`, { method: 'POST', json: {} });

    it('is refused to a shopper without a status, and in another country than the status', async () => {
      const s = await quickShopper(server);
      expect((await claim(s.client)).body.errno).toBe(Errno.STUDENT_NOT_VERIFIED);
      const student = await verifiedStudent();
      expect((await claim(student.client, 'de')).body.errno).toBe(Errno.STUDENT_NOT_VERIFIED);
    });

    it('20 parallel claims give one coupon; it is held, never listed to others, never claimed by code', async () => {
      const s = await verifiedStudent();
      const results = await Promise.all(Array.from({ length: 20 }, () => claim(s.client)));
      expect(results.filter((r) => r.body.errno === 0)).toHaveLength(1);
      expect(results.filter((r) => r.body.errno === Errno.STUDENT_COUPON_TAKEN)).toHaveLength(19);
      const offer = results.find((r) => r.body.errno === 0)!.body.data.offer;
      expect(offer).toMatchObject({ state: 'claimed', percent: 60 });
      const held = await server.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM user_coupons uc JOIN coupons c ON c.id = uc.coupon_id
         WHERE uc.user_id = $1 AND c.claim_gate = 'student'`,
        [s.userId],
      );
      expect(held[0]!.n).toBe(1);
      const mine = (await s.client.call('/api/tr/coupon/mine')).body.data.coupons;
      const coupon = mine.find((c: { coupon_id: string }) => c.coupon_id === offer.coupon_id);
      expect(coupon).toMatchObject({ state: 'claimed', single_unit: true, max_unit_price: 950_000, cap: 550_000 });
      expect(coupon.title).toMatch(/Öğrenci/);
      const other = await quickShopper(server);
      const claimable = (await other.client.call('/api/tr/coupon/claimable')).body.data.coupons;
      expect(claimable.map((c: { coupon_id: string }) => c.coupon_id)).not.toContain(offer.coupon_id);
      const byCode = await other.client.call('/api/tr/coupon/claim', { method: 'POST', json: { code: coupon.code } });
      expect(byCode.body.errno).toBe(Errno.COUPON_UNKNOWN);
      const byId = await other.client.call('/api/tr/coupon/claim', {
        method: 'POST',
        json: { couponId: offer.coupon_id },
      });
      expect(byId.body.errno).toBe(Errno.COUPON_UNKNOWN);
      expect((await status(s.client)).data.offer).toMatchObject({
        state: 'claimed',
        user_coupon_id: offer.user_coupon_id,
      });
    });

    it("lists under /use-now only the phones and tablets with a version within the coupon's price limit", async () => {
      const s = await verifiedStudent();
      const offer = (await claim(s.client)).body.data.offer;
      const use = (await s.client.call(`/api/tr/coupon/products?couponId=${offer.coupon_id}`)).body;
      expect(use.errno).toBe(0);
      const within = await server.db.query<{ id: string }>(
        `SELECT DISTINCT p.id FROM products p JOIN commodities c ON c.product_id = p.id
         JOIN offers o ON o.commodity_id = c.commodity_id AND o.local = 'tr'
         WHERE o.on_sale AND o.stock > 0 AND p.category IN ('phones', 'tablets') AND o.sale_price <= 9500`,
      );
      const listed = use.data.products.map((p: { product_id: string }) => p.product_id).sort();
      expect(listed.length).toBeGreaterThan(0);
      expect(listed).toEqual(
        within
          .map((r) => r.id)
          .sort()
          .slice(0, 60),
      );
      const above = await server.db.query<{ id: string }>(
        `SELECT p.id FROM products p JOIN commodities c ON c.product_id = p.id
         JOIN offers o ON o.commodity_id = c.commodity_id AND o.local = 'tr'
         WHERE o.on_sale AND o.stock > 0 AND p.category = 'phones' GROUP BY p.id HAVING min(o.sale_price) > 9500`,
      );
      expect(above.length).toBeGreaterThan(0);
      for (const r of above) expect(listed).not.toContain(r.id);
    });

    /** A verified Turkish student holding this semester's coupon, with a cart of the given commodities. */
    async function studentAtCheckout(commodities: string[]) {
      const s = await verifiedStudent();
      const offer = (await claim(s.client)).body.data.offer;
      const addressId = await saveAddress(s.client, 'tr', { ...ISTANBUL, street: `${++houses} İstiklal Cd.` });
      for (const id of commodities) await addToCart(s.client, id, 1, 'tr');
      const quote = async () =>
        (
          await s.client.call('/api/tr/checkout/quote', {
            method: 'POST',
            json: { userCouponId: offer.user_coupon_id },
          })
        ).body;
      const place = () =>
        s.client.call('/api/tr/order/place', {
          method: 'POST',
          json: { addressId, userCouponId: offer.user_coupon_id, agreePrivacy: true },
        });
      return { ...s, offer, quote, place };
    }

    it('takes 60 % off one phone priced at most 9,500 TL: Redmi Note 14 at 8,999 TL pays 3,599.60 TL', async () => {
      const s = await studentAtCheckout([REDMI_NOTE_14]);
      const q = await s.quote();
      expect(q.errno).toBe(0);
      expect(q.data.coupon).toMatchObject({ discount: 539_940, refused: null, max_unit_price: 950_000 });
      expect(q.data.amounts).toMatchObject({
        items_total: 899_900,
        discount: 539_940,
        shipping_fee: 0,
        total: 359_960,
      });
      expect(q.data.blockers).toEqual([]);
      const placed = await s.place();
      expect(placed.body.errno).toBe(0);
      const [order] = await server.db.query<{ discount: number; coupon_id: string }>(
        `SELECT discount::float8 AS discount, coupon_id FROM orders WHERE id = $1`,
        [placed.body.data.order_id],
      );
      expect(order).toMatchObject({ discount: 539_940, coupon_id: s.offer.coupon_id });
      expect((await status(s.client)).data.offer.state).toBe('used');
    });

    it('refuses a phone above 9,500 TL with the rule (price_cap), at the quote and at placing', async () => {
      const s = await studentAtCheckout([REDMI_15C_8GB]);
      const q = await s.quote();
      expect(q.data.coupon).toMatchObject({ discount: 0, refused: 'price_cap' });
      expect(q.data.blockers).toContain('coupon');
      const placed = await s.place();
      expect(placed.body.errno).toBe(Errno.COUPON_NOT_APPLICABLE);
      expect(placed.body.data).toMatchObject({ reason: 'price_cap', max_unit_price: 950_000 });
      expect(placed.body.errmsg).toContain('9.500');
      // The coupon is still the shopper's.
      expect((await status(s.client)).data.offer.state).toBe('claimed');
    });

    it('stops at 5,500 TL (a tablet at 9,299 TL) and takes off one device only (two phones)', async () => {
      const tablet = await studentAtCheckout([REDMI_PAD_2]);
      expect((await tablet.quote()).data.coupon).toMatchObject({ discount: 550_000, refused: null });
      const two = await studentAtCheckout([REDMI_NOTE_14, REDMI_14C]);
      // The dearer device that counts: 60 % of 8,999 TL; the 6,399 TL phone pays full price.
      expect((await two.quote()).data.coupon).toMatchObject({ discount: 539_940 });
      // A device above the limit beside one within it: the one within takes the discount.
      const mixed = await studentAtCheckout([REDMI_15C_8GB, REDMI_14C]);
      expect((await mixed.quote()).data.coupon).toMatchObject({ discount: 383_940, refused: null });
    });

    it("keeps a programme's campaign open when the CMS's coupons are written again", async () => {
      const s = await verifiedStudent();
      const offer = (await claim(s.client)).body.data.offer;
      // The seed as it runs at API start when the snapshots changed: campaigns gone from the CMS end at once.
      await server.db.transaction((tx) =>
        writeSeed(
          tx,
          readSeedContent(defaultContentDir, () => {}),
        ),
      );
      const [row] = await server.db.query<{ live: boolean }>(
        `SELECT ends_at > now() AS live FROM coupons WHERE id = $1`,
        [offer.coupon_id],
      );
      expect(row!.live).toBe(true);
    });
  });
});
