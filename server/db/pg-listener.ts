import pg from 'pg';

const RECONNECT_MS = [250, 500, 1000, 2000, 5000] as const;

/**
 * LISTEN needs a connection of its own that stays open (pooled connections come and go). One client per
 * process listens on every channel asked for; when the connection drops it reconnects with backoff and listens
 * again, so subscribers never have to know.
 */
export function pgListener(config: pg.ClientConfig) {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  let failures = 0;

  const quote = (channel: string) => {
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`invalid channel name ${channel}`);
    return `"${channel}"`;
  };

  async function connect(): Promise<pg.Client> {
    const c = new pg.Client(config);
    c.on('notification', (msg) => {
      for (const handler of handlers.get(msg.channel) ?? []) handler(msg.payload ?? '');
    });
    c.on('error', () => reconnect(c));
    c.on('end', () => reconnect(c));
    await c.connect();
    for (const channel of handlers.keys()) await c.query(`LISTEN ${quote(channel)}`);
    failures = 0;
    client = c;
    return c;
  }

  function reconnect(dead: pg.Client): void {
    if (closed || client !== dead) return;
    client = null;
    const delay = RECONNECT_MS[Math.min(failures++, RECONNECT_MS.length - 1)];
    setTimeout(() => {
      if (!closed) void ensure().catch(() => reconnect(dead));
    }, delay).unref();
  }

  function ensure(): Promise<pg.Client> {
    if (client) return Promise.resolve(client);
    connecting ??= connect().finally(() => {
      connecting = null;
    });
    return connecting;
  }

  return {
    async listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
      const first = !handlers.has(channel);
      const set = handlers.get(channel) ?? new Set();
      set.add(onPayload);
      handlers.set(channel, set);
      const c = await ensure();
      if (first) await c.query(`LISTEN ${quote(channel)}`);
      return async () => {
        set.delete(onPayload);
        if (set.size === 0) {
          handlers.delete(channel);
          await client?.query(`UNLISTEN ${quote(channel)}`).catch(() => {});
        }
      };
    },
    async close(): Promise<void> {
      closed = true;
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}
