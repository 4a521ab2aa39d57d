import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, drivers, startServer, type TestServer } from '../../test-support/harness';
import { quickShopper } from '../../test-support/shoppers';
import { VISITOR_CHAT_RETENTION } from '../../repositories/chat';
import { API_CSP, COMMON_SECURITY_HEADERS } from '../../../sites/security-headers';

/** Opens a chat stream, waits for its first bytes (the retry line) and closes it. */
async function openAndClose(c: Client, urlLocal = 'de'): Promise<Response> {
  const ctrl = new AbortController();
  const res = await c.fetch(`/api/${urlLocal}/chat/stream`, { signal: ctrl.signal });
  await res.body!.getReader().read();
  ctrl.abort();
  return res;
}

/** Reads a stream until `done` holds for what arrived. */
async function readUntil(res: Response, done: (text: string) => boolean): Promise<string> {
  const reader = res.body!.getReader();
  let text = '';
  while (!done(text)) text += new TextDecoder().decode((await reader.read()).value);
  return text;
}

describe.each(drivers)('visitor chat conversations (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(async () => server?.close());

  const conversations = async () =>
    (await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM chat_conversations`))[0]!.n;

  it('opening streams writes no conversation: new visitors, returning visitors, many at once', async () => {
    const before = await conversations();
    const returning = new Client(server.base);
    const opened = await Promise.all([
      ...Array.from({ length: 60 }, () => openAndClose(new Client(server.base))),
      ...Array.from({ length: 20 }, () => openAndClose(returning)),
    ]);
    expect(
      opened.every((r) => r.status === 200 && r.headers.get('content-type')?.startsWith('text/event-stream')),
    ).toBe(true);
    expect(await conversations()).toBe(before);
  });

  it('the first message makes the conversation, and a stream opened before it receives the messages', async () => {
    const v = new Client(server.base);
    const ctrl = new AbortController();
    const res = await v.fetch('/api/de/chat/stream', { signal: ctrl.signal });
    const before = await conversations();
    const posted = await v.call('/api/de/chat/messages', {
      method: 'POST',
      form: { body: 'Hallo, wo ist meine Bestellung?' },
    });
    expect(posted.body.errno).toBe(0);
    expect(await conversations()).toBe(before + 1);
    const text = await readUntil(res, (t) => t.includes('"sender":"agent"'));
    ctrl.abort();
    expect(text).toContain('Bestellung');
    // The next stream of the same visitor follows the same conversation and replays it.
    const again = new AbortController();
    const replay = await v.fetch('/api/de/chat/stream', { signal: again.signal });
    expect(await readUntil(replay, (t) => t.includes('"sender":"agent"'))).toContain('Bestellung');
    again.abort();
    expect(await conversations()).toBe(before + 1);
  });

  it('parallel first messages of one visitor make one conversation', async () => {
    const v = new Client(server.base);
    await openAndClose(v); // the visitor id cookie
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        v.call('/api/de/chat/messages', { method: 'POST', json: { body: `Frage ${i}` } }),
      ),
    );
    expect(answers.every((a) => a.body.errno === 0)).toBe(true);
    expect(new Set(answers.map((a) => a.body.data.conversation_id)).size).toBe(1);
    const rows = await server.db.query(`SELECT 1 FROM chat_conversations WHERE visitor_id = $1`, [
      v.cookies.get('visitorId'),
    ]);
    expect(rows).toHaveLength(1);
  });

  it('the maintenance prunes idle and empty visitor conversations, not recent ones nor signed-in users’', async () => {
    const make = async (
      who: { visitor?: boolean; userId?: number },
      created: string,
      lastMessage: string | null,
      withMessage = lastMessage !== null,
    ) => {
      const id = randomUUID();
      await server.db.query(
        `INSERT INTO chat_conversations (id, url_local, user_id, visitor_id, created_at, last_message_at)
          VALUES ($1, 'de', $2, $3, now() - $4::interval, now() - $5::interval)`,
        [id, who.userId ?? null, who.visitor ? randomUUID() : null, created, lastMessage],
      );
      if (withMessage)
        await server.db.query(
          `INSERT INTO chat_messages (conversation_id, sender, body, created_at) VALUES ($1, 'user', 'hi',
            coalesce(now() - $2::interval, now() - $3::interval))`,
          [id, lastMessage, created],
        );
      return id;
    };
    const idle = `${VISITOR_CHAT_RETENTION.idleDays + 1} days`;
    const user = await quickShopper(server);
    const gone = [
      await make({ visitor: true }, '60 days', idle),
      await make({ visitor: true }, `${VISITOR_CHAT_RETENTION.emptyHours + 1} hours`, null),
      // From before last_message_at was kept: its latest message is old.
      await make({ visitor: true }, '90 days', null, true),
    ];
    const kept = [
      await make({ visitor: true }, '60 days', '2 days'),
      await make({ visitor: true }, '1 hour', null),
      await make({ visitor: true }, '90 days', null, true).then(async (id) => {
        await server.db.query(
          `INSERT INTO chat_messages (conversation_id, sender, body) VALUES ($1, 'agent', 'recent')`,
          [id],
        );
        return id;
      }),
      await make({ userId: user.userId }, '400 days', '300 days'),
    ];
    expect(await server.app.repos.chat.pruneVisitors()).toBeGreaterThanOrEqual(gone.length);
    const left = new Set(
      (await server.db.query<{ id: string }>(`SELECT id::text AS id FROM chat_conversations`)).map((r) => r.id),
    );
    for (const id of gone) expect(left.has(id), id).toBe(false);
    for (const id of kept) expect(left.has(id), id).toBe(true);
    expect(
      await server.db.query(`SELECT 1 FROM chat_messages WHERE conversation_id = ANY($1::uuid[])`, [gone]),
    ).toEqual([]);
  });

  it('HEAD on the stream answers at once with the stream headers and no body, and writes nothing', async () => {
    const before = await conversations();
    for (const c of [new Client(server.base), (await quickShopper(server)).client]) {
      const res = await c.fetch('/api/de/chat/stream', { method: 'HEAD', signal: AbortSignal.timeout(3000) });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await res.text()).toBe('');
    }
    // Many at once, as a monitor or a crawler might.
    const many = await Promise.all(
      Array.from({ length: 20 }, () =>
        new Client(server.base).fetch('/api/de/chat/stream', { method: 'HEAD', signal: AbortSignal.timeout(3000) }),
      ),
    );
    expect(many.every((r) => r.status === 200)).toBe(true);
    expect(await conversations()).toBe(before);
  });

  it('the stream (a hijacked reply that skips reply hooks) carries the security headers and request id', async () => {
    for (const c of [new Client(server.base), (await quickShopper(server)).client]) {
      const ctrl = new AbortController();
      const res = await c.fetch('/api/de/chat/stream', {
        signal: ctrl.signal,
        headers: { 'x-request-id': 'chat-stream-test' },
      });
      ctrl.abort();
      for (const [name, value] of Object.entries(COMMON_SECURITY_HEADERS))
        expect(res.headers.get(name), name).toBe(value);
      expect(res.headers.get('content-security-policy')).toBe(API_CSP);
      expect(res.headers.get('x-request-id')).toBe('chat-stream-test');
    }
  });
});
