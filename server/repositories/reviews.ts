import type { Database, Queryable } from '../db/types';
import { postMessageIn } from './messages';
import { PAID_STATES_SQL } from '../schemas/order';
import { REVIEW_PHOTO_TYPES } from '../reviews/rules';
import { UNATTACHED_UPLOAD } from './upload-attachments';

export type ReviewState = 'pending' | 'reviewed' | 'rejected';
export type ModerationPart = 'review' | 'addition';

export interface ReviewRow {
  id: string;
  seed: boolean;
  user_id: number | null;
  local: string;
  url_local: string;
  product_id: string;
  product_name: string;
  score: number;
  body: string;
  anonymous: boolean;
  author_name: string;
  state: ReviewState;
  state_note: string;
  seed_photos: string[];
  addition: string | null;
  addition_state: ReviewState | null;
  addition_at: Date | null;
  likes: number;
  created_at: Date;
  published_at: Date | null;
}

/** A review with its photos (upload ids, or content image paths for seeded reviews) and the viewer's like. */
export interface ReviewWithPhotos extends ReviewRow {
  photo_ids: string[];
  liked: boolean;
}

export type ReviewSummary = {
  count: number;
  average: number;
  /** How many reviews gave 1, 2, 3, 4 and 5 (index 0 is one star). */
  distribution: number[];
};

const COLUMNS = `r.id::text AS id, (r.seed_id IS NOT NULL) AS seed, r.user_id, r.local, r.url_local, r.product_id,
  r.product_name, r.score::int AS score, r.body,
  r.anonymous, r.author_name, r.state, r.state_note, r.seed_photos, r.addition, r.addition_state, r.addition_at,
  r.likes, r.created_at, r.published_at`;

const isId = (id: string) => /^\d{1,18}$/.test(id);
const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id);
/** The orders whose products may be reviewed: paid (or further), not a pre-order deposit. */
const BOUGHT = `o.state IN ${PAID_STATES_SQL} AND o.kind <> 'deposit' AND l.product_id <> 'gift-card'`;

export interface PostInput {
  userId: number;
  local: string;
  urlLocal: string;
  productId: string;
  score: number;
  text: string;
  anonymous: boolean;
  authorName: string;
  uploadIds: readonly string[];
}
export type PostResult =
  | { ok: true; review: ReviewWithPhotos }
  | { ok: false; reason: 'not_bought' | 'already_posted' | 'photos' };

type Message = (row: ReviewRow) => { title: string; body: string };

/**
 * Reviews: a buyer's review of a product of one country, moderated by staff (pending → reviewed or
 * rejected), an additional review moderated the same way, likes (one per user, toggled under a row lock so parallel
 * toggles add up), and the published reviews and their average for the product page.
 */
export function reviewsRepository(db: Database) {
  async function withPhotos(q: Queryable, rows: ReviewRow[], viewerId: number | null): Promise<ReviewWithPhotos[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const photos = await q.query<{ id: string; review_id: string }>(
      `SELECT id::text AS id, review_id::text AS review_id FROM uploads WHERE review_id = ANY($1::bigint[])
       ORDER BY created_at, id`,
      [ids],
    );
    const liked = viewerId
      ? new Set(
          (
            await q.query<{ review_id: string }>(
              `SELECT review_id::text AS review_id FROM review_likes
               WHERE user_id = $1 AND review_id = ANY($2::bigint[])`,
              [viewerId, ids],
            )
          ).map((r) => r.review_id),
        )
      : new Set<string>();
    return rows.map((r) => ({
      ...r,
      photo_ids: photos.filter((p) => p.review_id === r.id).map((p) => p.id),
      liked: liked.has(r.id),
    }));
  }

  async function one(q: Queryable, id: string, lock = false): Promise<ReviewRow | undefined> {
    return (
      await q.query<ReviewRow>(`SELECT ${COLUMNS} FROM reviews r WHERE r.id = $1${lock ? ' FOR UPDATE' : ''}`, [id])
    )[0];
  }

  return {
    /** Count, average and distribution of the published reviews of a product in a country. */
    async summary(local: string, productId: string): Promise<ReviewSummary> {
      const row = (
        await db.query<{ count: number; average: number; d1: number; d2: number; d3: number; d4: number; d5: number }>(
          `SELECT count(*)::int AS count, coalesce(avg(score), 0)::float8 AS average,
                count(*) FILTER (WHERE score = 1)::int AS d1, count(*) FILTER (WHERE score = 2)::int AS d2,
                count(*) FILTER (WHERE score = 3)::int AS d3,
                count(*) FILTER (WHERE score = 4)::int AS d4, count(*) FILTER (WHERE score = 5)::int AS d5
         FROM reviews WHERE local = $1 AND product_id = $2 AND state = 'reviewed'`,
          [local, productId],
        )
      )[0]!;
      return {
        count: row.count,
        average: Math.round(row.average * 10) / 10,
        distribution: [row.d1, row.d2, row.d3, row.d4, row.d5],
      };
    },

    /** The published reviews of a product, newest first. */
    async published(
      local: string,
      productId: string,
      viewerId: number | null,
      limit: number,
      offset: number,
    ): Promise<ReviewWithPhotos[]> {
      const rows = await db.query<ReviewRow>(
        `SELECT ${COLUMNS} FROM reviews r WHERE r.local = $1 AND r.product_id = $2 AND r.state = 'reviewed'
         ORDER BY r.published_at DESC NULLS LAST, r.id DESC LIMIT $3 OFFSET $4`,
        [local, productId, limit, offset],
      );
      return withPhotos(db, rows, viewerId);
    },

    /** Whether the user bought the product in this country, and their live review of it. */
    async eligibility(
      userId: number,
      local: string,
      productId: string,
    ): Promise<{ bought: boolean; productName: string | null; review: { id: string; state: ReviewState } | null }> {
      const line = (
        await db.query<{ name: string }>(
          `SELECT l.name FROM orders o JOIN order_lines l ON l.order_id = o.id
           WHERE o.user_id = $1 AND o.local = $2 AND l.product_id = $3 AND ${BOUGHT} ORDER BY o.paid_at DESC NULLS LAST
           LIMIT 1`,
          [userId, local, productId],
        )
      )[0];
      const review = (
        await db.query<{ id: string; state: ReviewState }>(
          `SELECT id::text AS id, state FROM reviews WHERE user_id = $1 AND local = $2 AND product_id = $3
             AND state <> 'rejected'`,
          [userId, local, productId],
        )
      )[0];
      return { bought: !!line, productName: line?.name ?? null, review: review ?? null };
    },

    /** The products the user bought in this country and has not reviewed yet (the /comment/postreview choice). */
    async reviewable(userId: number, local: string) {
      return db.query<{ product_id: string; name: string; image: string; paid_at: Date | null }>(
        `SELECT DISTINCT ON (l.product_id) l.product_id, l.name, l.image, o.paid_at
         FROM orders o JOIN order_lines l ON l.order_id = o.id
         WHERE o.user_id = $1 AND o.local = $2 AND ${BOUGHT}
           AND NOT EXISTS (SELECT 1 FROM reviews r WHERE r.user_id = $1 AND r.local = $2 AND r.product_id = l.product_id
           AND r.state <> 'rejected')
         ORDER BY l.product_id, o.paid_at DESC NULLS LAST LIMIT 100`,
        [userId, local],
      );
    },

    /** A new review of a bought product, pending moderation, with its photos (the user's own unattached images). */
    async post(input: PostInput): Promise<PostResult> {
      const unique = new Set(input.uploadIds);
      if (unique.size !== input.uploadIds.length || !input.uploadIds.every(isUuid))
        return { ok: false, reason: 'photos' };
      try {
        return await db.transaction(async (tx) => {
          const line = (
            await tx.query<{ order_id: string; name: string }>(
              `SELECT o.id::text AS order_id, l.name FROM orders o JOIN order_lines l ON l.order_id = o.id
             WHERE o.user_id = $1 AND o.local = $2 AND l.product_id = $3 AND ${BOUGHT}
             ORDER BY o.paid_at DESC NULLS LAST LIMIT 1`,
              [input.userId, input.local, input.productId],
            )
          )[0];
          if (!line) return { ok: false, reason: 'not_bought' } as const;
          const exists = await tx.query(
            `SELECT 1 FROM reviews WHERE user_id = $1 AND local = $2 AND product_id = $3 AND state <> 'rejected'`,
            [input.userId, input.local, input.productId],
          );
          if (exists.length > 0) return { ok: false, reason: 'already_posted' } as const;
          const row = (
            await tx.query<ReviewRow>(
              `INSERT INTO reviews AS r (user_id, local, url_local, product_id, product_name, order_id, score, body,
                 anonymous, author_name, state)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'pending') RETURNING ${COLUMNS}`,
              [
                input.userId,
                input.local,
                input.urlLocal,
                input.productId,
                line.name,
                line.order_id,
                input.score,
                input.text,
                input.anonymous,
                input.authorName,
              ],
            )
          )[0]!;
          if (input.uploadIds.length > 0) {
            const attached = await tx.query(
              `UPDATE uploads SET review_id = $1 WHERE id = ANY($2::uuid[]) AND user_id = $3
                 AND ${UNATTACHED_UPLOAD} AND content_type = ANY($4::text[])
               RETURNING id`,
              [row.id, input.uploadIds, input.userId, REVIEW_PHOTO_TYPES],
            );
            if (attached.length !== input.uploadIds.length) throw new Rollback({ ok: false, reason: 'photos' });
          }
          return { ok: true, review: (await withPhotos(tx, [row], input.userId))[0]! } as const;
        });
      } catch (err) {
        if (err instanceof Rollback) return err.result;
        if (isUniqueViolation(err)) return { ok: false, reason: 'already_posted' };
        throw err;
      }
    },

    /** One follow-up on the user's own review (not a rejected one), moderated like the review. */
    async addition(userId: number, id: string, text: string): Promise<'saved' | 'not_found' | 'exists' | 'rejected'> {
      if (!isId(id)) return 'not_found';
      return db.transaction(async (tx) => {
        const row = await one(tx, id, true);
        if (!row || row.user_id !== userId) return 'not_found';
        if (row.state === 'rejected') return 'rejected';
        if (row.addition !== null) return 'exists';
        await tx.query(
          `UPDATE reviews SET addition = $2, addition_state = 'pending', addition_at = now(), updated_at = now()
           WHERE id = $1`,
          [id, text],
        );
        return 'saved';
      });
    },

    /** The user's reviews in this country with their states, newest first. */
    async mine(userId: number, local: string): Promise<ReviewWithPhotos[]> {
      const rows = await db.query<ReviewRow>(
        `SELECT ${COLUMNS} FROM reviews r WHERE r.user_id = $1 AND r.local = $2 ORDER BY r.id DESC LIMIT 100`,
        [userId, local],
      );
      return withPhotos(db, rows, userId);
    },

    /** One review: anyone may read a published one; a pending or rejected one only its author and staff. */
    async detail(viewer: { id: number; staff: boolean } | null, id: string): Promise<ReviewWithPhotos | null> {
      if (!isId(id)) return null;
      const row = await one(db, id);
      if (!row) return null;
      const privileged = !!viewer && (viewer.staff || viewer.id === row.user_id);
      if (row.state !== 'reviewed' && !privileged) return null;
      return (await withPhotos(db, [row], viewer?.id ?? null))[0]!;
    },

    /**
     * Likes or unlikes a published review (one like per user). The review row is locked first, so parallel toggles
     * run one after the other and the count always equals the likes stored (plus a seeded review's initial count).
     */
    async toggleLike(userId: number, id: string): Promise<{ liked: boolean; likes: number } | null> {
      if (!isId(id)) return null;
      return db.transaction(async (tx) => {
        const row = (
          await tx.query<{ id: string }>(
            `SELECT id::text AS id FROM reviews WHERE id = $1 AND state = 'reviewed' FOR UPDATE`,
            [id],
          )
        )[0];
        if (!row) return null;
        const removed = await tx.query(
          `DELETE FROM review_likes WHERE review_id = $1 AND user_id = $2 RETURNING review_id`,
          [id, userId],
        );
        if (removed.length === 0)
          await tx.query(`INSERT INTO review_likes (review_id, user_id) VALUES ($1, $2)`, [id, userId]);
        const delta = removed.length === 0 ? 1 : -1;
        const likes = (
          await tx.query<{ likes: number }>(
            `UPDATE reviews SET likes = greatest(likes + $2, 0) WHERE id = $1 RETURNING likes`,
            [id, delta],
          )
        )[0]!.likes;
        return { liked: delta === 1, likes };
      });
    },

    /** A review photo: public once its review is published, else only for the author and staff; images only. */
    async photo(
      viewer: { id: number; staff: boolean } | null,
      uploadId: string,
    ): Promise<{ content_type: string; bytes: Buffer; public: boolean } | null> {
      if (!isUuid(uploadId)) return null;
      const row = (
        await db.query<{ content_type: string; bytes: Uint8Array; user_id: number; state: ReviewState }>(
          `SELECT u.content_type, u.bytes, u.user_id, r.state FROM uploads u JOIN reviews r ON r.id = u.review_id
           WHERE u.id = $1`,
          [uploadId],
        )
      )[0];
      if (!row || !REVIEW_PHOTO_TYPES.includes(row.content_type)) return null;
      const isPublic = row.state === 'reviewed';
      if (!isPublic && !(viewer && (viewer.staff || viewer.id === row.user_id))) return null;
      return { content_type: row.content_type, bytes: Buffer.from(row.bytes), public: isPublic };
    },

    /** What staff moderate: reviews or additions waiting, oldest first. */
    async pending(limit = 100): Promise<ReviewWithPhotos[]> {
      const rows = await db.query<ReviewRow>(
        `SELECT ${COLUMNS} FROM reviews r WHERE r.state = 'pending' OR r.addition_state = 'pending'
         ORDER BY r.updated_at, r.id LIMIT $1`,
        [limit],
      );
      return withPhotos(db, rows, null);
    },

    /**
     * Staff publish or reject a pending review (or its addition); the author gets a message in the same transaction.
     * Only a pending part moves; an addition waits until its review is published or is rejected with it.
     */
    async moderate(
      id: string,
      part: ModerationPart,
      decision: 'reviewed' | 'rejected',
      note: string,
      message: Message,
    ): Promise<'moved' | 'not_found' | 'not_allowed'> {
      if (!isId(id)) return 'not_found';
      return db.transaction(async (tx) => {
        const row = await one(tx, id, true);
        if (!row) return 'not_found';
        if (part === 'review') {
          if (row.state !== 'pending') return 'not_allowed';
          await tx.query(
            `UPDATE reviews SET state = $2, state_note = $3, updated_at = now(),
               published_at = CASE WHEN $2 = 'reviewed' THEN now() ELSE published_at END,
               addition_state = CASE WHEN $2 = 'rejected' AND addition_state = 'pending' THEN 'rejected'
               ELSE addition_state END
             WHERE id = $1`,
            [id, decision, note],
          );
        } else {
          if (row.addition_state !== 'pending') return 'not_allowed';
          if (decision === 'reviewed' && row.state !== 'reviewed') return 'not_allowed';
          await tx.query(
            `UPDATE reviews SET addition_state = $2, state_note = CASE WHEN $3 = '' THEN state_note ELSE $3 END,
               updated_at = now() WHERE id = $1`,
            [id, decision, note],
          );
        }
        const moved = (await one(tx, id))!;
        if (moved.user_id !== null) {
          const text = message(moved);
          const link =
            decision === 'reviewed'
              ? `/${moved.url_local}/comment/detail/?id=${moved.id}`
              : `/${moved.url_local}/comment/myreview/`;
          await postMessageIn(tx, { userId: moved.user_id, kind: 'review', title: text.title, body: text.body, link });
        }
        return 'moved';
      });
    },
  };
}

class Rollback extends Error {
  constructor(readonly result: PostResult) {
    super('rollback');
  }
}

function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: string }).code === '23505';
}

export type ReviewsRepository = ReturnType<typeof reviewsRepository>;
