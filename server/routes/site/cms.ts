import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError, Errno } from '../../errors';
import { baseQuery } from '../../schemas/common';
import { siteConfigOf } from '../../site-config';
import { snakeKeys } from '../../views/snake-case';
import { headerFooter } from '../../schemas/site';
import { countryTipAnswer, differentSiteTip } from '../../contact/country-tip-answer';

/** The header-footer call: v1 is the legacy header's call (navigation v0), v2 the new header's (v1/v2). */
export async function cmsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();

  // Both versions answer for every storefront (an old cached client may still ask v1); navigation_version tells
  // the client which header to render.
  async function load(request: FastifyRequest) {
    const navigationVersion = siteConfigOf(request.storefront).navigationVersion;
    const data = await app.repos.cms.headerFooter(request.storefront.urlLocal);
    if (!data) throw new ApiError(Errno.NOT_FOUND, 'no header and footer for this storefront yet');
    const main = (data['header'] as { main?: { submenuStyle?: number }[] } | undefined)?.main ?? [];
    const cateStyle = main.find((m) => typeof m.submenuStyle === 'number')?.submenuStyle ?? 1;
    // Clients camelCase the keys again; the snapshot is camelCase, the wire is snake_case.
    const body = snakeKeys({
      header: data['header'],
      anchor: { storeNavigation: data['storeNavigation'], cateStyle, navigation: data['navigation'] },
      navigation: data['navigation'],
      notification: data['notification'],
      footer: data['footer'],
      differentSiteTip: differentSiteTip(countryTipAnswer(request, app.cdnCountryHeader)),
      navigationVersion,
      timestamp: data['timestamp'],
    });
    return ok(body as never);
  }

  const schema = (v: string) => ({
    tags: ['cms'],
    summary: `Header and footer (${v === 'v2' ? 'new header: navigation v1/v2' : 'legacy header: navigation v0'})`,
    querystring: baseQuery,
    response: { 200: envelopeSchema(headerFooter) },
  });
  // The different-site tip in the answer varies with the shopper's language, country and cookie: no shared cache.
  const handler = (request: FastifyRequest, reply: FastifyReply) => {
    void reply.header('Cache-Control', 'private, no-cache');
    return load(request);
  };
  app.get('/cms/v1/page/header-footer', { schema: schema('v1') }, handler);
  app.get('/cms/v2/page/header-footer', { schema: schema('v2') }, handler);
}
