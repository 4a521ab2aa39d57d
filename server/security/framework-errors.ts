import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { Errno, type ErrnoCode } from '../errors';
import { API_CSP, COMMON_SECURITY_HEADERS } from '../../sites/security-headers';
import { securityHeaders } from './headers';

/**
 * Errors that happen before a route runs, answered in the envelope with a stable errno instead of Fastify's
 * or Node's own bodies (which name framework codes).
 */

/**
 * Malformed URLs (bad percent-encoding) and over-long route parameters, found by the router. The answer skips the
 * reply hooks (no route was found to hang them on), so it carries the security headers itself.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  const type = 'application/json; charset=utf-8';
  void reply
    .status(tooLong ? 414 : 400)
    .headers({ ...securityHeaders(request, type), 'X-Server-Time': String(Date.now()), 'X-Request-Id': request.id })
    .type(type)
    .send({
      data: null,
      errno: tooLong ? Errno.URI_TOO_LONG : Errno.MALFORMED_REQUEST,
      errmsg: tooLong ? 'the address is too long' : 'the address is not valid',
    });
}

const CLIENT_ERRORS: Record<string, { status: number; reason: string; errno: ErrnoCode; errmsg: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    reason: 'Request Timeout',
    errno: Errno.REQUEST_TIMEOUT,
    errmsg: 'the request took too long to arrive',
  },
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    errno: Errno.HEADERS_TOO_LARGE,
    errmsg: 'the request headers or address are too large',
  },
  HPE_URI_TOO_LONG: {
    status: 414,
    reason: 'URI Too Long',
    errno: Errno.URI_TOO_LONG,
    errmsg: 'the address is too long',
  },
};
const MALFORMED = {
  status: 400,
  reason: 'Bad Request',
  errno: Errno.MALFORMED_REQUEST,
  errmsg: 'the request is not valid HTTP',
};

/**
 * Requests Node's HTTP parser refuses (bad chunking, huge headers, timeouts, garbage): the envelope is written
 * straight to the socket, which is then closed, as Node itself does.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const known = (err.code && CLIENT_ERRORS[err.code]) || MALFORMED;
  if (socket.writable) {
    const body = JSON.stringify({ data: null, errno: known.errno, errmsg: known.errmsg });
    const headers = {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': String(Buffer.byteLength(body)),
      'X-Server-Time': String(Date.now()),
      'Content-Security-Policy': API_CSP,
      ...COMMON_SECURITY_HEADERS,
      Connection: 'close',
    };
    const head = Object.entries(headers)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('');
    socket.write(`HTTP/1.1 ${known.status} ${known.reason}\r\n${head}\r\n${body}`);
  }
  socket.destroy();
}
