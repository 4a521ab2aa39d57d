-- Enterprise accounts, part 2: the company address and storefront of an application, and EXPIRED 5
-- stored on a lapsed account once its holder re-applies (the live-index then lets the new application in).
ALTER TABLE enterprise_accounts DROP CONSTRAINT enterprise_accounts_status_check;
ALTER TABLE enterprise_accounts ADD CONSTRAINT enterprise_accounts_status_check CHECK (status IN (1, 3, 4, 5));
ALTER TABLE enterprise_accounts ADD COLUMN url_local text NOT NULL DEFAULT '';
ALTER TABLE enterprise_accounts ADD COLUMN address jsonb NOT NULL DEFAULT '{}'::jsonb;
CREATE INDEX uploads_enterprise_idx ON uploads (enterprise_account_id) WHERE enterprise_account_id IS NOT NULL;
