-- Product reviews: a score out of 5, text up to 2000 characters, up to 5 photos (uploads attached
-- to the review), anonymous posting, moderation pending → reviewed or rejected, one follow-up ("additional review")
-- moderated the same way, and likes (one per user). Seeded reviews come from content/snapshots/reviews/reviews.json:
-- they have a seed_id, no user and their photos are content images.
CREATE TABLE reviews (
  id              bigserial PRIMARY KEY,
  seed_id         text UNIQUE,
  user_id         integer REFERENCES users (id) ON DELETE CASCADE,
  local           text NOT NULL,
  url_local       text NOT NULL,
  product_id      text NOT NULL,
  product_name    text NOT NULL,
  order_id        bigint REFERENCES orders (id) ON DELETE SET NULL,
  score           smallint NOT NULL CHECK (score BETWEEN 1 AND 5),
  body            text NOT NULL DEFAULT '' CHECK (char_length(body) <= 2000),
  anonymous       boolean NOT NULL DEFAULT false,
  -- The name shown with the review, fixed when it is posted (already masked when anonymous).
  author_name     text NOT NULL CHECK (char_length(author_name) BETWEEN 1 AND 60),
  state           text NOT NULL CHECK (state IN ('pending', 'reviewed', 'rejected')),
  state_note      text NOT NULL DEFAULT '' CHECK (char_length(state_note) <= 500),
  seed_photos     jsonb NOT NULL DEFAULT '[]',
  addition        text CHECK (addition IS NULL OR char_length(addition) BETWEEN 1 AND 2000),
  addition_state  text CHECK (addition_state IN ('pending', 'reviewed', 'rejected')),
  addition_at     timestamptz,
  likes           integer NOT NULL DEFAULT 0 CHECK (likes >= 0),
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  published_at    timestamptz,
  CHECK (seed_id IS NOT NULL OR user_id IS NOT NULL),
  CHECK ((addition IS NULL) = (addition_state IS NULL))
);
-- A product page reads the published reviews of one product in one country, newest first.
CREATE INDEX reviews_product_idx ON reviews (local, product_id, published_at DESC) WHERE state = 'reviewed';
CREATE INDEX reviews_user_idx ON reviews (user_id, id DESC);
CREATE INDEX reviews_pending_idx ON reviews (updated_at) WHERE state = 'pending' OR addition_state = 'pending';
-- One live review per user, product and country; a rejected one may be written again.
CREATE UNIQUE INDEX reviews_one_per_product ON reviews (user_id, local, product_id) WHERE user_id IS NOT NULL AND state <> 'rejected';

CREATE TABLE review_likes (
  review_id   bigint NOT NULL REFERENCES reviews (id) ON DELETE CASCADE,
  user_id     integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (review_id, user_id)
);

-- Review photos are uploads (migration 015) attached to a review; public once the review is published.
ALTER TABLE uploads ADD COLUMN review_id bigint REFERENCES reviews (id) ON DELETE CASCADE;
CREATE INDEX uploads_review_idx ON uploads (review_id);
