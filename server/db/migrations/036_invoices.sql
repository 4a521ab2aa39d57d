-- Invoices and credit notes: legal documents the store issues after a sale (an invoice per paid or shipped order,
-- a credit note per refund of a sale). Their numbers run per country, series and year without gaps: the counter row
-- is incremented in the transaction that writes the document, so a rolled-back issue gives its number back and two
-- issues at once wait for each other instead of taking the same number.
CREATE TABLE invoice_counters (
  local      text NOT NULL,
  series     text NOT NULL CHECK (series IN ('invoice', 'credit_note')),
  year       integer NOT NULL CHECK (year BETWEEN 2000 AND 9999),
  last_value integer NOT NULL CHECK (last_value > 0),
  PRIMARY KEY (local, series, year)
);

-- One row per document, never updated: `content` is what the document says (seller, buyer, lines, tax, totals) as
-- it was issued; the PDF is rendered from it, so every download and the mail's attachment show the same document.
CREATE TABLE invoices (
  id          bigserial PRIMARY KEY,
  kind        text NOT NULL CHECK (kind IN ('invoice', 'credit_note')),
  number      text NOT NULL UNIQUE,
  local       text NOT NULL,
  year        integer NOT NULL,
  seq         integer NOT NULL CHECK (seq > 0),
  order_id    bigint NOT NULL REFERENCES orders (id) ON DELETE RESTRICT,
  user_id     integer NOT NULL,
  url_local   text NOT NULL,                       -- the storefront (language) the document is written in
  refund_id   bigint REFERENCES refunds (id) ON DELETE RESTRICT,
  invoice_id  bigint REFERENCES invoices (id),     -- a credit note: the invoice it corrects
  currency    text NOT NULL,
  total       bigint NOT NULL,                     -- negative on a credit note
  tax         bigint NOT NULL,
  content     jsonb NOT NULL,
  issued_at   timestamptz NOT NULL DEFAULT now(),
  UNIQUE (local, kind, year, seq),
  CHECK ((kind = 'invoice') = (refund_id IS NULL AND invoice_id IS NULL))
);
-- One invoice per order, one credit note per refund, whatever the number of processes issuing them.
CREATE UNIQUE INDEX invoices_one_per_order_idx ON invoices (order_id) WHERE kind = 'invoice';
CREATE UNIQUE INDEX invoices_one_per_refund_idx ON invoices (refund_id) WHERE refund_id IS NOT NULL;
CREATE INDEX invoices_order_idx ON invoices (order_id, id);
CREATE INDEX invoices_staff_idx ON invoices (local, issued_at DESC);

-- A mail's attachments are references ({kind, ref, filename}) the sender resolves when it sends, not copies of the
-- file in every row.
ALTER TABLE mail_outbox ADD COLUMN attachments jsonb NOT NULL DEFAULT '[]';
