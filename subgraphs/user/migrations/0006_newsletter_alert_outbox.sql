-- Newsletter registrations, alerts (price drops on favorites, new listings for saved searches),
-- the scan lease, and the mail outbox.
CREATE TABLE newsletter (
  uid text PRIMARY KEY REFERENCES visitor (uid) ON DELETE CASCADE,
  email text NOT NULL,
  favorite_history boolean NOT NULL DEFAULT false,
  list boolean NOT NULL DEFAULT false,
  -- 検討期間 in days: alert mails are sent until review_until.
  review_period smallint NOT NULL,
  review_until timestamptz NOT NULL,
  -- Unguessable token of the stop link in every mail (the link works without the visitor's cookie).
  stop_token text NOT NULL UNIQUE,
  stopped_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE alert (
  id bigserial PRIMARY KEY,
  uid text NOT NULL REFERENCES visitor (uid) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('price_drop', 'new_listings')),
  global_key text,
  from_rent integer,
  to_rent integer,
  search_condition_id bigint REFERENCES search_condition (id) ON DELETE SET NULL,
  new_count integer,
  new_global_keys text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  read_at timestamptz
);
CREATE INDEX alert_visitor ON alert (uid, id DESC);
CREATE INDEX alert_unread ON alert (uid) WHERE read_at IS NULL;

-- One row: a lease so only one process scans at a time.
CREATE TABLE alert_scan (
  id smallint PRIMARY KEY CHECK (id = 1),
  locked_until timestamptz NOT NULL,
  last_started_at timestamptz,
  last_finished_at timestamptz
);
INSERT INTO alert_scan (id, locked_until) VALUES (1, '-infinity');

-- The mail outbox, with the columns of the kit's shared OutboxWorker (the forms subgraph's
-- outbox after its delivery migration): kind, recipient, subject, body, created_at, delivered_at,
-- attempts, plus reply_to, html, next_attempt_at, last_error, message_id, failed_at.
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
DROP TABLE outbox, alert_scan, alert, newsletter;
