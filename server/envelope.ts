import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, Errno } from './errors';
import { navigatingStorefront, sendErrorPage } from './views/navigation-error';

/** Envelope around `data`. */
export type Envelope<T> = {
  data: T | null;
  errno: number;
  errmsg: string;
};

/** The success envelope. */
export function ok<T>(data: T): Envelope<T> {
  return { data, errno: Errno.OK, errmsg: 'ok' };
}

/** JSON Schema of the envelope around `data` (data is null on errors, so it is nullable). */
export function envelopeSchema<const S extends { type: string }>(data: S) {
  return {
    type: 'object',
    required: ['data', 'errno', 'errmsg'],
    properties: {
      data: { ...data, type: [data.type, 'null'] } as Omit<S, 'type'> & { type: [S['type'], 'null'] },
      errno: { type: 'integer' },
      errmsg: { type: 'string' },
    },
  } as const;
}

/** Maps a thrown error to the envelope: client mistakes get a clear errno, never a 5xx or a stack trace. */
export function toEnvelopeError(err: FastifyError | ApiError | Error): {
  status: number;
  body: Envelope<Record<string, unknown>>;
  fault: boolean;
} {
  if (err instanceof ApiError)
    return { status: err.status, body: { data: err.data, errno: err.errno, errmsg: err.message }, fault: false };
  const fe = err as FastifyError;
  if (fe.validation) {
    const first = fe.validation[0];
    const where = fe.validationContext ?? 'request';
    const field = first ? fieldName(first.instancePath, first.params as Record<string, unknown>) : '';
    const message = first ? `${where}${field ? `.${field}` : ''} ${first.message ?? 'is invalid'}` : fe.message;
    return {
      status: 400,
      body: { data: null, errno: Errno.INVALID_PARAM, errmsg: `invalid parameter: ${message}` },
      fault: false,
    };
  }
  switch (fe.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return {
        status: 413,
        body: { data: null, errno: Errno.PAYLOAD_TOO_LARGE, errmsg: 'request body too large' },
        fault: false,
      };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        status: 415,
        body: { data: null, errno: Errno.UNSUPPORTED_MEDIA_TYPE, errmsg: 'unsupported content type' },
        fault: false,
      };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return {
        status: 400,
        body: { data: null, errno: Errno.INVALID_PARAM, errmsg: 'invalid parameter: body is not valid JSON' },
        fault: false,
      };
  }
  // SQLSTATE class 22 (data exception: NUL in text, out-of-range number…) can only come from request values
  // that passed the schema; they are the client's mistake, not a server fault.
  const sqlState = (err as { code?: unknown }).code;
  if (typeof sqlState === 'string' && /^22[0-9A-Z]{3}$/.test(sqlState)) {
    return {
      status: 400,
      body: {
        data: null,
        errno: Errno.INVALID_PARAM,
        errmsg: 'invalid parameter: a value contains characters or numbers that are not accepted',
      },
      fault: false,
    };
  }
  const status = fe.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return {
      status,
      body: { data: null, errno: Errno.INVALID_PARAM, errmsg: `invalid request: ${fe.message}` },
      fault: false,
    };
  }
  return {
    status: 500,
    body: { data: null, errno: Errno.INTERNAL, errmsg: 'internal error, try again later' },
    fault: true,
  };
}

function fieldName(instancePath: string, params: Record<string, unknown>): string {
  const path = instancePath.replace(/^\//, '').replace(/\//g, '.');
  const missing = typeof params['missingProperty'] === 'string' ? params['missingProperty'] : '';
  return [path, missing].filter(Boolean).join('.');
}

/** Installs the one error handler and the not-found handler for /api. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    // The static files refuse paths they cannot check (too long, non-canonical): to a client that is "no such page".
    if (err.code === 'FST_STATIC_FORBIDDEN_PATH') return reply.callNotFound();
    const { status, body, fault } = toEnvelopeError(err);
    if (fault) request.log.error({ err, reqId: request.id }, 'request failed');
    else request.log.info({ errno: body.errno, errmsg: body.errmsg }, 'client error');
    // A browser that posted a form or followed a link reads the refusal as a page in its storefront's language.
    const storefront = navigatingStorefront(request);
    if (storefront && status < 500) return sendErrorPage(reply, storefront, status, body.errmsg);
    // The route's response serializer expects its own data shape; errors always go out as plain JSON.
    void reply.status(status).type('application/json; charset=utf-8').serializer(JSON.stringify).send(body);
  });
}
