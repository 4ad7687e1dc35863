-- The forms subgraph's schema starts with the mail outbox; submissions arrive with the write-API issue.
CREATE TABLE outbox (
  id bigserial PRIMARY KEY,
  kind text NOT NULL,
  recipient text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  delivered_at timestamptz,
  attempts integer NOT NULL DEFAULT 0
);
CREATE INDEX outbox_pending ON outbox (id) WHERE delivered_at IS NULL;
-- migrate:down
DROP TABLE outbox;
