import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { getStorefront } from '../region-config/index';
import { clientRouteMatcher } from './client-routes';
import { fallbackPath } from './unknown-prefix';
import { Errno } from './errors';
import { setServiceWorkerHeaders } from './service-worker-headers';

/** Files whose name carries a content hash (webpack/esbuild output) never change: cache them for a year. */
const HASHED_NAME = /[.-][0-9a-f]{8,32}\.[a-z0-9]+$|[.-][A-Za-z0-9_-]{8,}\.(?:js|mjs|css|woff2?)$/;
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The build's Brotli and gzip siblings of a file (plugins/storefront-pages/post-build/compress.ts). */
const COMPRESSED_SIBLING = /\.(?:br|gz)$/;

/**
 * The Cache-Control of a file under public/ (path relative to public/, with '/'). A compressed sibling
 * (`index.html.br`) is cached like the file it encodes.
 */
export function cacheControlFor(relPath: string): string {
  const rel = `/${relPath.replace(/^\/+/, '').replace(COMPRESSED_SIBLING, '')}`;
  if (rel.startsWith('/_widgets/') || rel.startsWith('/static/') || HASHED_NAME.test(path.posix.basename(rel)))
    return IMMUTABLE;
  // HTML, page data, service workers and un-hashed images: revalidate every time (cheap 304s, never stale).
  return 'no-cache';
}

/** Top-level folders of public/ that hold what browsers load: the shared islands and images, and the share landing. */
const SHARED_FOLDERS = new Set(['_widgets', 'images', 'static']);
/** Files at the top of public/ meant for browsers and crawlers. */
const ROOT_FILES = new Set(['', 'index.html', '404.html', 'robots.txt', 'sitemap.xml', 'favicon.ico']);

/**
 * Only what the build made for browsers is served: storefront folders, the shared folders and a few root files.
 * Gatsby's leftovers (its runtime bundles, source maps, page-data, webpack stats), dotfiles and anything else
 * dropped into public/ stay private.
 */
export function isPublicPath(urlPath: string): boolean {
  const segments = urlPath.split('/').filter(Boolean);
  if (segments.some((s) => s.startsWith('.') || s.startsWith('%2e') || s.startsWith('%2E'))) return false;
  if (urlPath.endsWith('.map')) return false;
  // Siblings are sent by negotiation for their file's URL, with the right Content-Type; never by their own name.
  if (COMPRESSED_SIBLING.test(urlPath)) return false;
  const [first = ''] = segments;
  if (segments.length <= 1 && ROOT_FILES.has(first)) return true;
  return SHARED_FOLDERS.has(first) || getStorefront(first) !== undefined;
}

/** The best encoding of a page the client accepts and the build wrote: Brotli, then gzip, else none. */
export function pickEncoding(
  acceptEncoding: string | undefined,
  file: string,
  exists: (file: string) => boolean = fs.existsSync,
): 'br' | 'gzip' | undefined {
  const accepted = new Map(
    (acceptEncoding ?? '')
      .toLowerCase()
      .split(',')
      .map((part) => {
        const [name = '', ...params] = part.trim().split(';');
        const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
        return [name.trim(), q ? Number(q.slice(2)) : 1] as const;
      }),
  );
  const allows = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (allows('br') && exists(`${file}.br`)) return 'br';
  if (allows('gzip') && exists(`${file}.gz`)) return 'gzip';
  return undefined;
}

/** A page the not-found handler answers with (a run-time route's page, a 404 page), negotiated like the rest. */
function sendHtml(request: FastifyRequest, reply: FastifyReply, file: string, status: number) {
  const encoding = pickEncoding(request.headers['accept-encoding'], file);
  reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-cache')
    .header('Vary', 'Accept-Encoding');
  if (!encoding) return reply.send(fs.createReadStream(file));
  return reply
    .header('Content-Encoding', encoding)
    .send(fs.createReadStream(`${file}${encoding === 'br' ? '.br' : '.gz'}`));
}

/**
 * The path of a request URL as @fastify/static's own route decodes it (`#` and `?` in names too); undefined if
 * malformed.
 */
function requestPath(url: string): string | undefined {
  const raw = url.split('?')[0] ?? '/';
  try {
    return decodeURI(raw.replace(/%(?:23|3f)/gi, decodeURIComponent));
  } catch {
    return undefined;
  }
}

/**
 * Serves the built sites from `root` (absent or empty is fine) with the region's 404 page for unknown paths.
 * `root` is normally `releases/current`, a symlink that a publish swaps to a new release in one step
 * (plugins/storefront-pages/build-plan/publish.ts). It is resolved once per request, and everything that
 * request reads comes from that one release folder, so a swap while it runs never mixes two releases (the
 * previous release is kept until the next publish, so the folder stays there).
 * `preCompressed`: the build wrote `.br` and `.gz` beside every text file, so @fastify/static picks Brotli,
 * then gzip, then the file itself by Accept-Encoding, with `Vary: Accept-Encoding` on every answer (also the
 * uncompressed one, so a shared cache never hands one client's variant to another).
 */
export async function staticSite(app: FastifyInstance, opts: { root: string }): Promise<void> {
  const root = path.resolve(opts.root);
  const currentRelease = (): string | undefined => {
    try {
      return fs.realpathSync.native(root);
    } catch {
      return undefined; // nothing published yet
    }
  };
  const releaseOf = new WeakMap<FastifyRequest, string>();
  await app.register(fastifyStatic, {
    serve: false, // the route below passes each request's release as the root
    index: ['index.html'],
    redirect: true, // /id/cart → /id/cart/ when the directory exists
    extensions: ['html'],
    dotfiles: 'ignore',
    preCompressed: true,
    allowedPath: (pathName) => isPublicPath(pathName),
    setHeaders(reply, filePath) {
      // A compressed sibling (`service-worker.js.br`) gets the headers of the file it encodes.
      const base = releaseOf.get(reply.request) ?? root;
      const relPath = path.relative(base, filePath).split(path.sep).join('/').replace(COMPRESSED_SIBLING, '');
      reply.header('Cache-Control', cacheControlFor(relPath));
      setServiceWorkerHeaders(reply, relPath);
    },
  });

  app.route({
    method: ['HEAD', 'GET'],
    url: '/*',
    schema: { hide: true },
    errorHandler(error, request, reply) {
      // The client went away mid-file: nobody to answer.
      if ((error as { code?: string }).code === 'ERR_STREAM_PREMATURE_CLOSE') return void request.raw.destroy();
      return app.errorHandler(error, request, reply);
    },
    handler(request, reply) {
      const release = currentRelease();
      const pathname = requestPath(request.raw.url ?? '/');
      if (!release || pathname === undefined) return reply.callNotFound();
      releaseOf.set(request, release);
      // An unknown country code is a country with English (US) settings: the page of the en-US storefront, kept
      // out of search indexes (its own canonical names the real page).
      const fallback = fallbackPath(pathname);
      if (fallback) {
        void reply.header('X-Robots-Tag', 'noindex');
        return reply.sendFile(fallback, release);
      }
      return reply.sendFile(pathname, release);
    },
  });

  // One matcher per release (its _routes.json), the last few kept: requests of the previous one may still run.
  const matchers = new Map<string, ReturnType<typeof clientRouteMatcher>>();
  const clientRoute = (release: string, urlPath: string) => {
    let matcher = matchers.get(release);
    if (!matcher) {
      matcher = clientRouteMatcher(release);
      matchers.set(release, matcher);
      if (matchers.size > 4) matchers.delete(matchers.keys().next().value as string);
    }
    return matcher(urlPath);
  };
  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.url.startsWith('/api/') || request.url === '/api') {
      return reply.status(404).send({
        data: null,
        errno: Errno.NOT_FOUND,
        errmsg: `no such API route: ${request.method} ${request.url.split('?')[0]!.slice(0, 200)}`,
      });
    }
    const release = releaseOf.get(request) ?? currentRelease();
    if (!release) return reply.status(404).type('text/plain; charset=utf-8').send('Not Found');
    const urlPath = request.url.split('?')[0] ?? '';
    const fallback = fallbackPath(urlPath);
    if (fallback) void reply.header('X-Robots-Tag', 'noindex');
    const page =
      request.method === 'GET' || request.method === 'HEAD' ? clientRoute(release, fallback ?? urlPath) : undefined;
    if (page) {
      return sendHtml(request, reply, page, 200);
    }
    const [, first = '', second = ''] = (fallback ?? request.url).split(/[/?#]/);
    const storefront = getStorefront(first) ? first : null;
    const candidates = [
      storefront && (second === 'app' || second === 'ios') ? path.join(release, storefront, second, '404.html') : null,
      storefront ? path.join(release, storefront, '404.html') : null,
      path.join(release, '404.html'),
    ];
    for (const file of candidates) {
      if (file && fs.existsSync(file)) {
        return sendHtml(request, reply, file, 404);
      }
    }
    return reply.status(404).type('text/plain; charset=utf-8').send('Not Found');
  });
}
