-- Campaign windows (coupons, F-code campaigns, pre-sale deposit and final-payment windows) are half-open:
-- live from their start up to, not including, their end, on the database's clock. One function says so, so every
-- sell path (claim, redeem, checkout, final payment) stops at the same instant, whichever API process answers.
CREATE FUNCTION campaign_phase(starts timestamptz, ends timestamptz, at timestamptz DEFAULT now()) RETURNS text
  LANGUAGE sql STABLE AS $$
    SELECT CASE WHEN at < starts THEN 'upcoming' WHEN at < ends THEN 'live' ELSE 'ended' END
  $$;

CREATE FUNCTION campaign_live(starts timestamptz, ends timestamptz, at timestamptz DEFAULT now()) RETURNS boolean
  LANGUAGE sql STABLE AS $$ SELECT starts <= at AND at < ends $$;
