-- Mi Club benefits the server applies (sites/club.ts): free express delivery and early access to pre-sales are
-- worked out from the member's level at checkout and need no rows; birthday points do.

-- Birthday points: once per member, country and calendar year of the birthday, whichever process or run gives them
-- (the primary key decides; the ledger entry is written in the same transaction).
CREATE TABLE club_birthday_grants (
  user_id    integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  local      text NOT NULL,
  year       integer NOT NULL CHECK (year BETWEEN 2000 AND 9999),
  level      text NOT NULL CHECK (level IN ('member', 'silver', 'gold', 'platinum')),
  points     integer NOT NULL CHECK (points > 0),
  granted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, local, year)
);

-- The ledger learns the birthday gift.
ALTER TABLE points_ledger DROP CONSTRAINT points_ledger_reason_check;
ALTER TABLE points_ledger ADD CONSTRAINT points_ledger_reason_check
  CHECK (reason IN ('earn', 'redeem', 'return', 'welcome', 'clawback', 'friend', 'birthday'));

