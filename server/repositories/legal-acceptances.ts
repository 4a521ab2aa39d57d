import type { Database, Queryable } from '../db/types';

/** The versions of the legal documents a shopper accepted with an order, and the language each was shown in. */
export interface LegalAcceptance {
  termsVersion: string;
  termsLanguage: string;
  privacyVersion: string;
  privacyLanguage: string;
}

export interface LegalAcceptanceRow {
  order_id: string;
  terms_version: string;
  terms_language: string;
  privacy_version: string;
  privacy_language: string;
  accepted_at: Date;
}

/** The order_legal_acceptances rows: one per order, written once by placement. */
export function legalAcceptancesRepository(db: Database) {
  return {
    /** Records what the shopper accepted with a new order, in the placement's transaction. */
    async recordIn(tx: Queryable, orderId: string, accepted: LegalAcceptance): Promise<void> {
      await tx.query(
        `INSERT INTO order_legal_acceptances
           (order_id, terms_version, terms_language, privacy_version, privacy_language)
         VALUES ($1, $2, $3, $4, $5)`,
        [orderId, accepted.termsVersion, accepted.termsLanguage, accepted.privacyVersion, accepted.privacyLanguage],
      );
    },

    /** What was accepted with an order, or null for an order placed before versions were recorded. */
    async ofOrder(orderId: string): Promise<LegalAcceptanceRow | null> {
      const rows = await db.query<LegalAcceptanceRow>(
        `SELECT order_id::text AS order_id, terms_version, terms_language, privacy_version, privacy_language,
                accepted_at
           FROM order_legal_acceptances WHERE order_id = $1`,
        [orderId],
      );
      return rows[0] ?? null;
    },
  };
}
export type LegalAcceptancesRepository = ReturnType<typeof legalAcceptancesRepository>;
