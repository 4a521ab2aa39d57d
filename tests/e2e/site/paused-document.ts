import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A proxy in front of the store that sends one page's HTML in two parts with a pause between them, as a slow
 * network does, and passes every other request through untouched. Playwright's route.fulfill sends a body at
 * once, so it cannot show what a browser paints from half a page.
 */
export interface PausedDocument {
  /** The proxy's origin: open `${origin}${path}`. */
  origin: string;
  close(): Promise<void>;
}

export async function pausedDocument(
  upstream: string,
  path: string,
  html: string,
  cut: number,
  pauseMs: number,
): Promise<PausedDocument> {
  const target = new URL(upstream);
  const server: Server = createServer((req, res) => {
    if (req.url === path) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.write(html.slice(0, cut));
      setTimeout(() => res.end(html.slice(cut)), pauseMs);
      return;
    }
    const forward = request(
      {
        host: target.hostname,
        port: target.port,
        path: req.url,
        method: req.method,
        headers: { ...req.headers, host: target.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((closed) => {
        server.closeAllConnections();
        server.close(() => closed());
      }),
  };
}
