import http, { type IncomingHttpHeaders } from 'node:http';

/** Milliseconds since the epoch with microsecond resolution (wall clock, as the server's arrival header). */
export const nowMs = (): number => performance.timeOrigin + performance.now();

/** One answer as the benchmark judges it. */
export interface Answer {
  /** HTTP status; 0 when the connection failed. */
  status: number;
  /** The body is the API envelope `{data, errno, errmsg}`. */
  envelope: boolean;
  errno: number | null;
  errmsg: string;
  data: Record<string, unknown> | null;
  headers: IncomingHttpHeaders;
  /** When the request was written out (the socket took it), and when the whole answer was in. */
  sentAt: number;
  answeredAt: number;
}

/** What each request says besides its path. */
export interface Call {
  method?: 'GET' | 'POST';
  cookie?: string;
  address: string;
  json?: unknown;
  form?: string;
  headers?: Record<string, string>;
}

/**
 * An HTTP client of at most `connections` keep-alive connections per server: requests beyond them wait in the client
 * (their `sentAt` says when they really left), so the benchmark's client cost stays bounded and measurable.
 */
export function flashClient(connections: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  function request(base: string, path: string, call: Call): Promise<Answer> {
    const body = call.json !== undefined ? JSON.stringify(call.json) : call.form !== undefined ? call.form : undefined;
    const headers: Record<string, string> = { 'x-forwarded-for': call.address, ...call.headers };
    if (call.cookie) headers['cookie'] = call.cookie;
    if (call.json !== undefined) headers['content-type'] = 'application/json';
    if (call.form !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
    return new Promise((resolve) => {
      let sentAt = 0;
      const failed = () =>
        resolve({
          status: 0,
          envelope: false,
          errno: null,
          errmsg: '',
          data: null,
          headers: {},
          sentAt,
          answeredAt: nowMs(),
        });
      const req = http.request(base + path, { method: call.method ?? 'GET', agent, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', failed);
        res.on('end', () => {
          const answeredAt = nowMs();
          const parsed = parseEnvelope(Buffer.concat(chunks).toString('utf8'));
          resolve({ status: res.statusCode ?? 0, ...parsed, headers: res.headers, sentAt, answeredAt });
        });
      });
      req.on('finish', () => (sentAt = nowMs()));
      req.on('error', failed);
      req.end(body);
    });
  }
  return { request, close: () => agent.destroy() };
}

function parseEnvelope(text: string): Pick<Answer, 'envelope' | 'errno' | 'errmsg' | 'data'> {
  try {
    const b = JSON.parse(text) as { data?: unknown; errno?: unknown; errmsg?: unknown };
    const envelope = typeof b.errno === 'number' && typeof b.errmsg === 'string' && 'data' in b;
    const data = b.data && typeof b.data === 'object' ? (b.data as Record<string, unknown>) : null;
    return {
      envelope,
      errno: envelope ? (b.errno as number) : null,
      errmsg: envelope ? (b.errmsg as string) : '',
      data,
    };
  } catch {
    return { envelope: false, errno: null, errmsg: '', data: null };
  }
}
