-- Friend codes: each shopper's code, the sign-ups that came with one, the welcome coupon and the friend's reward.

-- A shopper's own code (made the first time their account page asks for it): short, of unambiguous characters.
CREATE TABLE friend_codes (
  user_id    integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  code       text NOT NULL UNIQUE CHECK (code ~ '^[23456789ABCDEFGHJKMNPQRSTVWXYZ]{8}$'),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The code typed on the sign-up form, kept with its pending sign-up until the mail link finishes it; the browser's
-- device token (hashed) when it had one then.
CREATE TABLE friend_pending_signups (
  token_hash  text PRIMARY KEY REFERENCES account_tokens (token_hash) ON DELETE CASCADE,
  code        text NOT NULL,
  device_hash text
);

-- One row per account that signed up with a code (one reward per new account). joined: waiting for a paid first
-- order; pending: the first order is paid, the reward waits for its return window (due_at once it is delivered);
-- rewarded; not_eligible with the reason (a limit against abuse, or the first order was cancelled or returned).
CREATE TABLE friend_referrals (
  id                    bigserial PRIMARY KEY,
  referrer_id           integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  referee_id            integer NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
  local                 text NOT NULL,
  url_local             text NOT NULL,
  state                 text NOT NULL CHECK (state IN ('joined', 'pending', 'rewarded', 'not_eligible')),
  reason                text CHECK (reason IN ('self_email', 'self_device', 'self_address', 'email_used', 'device_used',
                          'address_used', 'monthly_cap', 'order_cancelled', 'order_returned', 'account_closed',
                          'reward_unavailable')),
  welcome_coupon_id     bigint,     -- the new shopper's user_coupons row
  first_order_id        bigint REFERENCES orders (id) ON DELETE SET NULL,
  due_at                timestamptz,
  reward_kind           text CHECK (reward_kind IN ('points', 'coupon')),
  reward_points         integer CHECK (reward_points > 0),
  reward_coupon_id      bigint,     -- the friend's user_coupons row
  rewarded_at           timestamptz,
  created_at            timestamptz NOT NULL DEFAULT now(),
  updated_at            timestamptz NOT NULL DEFAULT now(),
  CHECK (referrer_id <> referee_id),
  CHECK ((state = 'not_eligible') = (reason IS NOT NULL)),
  CHECK ((state = 'rewarded') = (rewarded_at IS NOT NULL))
);
CREATE INDEX friend_referrals_referrer_idx ON friend_referrals (referrer_id, created_at DESC);
-- What the sweep looks at: referrals still waiting.
CREATE INDEX friend_referrals_open_idx ON friend_referrals (state) WHERE state IN ('joined', 'pending');
-- The monthly cap counts a friend's rewards.
CREATE INDEX friend_referrals_rewarded_idx ON friend_referrals (referrer_id, rewarded_at) WHERE state = 'rewarded';

-- What a reward has been claimed for: one per new shopper's e-mail (normalised), one per device, one per delivery
-- address. Only hashes are kept, and they outlive the accounts, so an address or a browser earns once however many
-- accounts come and go. The primary key decides between parallel claims.
CREATE TABLE friend_reward_claims (
  kind        text NOT NULL CHECK (kind IN ('email', 'device', 'address')),
  key_hash    text NOT NULL,
  referral_id bigint REFERENCES friend_referrals (id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (kind, key_hash)
);

-- The friend's reward in Mi Points is its own line of the ledger.
ALTER TABLE points_ledger DROP CONSTRAINT points_ledger_reason_check;
ALTER TABLE points_ledger ADD CONSTRAINT points_ledger_reason_check
  CHECK (reason IN ('earn', 'redeem', 'return', 'welcome', 'clawback', 'friend'));

-- The friend codes give their coupons (claim_gate 'friend': never claimed by code or from a page), and their welcome
-- coupon is for a shopper's first order only.
ALTER TABLE coupons DROP CONSTRAINT coupons_claim_gate_check;
ALTER TABLE coupons ADD CONSTRAINT coupons_claim_gate_check CHECK (claim_gate IN ('student', 'friend'));
ALTER TABLE coupons ADD COLUMN first_order_only boolean NOT NULL DEFAULT false;
