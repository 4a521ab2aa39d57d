-- The student programme: a shopper's student status, verified by a school e-mail address (a one-time link) or by a
-- document staff review, valid for a period; the school addresses each bound to the one account they verified; and
-- the semester's student coupon, issued through the coupon system as a campaign only verified students may claim.

-- One row per verification attempt. state: awaiting_link (the link is mailed to the school address), in_review (a
-- document waits for staff), verified (until valid_until; read as expired after it), rejected (staff, with a reason),
-- withdrawn (a newer request replaced it, or the school address had verified another account), superseded (a newer
-- verification of the account, e.g. a renewal, took its place).
CREATE TABLE student_verifications (
  id               bigserial PRIMARY KEY,
  user_id          integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  local            text NOT NULL,
  url_local        text NOT NULL,
  method           text NOT NULL CHECK (method IN ('email', 'document')),
  state            text NOT NULL
    CHECK (state IN ('awaiting_link', 'in_review', 'verified', 'rejected', 'withdrawn', 'superseded')),
  school_email     text CHECK (school_email IS NULL OR char_length(school_email) BETWEEN 6 AND 254),
  school_name      text CHECK (school_name IS NULL OR char_length(school_name) BETWEEN 2 AND 120),
  -- Only the hash of the link's token; the link works once, until token_expires_at.
  token_hash       text UNIQUE,
  token_expires_at timestamptz,
  reject_reason    text,
  valid_until      timestamptz,
  verified_at      timestamptz,
  -- When the holder was told that the renewal window opened (once per verified status).
  renewal_noticed_at timestamptz,
  reviewed_by      integer REFERENCES users (id) ON DELETE SET NULL,
  reviewed_at      timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  CHECK ((method = 'email') = (school_email IS NOT NULL)),
  CHECK (method <> 'document' OR school_name IS NOT NULL),
  CHECK (state <> 'verified' OR (valid_until IS NOT NULL AND verified_at IS NOT NULL)),
  CHECK (state <> 'rejected' OR reject_reason IS NOT NULL)
);
-- One verified student status per account, whatever the concurrency (a renewal supersedes the old one in the same
-- transaction).
CREATE UNIQUE INDEX student_verifications_one_verified_idx ON student_verifications (user_id) WHERE state = 'verified';
-- One open request per account: a link waiting to be opened or a document waiting for staff.
CREATE UNIQUE INDEX student_verifications_one_open_idx ON student_verifications (user_id)
  WHERE state IN ('awaiting_link', 'in_review');
CREATE INDEX student_verifications_review_idx ON student_verifications (local, state, created_at);
CREATE INDEX student_verifications_renewal_idx ON student_verifications (valid_until)
  WHERE state = 'verified' AND renewal_noticed_at IS NULL;

-- The same school address cannot verify two accounts: the first account to confirm it keeps it (also for renewals).
CREATE TABLE student_school_addresses (
  email      text PRIMARY KEY CHECK (email = lower(email)),
  user_id    integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  bound_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX student_school_addresses_user_idx ON student_school_addresses (user_id);

-- A student card or enrolment letter: an upload of the after-sales upload rules attached to its verification.
ALTER TABLE uploads ADD COLUMN student_verification_id bigint REFERENCES student_verifications (id) ON DELETE CASCADE;
CREATE INDEX uploads_student_idx ON uploads (student_verification_id) WHERE student_verification_id IS NOT NULL;

-- Coupons a programme issues: claim_gate names who may claim one (NULL: anyone, by code or from a page; 'student':
-- only a verified student, through the programme). A student coupon applies to one device (single_unit) and, where
-- the country's offer says so, only to a device priced at most max_unit_price (minor units).
ALTER TABLE coupons ADD COLUMN claim_gate text CHECK (claim_gate IN ('student'));
ALTER TABLE coupons ADD COLUMN max_unit_price bigint CHECK (max_unit_price > 0);
ALTER TABLE coupons ADD COLUMN single_unit boolean NOT NULL DEFAULT false;
