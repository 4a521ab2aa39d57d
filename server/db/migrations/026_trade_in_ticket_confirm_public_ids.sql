-- Abuse holes an outside probe found: quotes that held a stranger's device, tickets opened under anyone's address,
-- and ids that count the store's orders.

-- Trade-in: an evaluation is only a quote, so it no longer holds the device against other accounts; each account
-- holds at most one active trade-in per device, and a device is redeemed into one order at a time (redeemIn also
-- takes a lock per device, so a second redemption is refused rather than failing on this index).
DROP INDEX trade_ins_one_active_imei_idx;
CREATE UNIQUE INDEX trade_ins_one_active_per_user_idx ON trade_ins (user_id, imei) WHERE state IN ('evaluated', 'redeemed', 'picked_up', 'assessed');
CREATE UNIQUE INDEX trade_ins_one_redeemed_imei_idx ON trade_ins (imei) WHERE state IN ('redeemed', 'picked_up', 'assessed');
