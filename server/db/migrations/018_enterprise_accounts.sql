-- Enterprise (business) purchase accounts (company status, enterprise account states).
-- status, the company status: PENDING 1, BAD 2 (none / default), GOOD 3, REJECTED 4, EXPIRED 5 (GOOD past valid_until).
CREATE TABLE enterprise_accounts (
  id             bigserial PRIMARY KEY,
  user_id        integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  local          text NOT NULL,
  status         smallint NOT NULL CHECK (status IN (1, 3, 4)),
  company_name   text NOT NULL CHECK (char_length(company_name) BETWEEN 1 AND 200),
  -- The country's tax identity as entered and checked (GSTIN, TIN, RUC, VAT, registration number, Turkey ID + tax administration, …).
  tax            jsonb NOT NULL,
  contact        jsonb NOT NULL DEFAULT '{}'::jsonb,
  vat_exempt     boolean NOT NULL DEFAULT false,
  reject_reason  text,
  valid_until    timestamptz,
  reviewed_by    integer REFERENCES users (id) ON DELETE SET NULL,
  reviewed_at    timestamptz,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  CHECK (status <> 3 OR valid_until IS NOT NULL),
  CHECK (status <> 4 OR reject_reason IS NOT NULL)
);
-- One application or account per user and country at a time (a rejected one may be followed by a new one).
CREATE UNIQUE INDEX enterprise_accounts_live_idx ON enterprise_accounts (user_id, local) WHERE status IN (1, 3);
CREATE INDEX enterprise_accounts_review_idx ON enterprise_accounts (status, created_at);
ALTER TABLE uploads ADD COLUMN enterprise_account_id bigint REFERENCES enterprise_accounts (id) ON DELETE CASCADE;
