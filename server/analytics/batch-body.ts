import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, Errno } from '../errors';
import { ANALYTICS_MAX_BODY_BYTES } from '../schemas/analytics';

/** Media types a batch may come as: JSON, or the text/plain of `navigator.sendBeacon(url, string)` (no preflight). */
const BATCH_MEDIA_TYPES = new Set(['application/json', 'text/plain']);

const bodyBytes = new WeakMap<FastifyRequest, number>();

/** The size in bytes of the batch body a request carried (0 when none was read). */
export function batchBodyBytes(request: FastifyRequest): number {
  return bodyBytes.get(request) ?? 0;
}

const tooLarge = () =>
  new ApiError(
    Errno.ANALYTICS_BATCH_TOO_LARGE,
    `the batch is larger than ${ANALYTICS_MAX_BODY_BYTES} bytes: send fewer events at a time`,
    413,
  );

/**
 * Reads a body of at most `max` bytes. A declared length over it is refused before a byte is read, a longer stream as
 * soon as it passes it; Fastify then answers with `Connection: close`, so the rest is never read.
 */
function readBounded(payload: NodeJS.ReadableStream, declared: number, max: number): Promise<Buffer> {
  if (declared > max) return Promise.reject(tooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const stop = () => {
      payload.removeListener('data', onData);
      payload.removeListener('end', onEnd);
      payload.removeListener('error', onError);
    };
    const onData = (chunk: Buffer | string) => {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      length += buffer.length;
      if (length > max) {
        stop();
        reject(tooLarge());
        return;
      }
      chunks.push(buffer);
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks, length));
    };
    const onError = (error: Error) => {
      stop();
      reject(Object.assign(error, { statusCode: 400 }));
    };
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onError);
    payload.resume();
  });
}

/**
 * The collector's own body parsing, for the routes registered on `app` (an encapsulated plugin): a batch is JSON
 * whether it comes as application/json or as text/plain, bounded by ANALYTICS_MAX_BODY_BYTES (the app's own parsers
 * take 64 KB and read text/plain as a form too). Every refusal has the collector's errno.
 */
export function parseBatchBodies(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', async (request: FastifyRequest, payload: NodeJS.ReadableStream) => {
    const mediaType = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (!BATCH_MEDIA_TYPES.has(mediaType))
      throw new ApiError(Errno.ANALYTICS_MEDIA_TYPE, 'a batch is sent as application/json or text/plain', 415);
    const declared = Number(request.headers['content-length'] ?? 0);
    const body = await readBounded(payload, Number.isNaN(declared) ? 0 : declared, ANALYTICS_MAX_BODY_BYTES);
    bodyBytes.set(request, body.length);
    try {
      return JSON.parse(body.toString('utf8')) as unknown;
    } catch {
      throw new ApiError(Errno.ANALYTICS_BATCH_INVALID, 'the batch is not valid JSON', 400);
    }
  });
}
