-- Every accepted form submission (inquiry, inbound inquiry, violation, apply, cashback): one
-- table, the validated fields as JSONB. The mails a submission triggers go to the outbox in
-- the same transaction.
CREATE TABLE submission (
  id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('inquiry', 'inbound_inquiry', 'violation', 'apply', 'cashback')),
  -- 受付番号 shown on the completed page and in mails, e.g. IQ-20241003-7K2M9Q.
  receipt_no text NOT NULL UNIQUE,
  -- The visitor and client IP from the gateway's token (abuse handling, rate-limit audits).
  uid text NOT NULL,
  ip text,
  email text NOT NULL,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX submission_kind_created ON submission (kind, created_at DESC);
CREATE INDEX submission_uid_created ON submission (uid, created_at DESC);
CREATE INDEX submission_email ON submission (lower(email));
-- migrate:down
DROP TABLE submission;
