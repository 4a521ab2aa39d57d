import type { Queryable } from '../db/types';

/**
 * One part of a shopper's data archive: the rows of one table that are theirs, with the columns that are secrets
 * (hashed tokens, provider references, file bytes) left out. `covers` names the user columns (`table.column`) the part
 * answers for: server/data-rights/archive-coverage.test.ts holds every such column in the database to this list and
 * to LEFT_OUT.
 */
interface ArchivePart {
  name: string;
  table: string;
  /** Which rows: a condition on `t` with $1 = the user id. */
  where: string;
  omit: string[];
  covers: string[];
}

const byOrder = `t.order_id IN (SELECT id FROM orders WHERE user_id = $1)`;

/** Every part of the archive, in the order it is written. */
export const ARCHIVE_PARTS: ArchivePart[] = [
  { name: 'profile', table: 'users', where: 't.id = $1', omit: ['password_hash'], covers: [] },
  { name: 'addresses', table: 'addresses', where: 't.user_id = $1', omit: [], covers: ['addresses.user_id'] },
  // The avatar's sizes and key; the pictures themselves are at user/avatar/{key}/{size} while the account lives.
  { name: 'avatar', table: 'user_avatars', where: 't.user_id = $1', omit: ['bytes'], covers: ['user_avatars.user_id'] },
  // A change of sign-in address waiting for its link: the new address and when, never the link's secret.
  {
    name: 'email_changes',
    table: 'email_changes',
    where: 't.user_id = $1',
    omit: ['token_hash'],
    covers: ['email_changes.user_id'],
  },
  {
    name: 'orders',
    table: 'orders',
    where: 't.user_id = $1',
    omit: ['idempotency_key'],
    covers: ['orders.user_id'],
  },
  { name: 'order_lines', table: 'order_lines', where: byOrder, omit: [], covers: [] },
  { name: 'order_events', table: 'order_events', where: byOrder, omit: [], covers: [] },
  { name: 'shipments', table: 'shipments', where: byOrder, omit: [], covers: [] },
  // Payments without card data: the brand and last four digits the shopper saw, never a token or provider reference.
  {
    name: 'payments',
    table: 'payments',
    where: byOrder,
    omit: ['provider_ref', 'idempotency_key'],
    covers: [],
  },
  { name: 'split_payments', table: 'split_payment_parts', where: byOrder, omit: ['provider_ref'], covers: [] },
  {
    name: 'refunds',
    table: 'refunds',
    where: byOrder,
    omit: ['provider_ref', 'refund_ref', 'attempts', 'next_attempt_at'],
    covers: [],
  },
  { name: 'cash_on_delivery', table: 'cod_orders', where: 't.user_id = $1', omit: [], covers: ['cod_orders.user_id'] },
  { name: 'invoices', table: 'invoices', where: 't.user_id = $1', omit: [], covers: ['invoices.user_id'] },
  {
    name: 'saved_cards',
    table: 'saved_cards',
    where: 't.user_id = $1',
    omit: ['token'],
    covers: ['saved_cards.user_id'],
  },
  { name: 'messages', table: 'messages', where: 't.user_id = $1', omit: [], covers: ['messages.user_id'] },
  {
    name: 'notification_preferences',
    table: 'notification_prefs',
    where: 't.user_id = $1',
    omit: [],
    covers: ['notification_prefs.user_id'],
  },
  // Consents: the newsletter (by the account's address) and the notification preferences above.
  {
    name: 'newsletter',
    table: 'subscriptions',
    where: 't.email = (SELECT email FROM users WHERE id = $1)',
    omit: ['unsubscribe_token', 'confirm_token_hash'],
    covers: [],
  },
  {
    name: 'support_tickets',
    table: 'support_tickets',
    where: 't.user_id = $1',
    omit: [],
    covers: ['support_tickets.user_id'],
  },
  {
    name: 'support_ticket_messages',
    table: 'support_ticket_messages',
    where: 't.ticket_id IN (SELECT id FROM support_tickets WHERE user_id = $1)',
    omit: ['staff_user_id'],
    covers: [],
  },
  {
    name: 'support_requests',
    table: 'support_ticket_requests',
    where: 't.user_id = $1',
    omit: ['token_hash'],
    covers: ['support_ticket_requests.user_id'],
  },
  {
    name: 'chats',
    table: 'chat_conversations',
    where: 't.user_id = $1',
    omit: [],
    covers: ['chat_conversations.user_id'],
  },
  {
    name: 'chat_messages',
    table: 'chat_messages',
    where: 't.conversation_id IN (SELECT id FROM chat_conversations WHERE user_id = $1)',
    omit: [],
    covers: [],
  },
  { name: 'reviews', table: 'reviews', where: 't.user_id = $1', omit: [], covers: ['reviews.user_id'] },
  { name: 'review_likes', table: 'review_likes', where: 't.user_id = $1', omit: [], covers: ['review_likes.user_id'] },
  { name: 'points', table: 'points_ledger', where: 't.user_id = $1', omit: [], covers: ['points_ledger.user_id'] },
  { name: 'coupons', table: 'user_coupons', where: 't.user_id = $1', omit: [], covers: ['user_coupons.user_id'] },
  // The friend code, the friends who joined with it (by internal id only) and the code the shopper joined with.
  { name: 'friend_code', table: 'friend_codes', where: 't.user_id = $1', omit: [], covers: ['friend_codes.user_id'] },
  {
    name: 'friends_invited',
    table: 'friend_referrals',
    where: 't.referrer_id = $1',
    omit: ['referee_id', 'welcome_coupon_id', 'first_order_id'],
    covers: ['friend_referrals.referrer_id'],
  },
  {
    name: 'invited_by',
    table: 'friend_referrals',
    where: 't.referee_id = $1',
    omit: ['referrer_id', 'reward_kind', 'reward_points', 'reward_coupon_id'],
    covers: ['friend_referrals.referee_id'],
  },
  { name: 'f_codes', table: 'fcodes', where: 't.user_id = $1', omit: [], covers: ['fcodes.user_id'] },
  {
    name: 'gift_cards',
    table: 'gift_cards',
    where: 't.owner_id = $1 OR t.bought_by = $1',
    omit: [],
    covers: ['gift_cards.owner_id', 'gift_cards.bought_by'],
  },
  { name: 'trade_ins', table: 'trade_ins', where: 't.user_id = $1', omit: [], covers: ['trade_ins.user_id'] },
  {
    name: 'service_requests',
    table: 'service_requests',
    where: 't.user_id = $1',
    omit: ['assessed_by'],
    covers: ['service_requests.user_id'],
  },
  {
    name: 'service_request_events',
    table: 'service_request_events',
    where: 't.request_id IN (SELECT id FROM service_requests WHERE user_id = $1)',
    omit: [],
    covers: [],
  },
  // The devices the account holds or held, with their numbers and the registrations it made.
  { name: 'devices', table: 'devices', where: 't.user_id = $1', omit: ['reviewed_by'], covers: ['devices.user_id'] },
  // Device insurance: the plans bought, one policy per insured unit, and the claims made on them.
  { name: 'insurance_lines', table: 'order_insurance_lines', where: byOrder, omit: [], covers: [] },
  { name: 'insurance_policies', table: 'insurance_policies', where: byOrder, omit: [], covers: [] },
  {
    name: 'insurance_claims',
    table: 'insurance_claims',
    where: 't.request_id IN (SELECT id FROM service_requests WHERE user_id = $1)',
    omit: [],
    covers: [],
  },
  { name: 'appointments', table: 'appointments', where: 't.user_id = $1', omit: [], covers: ['appointments.user_id'] },
  // Files are listed with their names and sizes; their bytes stay downloadable where the shopper attached them.
  { name: 'uploads', table: 'uploads', where: 't.user_id = $1', omit: ['bytes'], covers: ['uploads.user_id'] },
  {
    name: 'business_accounts',
    table: 'enterprise_accounts',
    where: 't.user_id = $1',
    omit: ['reviewed_by'],
    covers: ['enterprise_accounts.user_id'],
  },
  {
    name: 'club_birthday_grants',
    table: 'club_birthday_grants',
    where: 't.user_id = $1',
    omit: [],
    covers: ['club_birthday_grants.user_id'],
  },
  {
    name: 'stock_alerts',
    table: 'stock_alerts',
    where: 't.user_id = $1',
    omit: [],
    covers: ['stock_alerts.user_id'],
  },
  {
    name: 'sale_reminders',
    table: 'sale_reminders',
    where: 't.user_id = $1',
    omit: [],
    covers: ['sale_reminders.user_id'],
  },
  // Flash sales: the places the shopper was given (state, units, the order) and every ask with when it reached the
  // store, from which browser and address.
  {
    name: 'flash_sale_places',
    table: 'flash_places',
    where: 't.user_id = $1',
    omit: [],
    covers: ['flash_places.user_id'],
  },
  {
    name: 'flash_sale_asks',
    table: 'flash_arrivals',
    where: 't.user_id = $1',
    omit: [],
    covers: ['flash_arrivals.user_id'],
  },
  {
    name: 'student_status',
    table: 'student_verifications',
    where: 't.user_id = $1',
    omit: ['token_hash', 'reviewed_by'],
    covers: ['student_verifications.user_id'],
  },
  {
    name: 'school_addresses',
    table: 'student_school_addresses',
    where: 't.user_id = $1',
    omit: [],
    covers: ['student_school_addresses.user_id'],
  },
  { name: 'carts', table: 'carts', where: 't.user_id = $1', omit: [], covers: ['carts.user_id'] },
  {
    name: 'cart_items',
    table: 'cart_items',
    where: 't.cart_id IN (SELECT id FROM carts WHERE user_id = $1)',
    omit: [],
    covers: [],
  },
  {
    name: 'cart_insurance',
    table: 'cart_insurance',
    where: 't.cart_id IN (SELECT id FROM carts WHERE user_id = $1)',
    omit: [],
    covers: [],
  },
  {
    name: 'signed_in_sessions',
    table: 'sessions',
    where: 't.user_id = $1',
    omit: ['token_hash'],
    covers: ['sessions.user_id'],
  },
  {
    name: 'trusted_browsers',
    table: 'trusted_devices',
    where: 't.user_id = $1',
    omit: ['token_hash'],
    covers: ['trusted_devices.user_id'],
  },
  {
    name: 'data_archives',
    table: 'data_exports',
    where: 't.user_id = $1',
    omit: ['archive', 'public_id'],
    covers: ['data_exports.user_id'],
  },
  {
    name: 'account_deletions',
    table: 'account_deletions',
    where: 't.user_id = $1',
    omit: ['token_hash'],
    covers: ['account_deletions.user_id'],
  },
];

/**
 * User columns deliberately not in the archive, each with the reason. A new table with a user id must be added to
 * ARCHIVE_PARTS or here, or the coverage test fails.
 */
export const LEFT_OUT: Record<string, string> = {
  'account_tokens.user_id':
    'one-time sign-up, reset and sign-in links: secrets that expire within hours; the account they lead to is archived',
  'sandbox_async_payments.user_id': "the payment sandbox stands in for a provider's own records, not the store's",
  'sandbox_bank_accounts.user_id': "the payment sandbox stands in for a bank's own records, not the store's",
  'sandbox_bnpl_sessions.user_id': "the payment sandbox stands in for a pay-later provider's own records",
  'enterprise_accounts.reviewed_by': "the staff member who reviewed a business application: staff's work record",
  'service_requests.assessed_by': "the staff member who assessed a return: staff's work record",
  'student_verifications.reviewed_by': "the staff member who decided on a student document: staff's work record",
  'devices.reviewed_by': "the staff member who verified or refused a registration: staff's work record",
  'support_ticket_messages.staff_user_id':
    "the staff member who answered: staff's work record (the answer is archived)",
  'release_builds.requested_by': 'release managers only: storefront builds they asked for',
  'release_events.actor_id': 'release managers only: their actions in the release console',
  'stock_movements.actor_id': "operators only: who moved stock, the warehouse's work record",
  'webhook_endpoints.created_by': 'staff only: who registered a webhook receiver',
};

/** The shopper's data, part by part: the archive's content (without its envelope). */
export async function readArchiveParts(q: Queryable, userId: number): Promise<Record<string, unknown[]>> {
  const parts: Record<string, unknown[]> = {};
  for (const part of ARCHIVE_PARTS) {
    const rows = await q.query<{ row: unknown }>(
      `SELECT to_jsonb(t) - $2::text[] AS row FROM ${part.table} t WHERE ${part.where}`,
      [userId, part.omit],
    );
    parts[part.name] = rows.map((r) => r.row);
  }
  return parts;
}

/** Every `table.column` of the database naming a user: columns called user_id and those referencing users. */
export async function userColumns(q: Queryable): Promise<string[]> {
  const rows = await q.query<{ name: string }>(
    `SELECT c.table_name || '.' || c.column_name AS name FROM information_schema.columns c
      WHERE c.table_schema = current_schema() AND c.column_name = 'user_id'
     UNION
     SELECT kcu.table_name || '.' || kcu.column_name FROM information_schema.table_constraints tc
       JOIN information_schema.key_column_usage kcu
         ON kcu.constraint_name = tc.constraint_name AND kcu.table_schema = tc.table_schema
       JOIN information_schema.constraint_column_usage ccu
         ON ccu.constraint_name = tc.constraint_name AND ccu.table_schema = tc.table_schema
      WHERE tc.constraint_type = 'FOREIGN KEY' AND ccu.table_name = 'users' AND tc.table_schema = current_schema()
     ORDER BY 1`,
  );
  return rows.map((r) => r.name);
}

/**
 * What the archive misses among the database's user columns (`uncovered`), and entries of ARCHIVE_PARTS or LEFT_OUT
 * naming no such column (`stale`).
 */
export function archiveCoverage(columns: readonly string[]): { uncovered: string[]; stale: string[] } {
  const archived = new Set(ARCHIVE_PARTS.flatMap((p) => p.covers));
  return {
    uncovered: columns.filter((c) => !archived.has(c) && !(c in LEFT_OUT)),
    stale: [...archived, ...Object.keys(LEFT_OUT)].filter((c) => !columns.includes(c)),
  };
}
