-- Sign-in links by mail (the second factor of an attacked account): while an account's password is being guessed,
-- a right password from a browser the account does not know gets a one-time link instead of a session. The link
-- works only in the browser that asked for it: the row keeps the hash of a cookie given to that browser, so whoever
-- holds the link alone (a forwarded or intercepted mail) cannot use it.
ALTER TABLE account_tokens DROP CONSTRAINT account_tokens_purpose_check;
ALTER TABLE account_tokens ADD CONSTRAINT account_tokens_purpose_check CHECK (purpose IN ('register', 'reset', 'sign-in'));
ALTER TABLE account_tokens ADD COLUMN browser_hash text;
