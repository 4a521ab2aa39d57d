-- Catalogue: seeded from content/snapshots (see seed.ts); offers carry the per-country prices and stock.
CREATE TABLE products (
  id             text PRIMARY KEY,
  category       text NOT NULL,
  sub_category   text NOT NULL,
  name           text NOT NULL,
  image          text NOT NULL,
  purchase_limit integer NOT NULL CHECK (purchase_limit > 0),
  rank           integer NOT NULL DEFAULT 0,
  data           jsonb NOT NULL
);
CREATE INDEX products_category_idx ON products (category, sub_category);

CREATE TABLE commodities (
  commodity_id      text PRIMARY KEY,
  goods_id          text NOT NULL,
  product_id        text NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  first_spec_value  text NOT NULL DEFAULT '',
  second_spec_value text NOT NULL DEFAULT '',
  position          integer NOT NULL DEFAULT 0
);
CREATE INDEX commodities_product_idx ON commodities (product_id);

CREATE TABLE offers (
  commodity_id text NOT NULL REFERENCES commodities (commodity_id) ON DELETE CASCADE,
  local        text NOT NULL,
  currency     text NOT NULL,
  sale_price   numeric(14, 2) NOT NULL,
  market_price numeric(14, 2) NOT NULL,
  stock        integer NOT NULL CHECK (stock >= 0),
  PRIMARY KEY (commodity_id, local)
);
CREATE INDEX offers_local_idx ON offers (local);

-- CMS content per storefront (header/footer) and support content (FAQ, articles).
CREATE TABLE header_footer (
  url_local text PRIMARY KEY,
  data      jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE support_content (
  kind text NOT NULL,           -- 'faq' | 'article'
  id   text NOT NULL,
  data jsonb NOT NULL,
  PRIMARY KEY (kind, id)
);

CREATE TABLE diversions (
  url_local   text NOT NULL,
  channel_tag text NOT NULL,
  data        jsonb NOT NULL,
  PRIMARY KEY (url_local, channel_tag)
);

CREATE TABLE seed_state (
  name       text PRIMARY KEY,
  hash       text NOT NULL,
  seeded_at  timestamptz NOT NULL DEFAULT now()
);

-- Accounts and sessions.
CREATE TABLE users (
  id                 serial PRIMARY KEY,
  email              text NOT NULL UNIQUE,       -- stored lower-cased
  password_hash      text NOT NULL,
  nickname           text NOT NULL,
  c_user_id          text NOT NULL UNIQUE,       -- readable customer id cookie value, not guessable from id
  icon               text,
  received_join_tokens boolean NOT NULL DEFAULT false,
  created_at         timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sessions (
  token_hash text PRIMARY KEY,                   -- sha256 of the cookie value; the token itself is never stored
  user_id    integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

-- Failed sign-ins per key (email or client address): throttling shared by every API instance.
CREATE TABLE login_failures (
  id         bigserial PRIMARY KEY,
  key        text NOT NULL,
  failed_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_failures_key_idx ON login_failures (key, failed_at);

CREATE TABLE messages (
  id         serial PRIMARY KEY,
  user_id    integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  title      text NOT NULL,
  body       text NOT NULL,
  read_at    timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX messages_unread_idx ON messages (user_id) WHERE read_at IS NULL;

-- Carts: a visitor cart (cookie cartId) or the cart of a user; prices are read per storefront country.
CREATE TABLE carts (
  id         uuid PRIMARY KEY,
  user_id    integer UNIQUE REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE cart_items (
  cart_id      uuid NOT NULL REFERENCES carts (id) ON DELETE CASCADE,
  commodity_id text NOT NULL REFERENCES commodities (commodity_id) ON DELETE CASCADE,
  quantity     integer NOT NULL CHECK (quantity > 0),
  checked      boolean NOT NULL DEFAULT true,
  added_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (cart_id, commodity_id)
);

CREATE TABLE subscriptions (
  email             text NOT NULL,
  local             text NOT NULL,
  url_local         text NOT NULL,
  unsubscribe_token text NOT NULL UNIQUE,
  subscribed_at     timestamptz NOT NULL DEFAULT now(),
  unsubscribed_at   timestamptz,
  PRIMARY KEY (email, local)
);

CREATE TABLE error_reports (
  id         bigserial PRIMARY KEY,
  url_local  text NOT NULL,
  url        text NOT NULL,
  content    text NOT NULL,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Support chat: one conversation per signed-in user or visitor per storefront.
CREATE TABLE chat_conversations (
  id         uuid PRIMARY KEY,
  url_local  text NOT NULL,
  user_id    integer REFERENCES users (id) ON DELETE CASCADE,
  visitor_id text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX chat_conversations_user_idx ON chat_conversations (url_local, user_id) WHERE user_id IS NOT NULL;
CREATE UNIQUE INDEX chat_conversations_visitor_idx ON chat_conversations (url_local, visitor_id) WHERE visitor_id IS NOT NULL;

CREATE TABLE chat_messages (
  id              bigserial PRIMARY KEY,
  conversation_id uuid NOT NULL REFERENCES chat_conversations (id) ON DELETE CASCADE,
  sender          text NOT NULL CHECK (sender IN ('user', 'agent')),
  body            text NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX chat_messages_conversation_idx ON chat_messages (conversation_id, id);
