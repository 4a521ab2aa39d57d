import type { LegalAcceptanceRow } from '../repositories/legal-acceptances';
import type { LegalAcceptanceView } from '../schemas/legal';

/** The versions an order was placed under, as the API answers them (null before they were recorded). */
export function legalAcceptanceView(row: LegalAcceptanceRow | null): LegalAcceptanceView | null {
  if (!row) return null;
  return {
    terms_version: row.terms_version,
    terms_language: row.terms_language,
    privacy_version: row.privacy_version,
    privacy_language: row.privacy_language,
    accepted_at: row.accepted_at.toISOString(),
  };
}
