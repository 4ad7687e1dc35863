-- The outbox columns OutboxWorker needs; a subgraph's own migration creates the same table
-- (extra columns are fine: the worker ignores them).
CREATE TABLE outbox (
  id bigserial PRIMARY KEY,
  kind text NOT NULL,
  recipient text NOT NULL,
  reply_to text,
  subject text NOT NULL,
  body text NOT NULL,
  html text,
  created_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  message_id text,
  delivered_at timestamptz,
  failed_at timestamptz
);
CREATE INDEX outbox_due ON outbox (next_attempt_at, id) WHERE delivered_at IS NULL AND failed_at IS NULL;
-- migrate:down
DROP TABLE outbox;
