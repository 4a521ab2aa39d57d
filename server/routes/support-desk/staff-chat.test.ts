import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, drivers, startServer, type TestServer } from '../../test-support/harness';
import { quickShopper } from '../../test-support/shoppers';
import { makeStaff } from '../../test-support/staff';
import { Errno } from '../../errors';

describe.each(drivers)('live chat answered by staff (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(async () => server?.close());

  it("a question the FAQ cannot answer waits for staff; their reply reaches the shopper's open stream", async () => {
    const shopper = await quickShopper(server);
    const ask = (body: string) => shopper.client.call('/api/id/chat/messages', { method: 'POST', json: { body } });
    const first = (await ask('Qwxyz zzkrp?')).body.data;
    expect(first.messages.map((m: any) => m.sender)).toEqual(['user', 'agent']);
    expect(first.messages[1].body).toContain('Tim dukungan');
    // The agent says it once; further messages just wait.
    expect((await ask('Xqzv wwkp trrb?')).body.data.messages.map((m: any) => m.sender)).toEqual(['user']);

    const staff = await quickShopper(server);
    expect((await staff.client.call('/api/id/staff/chats')).status).toBe(403);
    expect((await new Client(server.base).call('/api/id/staff/chats')).body.errno).toBe(Errno.NOT_LOGGED_IN);
    await makeStaff(server, staff.userId);
    const chats = (await staff.client.call('/api/id/staff/chats')).body.data.chats;
    const mine = chats.find((c: any) => c.id === first.conversation_id);
    expect(mine).toMatchObject({ needs_staff: true, who: shopper.email, last_body: 'Xqzv wwkp trrb?' });
    expect(chats[0].needs_staff).toBe(true);

    const ctrl = new AbortController();
    const res = await shopper.client.fetch('/api/id/chat/stream', { signal: ctrl.signal });
    const reader = res.body!.getReader();
    const reply = await staff.client.call('/api/id/staff/chats/reply', {
      method: 'POST',
      json: { id: first.conversation_id, body: 'Halo Budi, pesanan Anda dikirim besok.' },
    });
    expect(reply.body.data.message.sender).toBe('staff');
    let text = '';
    while (!text.includes('"sender":"staff"')) text += new TextDecoder().decode((await reader.read()).value);
    ctrl.abort();
    expect(text).toContain('pesanan Anda dikirim besok');
    expect(
      (await staff.client.call('/api/id/staff/chats')).body.data.chats.find((c: any) => c.id === first.conversation_id)
        .needs_staff,
    ).toBe(false);
    const log = (
      await staff.client.call(`/api/id/staff/chats/messages?id=${first.conversation_id}`)
    ).body.data.messages.map((m: any) => m.sender);
    expect(log).toEqual(['user', 'agent', 'user', 'staff']);
    for (const bad of [
      { id: 'nope', body: 'x' },
      { id: first.conversation_id, body: '   ' },
      { id: first.conversation_id },
    ]) {
      const r = await staff.client.call('/api/id/staff/chats/reply', { method: 'POST', json: bad });
      expect(r.body.errno).not.toBe(0);
      expect(r.status).toBeLessThan(500);
    }
  });
});
