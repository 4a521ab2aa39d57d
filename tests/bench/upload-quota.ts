/**
 * How much one account and one client address can store as uploads (`POST aftersales/upload`, 9.5 MB pdfs):
 *  - one account attaching 5 files to a business application in each storefront in turn (each upload from another
 *    address, so only the account's limits apply), until a file is refused or BENCH_STOREFRONTS are done;
 *  - fresh accounts uploading 2 files each from one address until one is refused (or 40 accounts).
 * Prints the files and bytes stored and pg_total_relation_size('uploads'), on Postgres (DATABASE_URL or
 * TEST_DATABASE_URL; PGlite with BENCH_PGLITE=1, slow for files this size).
 *   TEST_DATABASE_URL=postgres://… npx tsx tests/bench/upload-quota.ts
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '../../server/db/types';
import { usersRepository } from '../../server/repositories/users';
import { COMPANY_STATUS } from '../../server/repositories/company-status';
import { randomAddress } from '../../server/test-support/harness';
import { businessApplication } from '../../server/test-support/business-applications';
import { onEachDriver, startBenchApp } from './bench-server';

const MB = 1024 * 1024;
/** Random bytes after the signature: real documents hardly compress, so the table grows by their size. */
const FILE = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(9.5 * MB)]);
const STOREFRONTS = ['in', 'de', 'id', 'tr', 'pe', 'in', 'de', 'id', 'tr', 'pe'].slice(
  0,
  Number(process.env['BENCH_STOREFRONTS'] ?? 10),
);

async function run(driver: string, db: Database): Promise<void> {
  const server = await startBenchApp(db, { seed: false });
  const users = usersRepository(db);
  const session = async () => {
    const user = (await users.create(db, {
      email: `b${randomBytes(6).toString('hex')}@example.com`,
      passwordHash: 'x',
      nickname: 'Bench',
    }))!;
    return { id: user.id, cookie: `serviceToken=${await users.createSession(user.id)}` };
  };
  const upload = async (cookie: string, local: string, from: string) =>
    (await (
      await fetch(`${server.base}/api/${local}/aftersales/upload`, {
        method: 'POST',
        body: new Uint8Array(FILE),
        headers: {
          cookie,
          'x-forwarded-for': from,
          'content-type': 'application/pdf',
          'x-file-name': 'doc.pdf',
          accept: 'application/json',
        },
      })
    ).json()) as { errno: number; data: { upload?: { id: string }; quota?: string } | null };
  const stored = async (where: string, params: unknown[]) => {
    const r = (
      await db.query<{ n: number; bytes: number }>(
        `SELECT count(*)::int AS n, coalesce(sum(size), 0)::float8 AS bytes FROM uploads WHERE ${where}`,
        params,
      )
    )[0]!;
    return `${r.n} files, ${(r.bytes / MB).toFixed(0)} MB`;
  };
  const tableSize = async () => {
    const [row] = await db.query<{ b: number }>(`SELECT pg_total_relation_size('uploads')::float8 AS b`);
    return `${(row!.b / MB).toFixed(0)} MB`;
  };

  console.log(`\n${driver}`);
  const account = await session();
  let refused = '';
  for (const local of STOREFRONTS) {
    const ids: string[] = [];
    for (let i = 0; i < 5 && !refused; i++) {
      const r = await upload(account.cookie, local, randomAddress());
      if (r.errno === 0) ids.push(r.data!.upload!.id);
      else refused = `refused in /${local} (errno ${r.errno}, quota ${r.data?.quota ?? '-'})`;
    }
    if (ids.length > 0) {
      const applied = await fetch(`${server.base}/api/${local}/business/apply`, {
        method: 'POST',
        headers: {
          cookie: account.cookie,
          'x-forwarded-for': randomAddress(),
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify(businessApplication(local, ids)),
      });
      // One live application per storefront: reject it (its documents stay stored) so the account can apply again.
      await db.query(`UPDATE enterprise_accounts SET status = $2, reject_reason = 'bench' WHERE user_id = $1`, [
        account.id,
        COMPANY_STATUS.REJECTED,
      ]);
      if (((await applied.json()) as { errno: number }).errno !== 0) break;
    }
    if (refused) break;
  }
  console.log(
    `  one account through business applications: ${await stored('user_id = $1', [account.id])} stored; ` +
      `${refused || 'never refused'}`,
  );

  const from = randomAddress();
  const before = await tableSize();
  let accounts = 0;
  let stop = '';
  while (!stop && accounts < 40) {
    const s = await session();
    accounts++;
    for (let i = 0; i < 2 && !stop; i++) {
      const r = await upload(s.cookie, 'id', from);
      if (r.errno !== 0) stop = `refused at account ${accounts} (errno ${r.errno}, quota ${r.data?.quota ?? '-'})`;
    }
  }
  const fromAddress = (
    await db.query<{ n: number; bytes: number }>(
      `SELECT count(*)::int AS n, coalesce(sum(size), 0)::float8 AS bytes FROM uploads WHERE user_id > $1`,
      [account.id],
    )
  )[0]!;
  console.log(
    `  fresh accounts from one address: ${fromAddress.n} files, ${(fromAddress.bytes / MB).toFixed(0)} MB ` +
      `stored; ${stop || 'never refused'}`,
  );
  console.log(`  uploads table: ${before} before the address run, ${await tableSize()} after`);
  await server.close();
}

// PGlite only on request: writing files this size through it takes long.
onEachDriver({ pglite: !!process.env['BENCH_PGLITE'], pgConnections: 4 }, run).catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
