-- Notification preferences: per user and kind, whether the store may send a mail and post a
-- message. No row means both are wanted. Security mails (sign-in, password) and system messages have no row: they
-- always go out. The newsletter (marketing mail) is the subscriptions table itself, so it has no row here either.
CREATE TABLE notification_prefs (
  user_id    integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind       text NOT NULL CHECK (kind IN ('order', 'service', 'ticket', 'review')),
  mail       boolean NOT NULL DEFAULT true,
  message    boolean NOT NULL DEFAULT true,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, kind)
);

-- The inbox list pages by (user, kind) newest first.
CREATE INDEX messages_user_kind_idx ON messages (user_id, kind, id DESC);
