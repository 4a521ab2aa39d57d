-- Staff (a role on the same accounts): support staff sign in like shoppers and reach the support console. The seeded staff
-- account comes from STAFF_EMAIL/STAFF_PASSWORD (server/auth/staff-account.ts).
ALTER TABLE users ADD COLUMN role text NOT NULL DEFAULT 'shopper' CHECK (role IN ('shopper', 'staff'));
CREATE INDEX users_staff_idx ON users (role) WHERE role = 'staff';

-- Messages: what kind (order, service, ticket, system) and where it leads, so every feature posts one
-- through server/repositories/messages.ts and /user/message lists them.
ALTER TABLE messages ADD COLUMN kind text NOT NULL DEFAULT 'system' CHECK (kind IN ('order', 'service', 'ticket', 'review', 'system'));
ALTER TABLE messages ADD COLUMN link text;
CREATE INDEX messages_user_idx ON messages (user_id, id DESC);
