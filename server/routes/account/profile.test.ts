import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, drivers, startServer, type TestServer } from '../../test-support/harness';
import { Errno } from '../../errors';

const json = (body: unknown) => ({ method: 'POST', json: body });

/** A PNG whose header claims `width` × `height` pixels (a decompression bomb's header on a tiny file). */
async function bombPng(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
      .png()
      .toBuffer(),
  );
  // IHDR: length(4) type(4) width(4) height(4) ... then its CRC over type and data (17 bytes).
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

async function upload(c: Client, bytes: Buffer, name: string, type = 'image/png') {
  return c.call('/api/id/user/avatar', {
    method: 'POST',
    body: new Uint8Array(bytes),
    headers: { 'content-type': type, 'x-file-name': encodeURIComponent(name) },
  });
}

describe.each(drivers)('profile: nickname, phone, birthday, avatar (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(async () => server?.close());

  it('shows the profile and refuses visitors', async () => {
    const visitor = await new Client(server.base).call('/api/id/user/profile');
    expect(visitor.body.errno).toBe(Errno.NOT_LOGGED_IN);
    const c = new Client(server.base);
    const { email } = await c.register('id');
    const r = await c.call('/api/id/user/profile');
    expect(r.body.errno).toBe(0);
    expect(r.body.data).toMatchObject({ email, nickname: 'Tester', icon: null, phone: null, birthday: null });
    expect(r.body.data.phone_code).toBe('+62');
    expect(r.body.data.birthday_next_change).toBeNull();
  });

  it('takes a nickname of letters and digits with single separators between them, and nothing else', async () => {
    const c = new Client(server.base);
    await c.register('id');
    for (const good of ['Budi', 'Ayu Lestari', "O'Brien", 'Zoë_2', '李小龙', 'محمد']) {
      const r = await c.call('/api/id/user/profile', json({ nickname: ` ${good} ` }));
      expect(r.body.errno, good).toBe(0);
      expect(r.body.data.nickname).toBe(good);
    }
    const bad = [
      '',
      '   ',
      'x'.repeat(51),
      '<script>',
      'a\u0000b',
      'line\nbreak',
      'dots..dots',
      '-dash',
      'emoji😀',
      'a\u202Eb',
    ];
    for (const nickname of bad) {
      const r = await c.call('/api/id/user/profile', json({ nickname }));
      expect(r.body.errno, JSON.stringify(nickname)).toBe(Errno.PROFILE_INVALID);
      expect(r.body.data.fields).toEqual({ nickname: 'account.profile.error.nickname' });
      expect(r.body.errmsg).toContain('50');
    }
    expect((await c.call('/api/id/user/profile')).body.data.nickname).toBe('محمد');
    const tooLong = await c.call('/api/id/user/profile', json({ nickname: 'x'.repeat(5000) }));
    expect(tooLong.status).toBe(400);
  });

  it("checks the phone against the storefront country's rule and keeps the country", async () => {
    const c = new Client(server.base);
    await c.register('id');
    const ok = await c.call('/api/id/user/profile', json({ phone: '0812 3456 7890' }));
    expect(ok.body.errno).toBe(0);
    expect(ok.body.data.phone).toBe('+6281234567890');
    for (const phone of ['12345678901234567', 'call me', '0812<3456>', `+62 812 ${'9'.repeat(40)}`]) {
      const r = await c.call('/api/id/user/profile', json({ phone }));
      expect(r.body.errno, phone).toBe(Errno.PROFILE_INVALID);
      expect(r.body.data.fields).toEqual({ phone: 'account.profile.error.phone' });
    }
    // The same number is too long for the United Arab Emirates' format.
    const ae = await c.call('/api/ae-en/user/profile', json({ phone: '0812 3456 7890' }));
    expect(ae.body.errno).toBe(Errno.PROFILE_INVALID);
    const de = await c.call('/api/de/user/profile', json({ phone: '030 12345678' }));
    expect(de.body.errno).toBe(0);
    const rows = await server.db.query<{ phone: string; phone_local: string }>(
      `SELECT phone, phone_local FROM users WHERE phone = '+493012345678'`,
    );
    expect(rows[0]?.phone_local).toBe('de');
    const cleared = await c.call('/api/id/user/profile', json({ phone: '' }));
    expect(cleared.body.data.phone).toBeNull();
  });

  it('changes the birthday once a year and keeps the date of the last change', async () => {
    const c = new Client(server.base);
    const { userId } = await c.register('id');
    for (const birthday of ['1990-02-30', '31-12-1990', '2999-01-01', '1899-12-31', '1990-1-1', "1990-01-01' OR 1=1"]) {
      const r = await c.call('/api/id/user/profile/birthday', json({ birthday }));
      expect(r.body.errno, birthday).toBe(Errno.PROFILE_INVALID);
      expect(r.body.data.fields).toEqual({ birthday: 'account.profile.error.birthday' });
    }
    const first = await c.call('/api/id/user/profile/birthday', json({ birthday: '1990-05-17' }));
    expect(first.body.errno).toBe(0);
    expect(first.body.data.birthday).toBe('1990-05-17');
    const next = new Date(first.body.data.birthday_next_change);
    expect(next.getTime() - Date.now()).toBeGreaterThan(364 * 86400_000);
    // The same date again is no change.
    expect((await c.call('/api/id/user/profile/birthday', json({ birthday: '1990-05-17' }))).body.errno).toBe(0);
    const again = await c.call('/api/id/user/profile/birthday', json({ birthday: '1991-05-17' }));
    expect(again.body.errno).toBe(Errno.BIRTHDAY_LOCKED);
    expect(again.body.data.next_change).toBe(next.toISOString());
    expect(again.body.errmsg).toMatch(/\d/);
    // A year later it may change again.
    await server.db.query(
      `UPDATE users SET birthday_changed_at = birthday_changed_at - interval '12 months' WHERE id = $1`,
      [userId],
    );
    const later = await c.call('/api/id/user/profile/birthday', json({ birthday: '1991-05-17' }));
    expect(later.body.errno).toBe(0);
    expect(later.body.data.birthday).toBe('1991-05-17');
  });

  it('lets one of 20 parallel birthday changes through', async () => {
    const c = new Client(server.base);
    const { userId } = await c.register('id');
    const dates = Array.from({ length: 20 }, (_, i) => `1980-01-${String(i + 1).padStart(2, '0')}`);
    const answers = await Promise.all(
      dates.map((birthday) => c.call('/api/id/user/profile/birthday', json({ birthday }))),
    );
    const passed = answers.filter((a) => a.body.errno === 0);
    expect(passed).toHaveLength(1);
    expect(answers.filter((a) => a.body.errno === Errno.BIRTHDAY_LOCKED)).toHaveLength(19);
    const rows = await server.db.query<{ birthday: string }>(
      `SELECT to_char(birthday, 'YYYY-MM-DD') AS birthday FROM users WHERE id = $1`,
      [userId],
    );
    expect(rows[0]?.birthday).toBe(passed[0]!.body.data.birthday);
  });

  it('stores the avatar in the three sizes pages use and removes the old files', async () => {
    const c = new Client(server.base);
    const { userId } = await c.register('id');
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3a7' } })
      .jpeg()
      .toBuffer();
    const first = await upload(c, photo, 'me.jpg', 'image/jpeg');
    expect(first.body.errno).toBe(0);
    const icon: string = first.body.data.icon;
    expect(icon).toMatch(/^\/api\/id\/user\/avatar\/[A-Za-z0-9_-]{22}\/192$/);
    for (const size of [48, 96, 192]) {
      const res = await c.fetch(icon.replace(/192$/, String(size)));
      expect(res.headers.get('content-type')).toBe('image/webp');
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', size, size]);
    }
    const profile = await c.call('/api/id/app/userprofile');
    expect(profile.body.data.profile.icon).toBe(icon);

    const png = await sharp({ create: { width: 200, height: 300, channels: 4, background: '#f00a' } })
      .png()
      .toBuffer();
    const second = await upload(c, png, 'new.PNG');
    expect(second.body.errno).toBe(0);
    expect(second.body.data.icon).not.toBe(icon);
    expect((await c.fetch(icon)).status).toBe(404);
    const rows = await server.db.query(`SELECT size FROM user_avatars WHERE user_id = $1`, [userId]);
    expect(rows).toHaveLength(3);

    const removed = await c.call('/api/id/user/avatar/delete', { method: 'POST' });
    expect(removed.body.data.icon).toBeNull();
    expect(await server.db.query(`SELECT 1 FROM user_avatars WHERE user_id = $1`, [userId])).toHaveLength(0);
  });

  it('refuses what the upload rules refuse, files that do not decode and decompression bombs', async () => {
    const c = new Client(server.base);
    const { userId } = await c.register('id');
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const cases: [Buffer, string, string, string][] = [
      [Buffer.from('MZ\x90\x00 not an image'), 'me.png', 'image/png', 'content'],
      [png, 'me.gif', 'image/png', 'type'],
      [png, 'me.jpg', 'image/jpeg', 'content'],
      [Buffer.from('%PDF-1.4 hello'), 'me.pdf', 'application/pdf', 'type'],
      [Buffer.concat([png.subarray(0, 40), Buffer.alloc(20)]), 'cut.png', 'image/png', 'content'],
      [await bombPng(30_000, 30_000), 'bomb.png', 'image/png', 'content'],
    ];
    for (const [bytes, name, type, reason] of cases) {
      const r = await upload(c, bytes, name, type);
      expect(r.body.errno, name).toBe(type === 'application/pdf' ? Errno.UNSUPPORTED_MEDIA_TYPE : Errno.AVATAR_REFUSED);
      if (r.body.errno === Errno.AVATAR_REFUSED) expect(r.body.data.reason, name).toBe(reason);
    }
    const visitor = await upload(new Client(server.base), png, 'me.png');
    expect(visitor.body.errno).toBe(Errno.NOT_LOGGED_IN);
    expect(await server.db.query(`SELECT 1 FROM user_avatars WHERE user_id = $1`, [userId])).toHaveLength(0);
  });

  it('keeps one avatar when uploads race', async () => {
    const c = new Client(server.base);
    const { userId } = await c.register('id');
    const files = await Promise.all(
      ['#100', '#200', '#300', '#400', '#500'].map((background) =>
        sharp({ create: { width: 64, height: 64, channels: 3, background } })
          .png()
          .toBuffer(),
      ),
    );
    const answers = await Promise.all(files.map((f, i) => upload(c, f, `a${i}.png`)));
    expect(answers.map((a) => a.body.errno)).toEqual([0, 0, 0, 0, 0]);
    const rows = await server.db.query<{ key: string }>(`SELECT DISTINCT key FROM user_avatars WHERE user_id = $1`, [
      userId,
    ]);
    expect(rows).toHaveLength(1);
    const icon = (await c.call('/api/id/user/profile')).body.data.icon as string;
    expect(icon).toContain(rows[0]!.key);
  });
});
