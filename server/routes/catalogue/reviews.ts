import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError, Errno } from '../../errors';
import { requireStaff, requireUser } from '../../context';
import { message, translator } from '../../i18n';
import { authorName, REVIEW_PHOTOS_MAX, REVIEW_TEXT_MAX, reviewProblems } from '../../reviews/rules';
import type { ReviewWithPhotos } from '../../repositories/reviews';
import { findStorefront, type Storefront } from '../../storefront';
import type { User } from '../../repositories/users';
import {
  reviewAnswer,
  commentEligibleAnswer,
  commentLikeAnswer,
  commentListAnswer,
  commentMyreviewAnswer,
  commentProductsAnswer,
  staffReviewsAnswer,
  reviewAdditionBody,
  reviewDetailQuery,
  reviewEligibleQuery,
  reviewLikeBody,
  reviewListQuery,
  reviewModerateBody,
  reviewPhotoParams,
  reviewPostBody,
} from '../../schemas/catalogue';
import { noData } from '../../schemas/common';

const t = (storefront: Storefront, key: string) => message(storefront, key);
const at = (d: Date | null) => (d ? new Date(d).getTime() : null);
const PAGE_SIZE = 10;

/**
 * A review as the API shows it. Everyone sees the score, text, photos, shown name and likes of a published review;
 * its author and staff also see its state, the moderator's note and an addition still waiting.
 */
function reviewView(r: ReviewWithPhotos, storefront: Storefront, viewer: User | null) {
  const privileged = !!viewer && (viewer.role === 'staff' || viewer.id === r.user_id);
  const showAddition = r.addition !== null && (r.addition_state === 'reviewed' || privileged);
  return {
    id: r.id,
    product_id: r.product_id,
    product_name: r.product_name,
    score: r.score,
    text: r.body,
    anonymous: r.anonymous,
    author: r.author_name,
    state: r.state,
    state_note: privileged ? r.state_note : '',
    addition: showAddition ? { text: r.addition!, state: r.addition_state!, at: at(r.addition_at)! } : null,
    likes: r.likes,
    liked: r.liked,
    photos: [
      ...r.seed_photos.map((url) => ({ url })),
      ...r.photo_ids.map((id) => ({ url: `/api/${storefront.urlLocal}/comment/photo/${id}` })),
    ],
    created_at: at(r.created_at)!,
    published_at: at(r.published_at),
    mine: !!viewer && viewer.id === r.user_id,
  };
}

const oneReview = envelopeSchema(reviewAnswer);
const empty = envelopeSchema(noData);

/**
 * Reviews (the /comment/* pages): the published reviews of a product with their average, posting a review
 * of a bought product (rating required, text up to 2000 characters, up to 5 photos, anonymous), one additional
 * review, the user's reviews, one review, likes, review photos, and staff moderation (pending → reviewed/rejected).
 */
export async function reviewRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const notFound = (storefront: Storefront) =>
    new ApiError(Errno.REVIEW_NOT_FOUND, t(storefront, 'review.error.notFound'), 404);
  const viewerOf = (request: FastifyRequest) =>
    request.user ? { id: request.user.id, staff: request.user.role === 'staff' } : null;

  app.get(
    '/comment/list',
    {
      schema: {
        tags: ['reviews'],
        summary:
          "A product's published reviews in this country, newest first, with their count, average and distribution",
        querystring: reviewListQuery,
        response: {
          200: envelopeSchema(commentListAnswer),
        },
      },
    },
    async (request, reply) => {
      const { storefront } = request;
      const page = request.query.page ?? 1;
      const [summary, rows] = await Promise.all([
        app.repos.reviews.summary(storefront.local, request.query.product_id),
        app.repos.reviews.published(
          storefront.local,
          request.query.product_id,
          request.user?.id ?? null,
          PAGE_SIZE + 1,
          (page - 1) * PAGE_SIZE,
        ),
      ]);
      // The viewer's likes are part of the answer, so it is never shared between users.
      void reply.header('Cache-Control', 'private, no-cache');
      return ok({
        summary,
        reviews: rows.slice(0, PAGE_SIZE).map((r) => reviewView(r, storefront, request.user)),
        page,
        has_more: rows.length > PAGE_SIZE,
      });
    },
  );

  app.get(
    '/comment/eligible',
    {
      schema: {
        tags: ['reviews'],
        summary: 'Whether the user bought the product here and may review it, and their review of it',
        querystring: reviewEligibleQuery,
        response: {
          200: envelopeSchema(commentEligibleAnswer),
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const e = await app.repos.reviews.eligibility(user.id, request.storefront.local, request.query.product_id);
      return ok({ bought: e.bought, can_review: e.bought && !e.review, product_name: e.productName, review: e.review });
    },
  );

  app.get(
    '/comment/products',
    {
      schema: {
        tags: ['reviews'],
        summary: 'The products the user bought here and has not reviewed yet',
        response: {
          200: envelopeSchema(commentProductsAnswer),
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const products = await app.repos.reviews.reviewable(user.id, request.storefront.local);
      return ok({
        products: products.map((p) => ({ product_id: p.product_id, name: p.name, image: p.image })),
        max_photos: REVIEW_PHOTOS_MAX,
        max_text: REVIEW_TEXT_MAX,
      });
    },
  );

  app.post(
    '/comment/postreview',
    {
      schema: {
        tags: ['reviews'],
        summary:
          'Review a product bought here: score 1–5 (required), text up to 2000 characters, up to 5 photos ' +
          '(uploads), anonymous or not',
        body: reviewPostBody,
        response: { 200: oneReview },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { storefront } = request;
      const b = request.body;
      const text = (b.text ?? '').trim();
      const uploadIds = b.uploadIds ?? [];
      const fields = reviewProblems({ score: b.score, text, uploadIds });
      if (Object.keys(fields).length > 0) {
        const first = fields['score']
          ? t(storefront, 'review.error.rating')
          : fields['text']
            ? t(storefront, 'review.error.textLength')
            : t(storefront, 'review.error.tooManyPhotos');
        throw new ApiError(Errno.REVIEW_INVALID, first, 400, { fields });
      }
      const anonymous = b.anonymous === true;
      const result = await app.repos.reviews.post({
        userId: user.id,
        local: storefront.local,
        urlLocal: storefront.urlLocal,
        productId: b.productId,
        score: b.score!,
        text,
        anonymous,
        authorName: authorName(user.nickname, user.id, anonymous),
        uploadIds,
      });
      if (result.ok) return ok({ review: reviewView(result.review, storefront, user) });
      switch (result.reason) {
        case 'not_bought':
          throw new ApiError(Errno.REVIEW_NOT_BOUGHT, t(storefront, 'review.error.notBought'));
        case 'already_posted':
          throw new ApiError(Errno.REVIEW_ALREADY_POSTED, t(storefront, 'review.error.alreadyPosted'));
        default:
          throw new ApiError(Errno.REVIEW_PHOTOS_REFUSED, t(storefront, 'review.error.photos'), 200, {
            fields: { uploadIds: 'invalid' },
          });
      }
    },
  );

  app.post(
    '/comment/postadditionreview',
    {
      schema: {
        tags: ['reviews'],
        summary: 'Add one follow-up to your own review (1–2000 characters), moderated like the review',
        body: reviewAdditionBody,
        response: { 200: oneReview },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { storefront } = request;
      const text = (request.body.text ?? '').trim();
      const length = Array.from(text).length;
      if (length === 0 || length > REVIEW_TEXT_MAX)
        throw new ApiError(Errno.REVIEW_INVALID, t(storefront, 'review.error.additionLength'), 400, {
          fields: { text: length === 0 ? 'required' : 'length' },
        });
      const result = await app.repos.reviews.addition(user.id, request.body.reviewId, text);
      if (result === 'not_found') throw notFound(storefront);
      if (result === 'exists')
        throw new ApiError(Errno.REVIEW_ADDITION_EXISTS, t(storefront, 'review.error.additionExists'));
      if (result === 'rejected') throw new ApiError(Errno.REVIEW_STATE, t(storefront, 'review.error.rejected'));
      const review = await app.repos.reviews.detail(viewerOf(request), request.body.reviewId);
      return ok({ review: reviewView(review!, storefront, user) });
    },
  );

  app.get(
    '/comment/myreview',
    {
      schema: {
        tags: ['reviews'],
        summary: "The user's reviews in this country with their states",
        response: { 200: envelopeSchema(commentMyreviewAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return ok({
        reviews: (await app.repos.reviews.mine(user.id, request.storefront.local)).map((r) =>
          reviewView(r, request.storefront, user),
        ),
      });
    },
  );

  app.get(
    '/comment/detail',
    {
      schema: {
        tags: ['reviews'],
        summary: 'One review: public once published; pending or rejected only for its author and staff',
        querystring: reviewDetailQuery,
        response: { 200: oneReview },
      },
    },
    async (request) => {
      const review = await app.repos.reviews.detail(viewerOf(request), request.query.id);
      if (!review) throw notFound(request.storefront);
      return ok({ review: reviewView(review, request.storefront, request.user) });
    },
  );

  app.post(
    '/comment/like',
    {
      schema: {
        tags: ['reviews'],
        summary: 'Like a published review, or take the like back (one per user)',
        body: reviewLikeBody,
        response: { 200: envelopeSchema(commentLikeAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const result = await app.repos.reviews.toggleLike(user.id, request.body.reviewId);
      if (!result) throw notFound(request.storefront);
      return ok(result);
    },
  );

  app.get(
    '/comment/photo/:id',
    {
      schema: {
        tags: ['reviews'],
        summary: 'A review photo (jpeg or png): public once the review is published, else for its author and staff',
        params: reviewPhotoParams,
      },
    },
    async (request, reply) => {
      const photo = await app.repos.reviews.photo(viewerOf(request), request.params.id);
      if (!photo) throw notFound(request.storefront);
      return reply
        .header('Content-Type', photo.content_type)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('Cache-Control', photo.public ? 'public, max-age=3600' : 'private, no-store')
        .send(photo.bytes);
    },
  );

  app.get(
    '/staff/reviews',
    {
      schema: {
        tags: ['staff'],
        summary: 'Reviews and additional reviews waiting for moderation, oldest first',
        response: { 200: envelopeSchema(staffReviewsAnswer) },
      },
    },
    async (request) => {
      const user = requireStaff(request);
      return ok({ reviews: (await app.repos.reviews.pending()).map((r) => reviewView(r, request.storefront, user)) });
    },
  );

  app.post(
    '/staff/reviews/moderate',
    {
      schema: {
        tags: ['staff'],
        summary: 'Publish or reject a pending review or its addition; the author gets a message',
        body: reviewModerateBody,
        response: { 200: empty },
      },
    },
    async (request) => {
      requireStaff(request);
      const { storefront } = request;
      const b = request.body;
      const decision = b.decision === 'publish' ? 'reviewed' : 'rejected';
      const result = await app.repos.reviews.moderate(
        b.id,
        b.part ?? 'review',
        decision,
        b.note?.trim() ?? '',
        (row) => {
          // The author reads the message in the language of the storefront the review was written in.
          const tr = translator({ lang: findStorefront(row.url_local)?.lang ?? storefront.lang });
          const key = decision === 'reviewed' ? 'published' : 'rejected';
          return {
            title: tr(`review.message.${key}Title`, { product: row.product_name }),
            body:
              tr(`review.message.${key}Body`, { product: row.product_name }) +
              (b.note?.trim() ? `\n${b.note.trim()}` : ''),
          };
        },
      );
      if (result === 'not_found') throw notFound(storefront);
      if (result === 'not_allowed') throw new ApiError(Errno.REVIEW_STATE, t(storefront, 'review.error.state'));
      return ok({});
    },
  );
}
