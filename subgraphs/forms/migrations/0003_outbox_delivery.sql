-- The outbox gains what the kit's OutboxWorker needs: leases and backoff (next_attempt_at),
-- the last error, the Message-ID sent, a give-up mark, Reply-To and an HTML alternative;
-- and a link to the submission that triggered the mail.
ALTER TABLE outbox
  ADD COLUMN reply_to text,
  ADD COLUMN html text,
  ADD COLUMN next_attempt_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN last_error text,
  ADD COLUMN message_id text,
  ADD COLUMN failed_at timestamptz,
  ADD COLUMN submission_id bigint REFERENCES submission (id);
DROP INDEX outbox_pending;
CREATE INDEX outbox_due ON outbox (next_attempt_at, id) WHERE delivered_at IS NULL AND failed_at IS NULL;
CREATE INDEX outbox_submission ON outbox (submission_id);
-- migrate:down
DROP INDEX outbox_submission;
DROP INDEX outbox_due;
CREATE INDEX outbox_pending ON outbox (id) WHERE delivered_at IS NULL;
ALTER TABLE outbox
  DROP COLUMN submission_id,
  DROP COLUMN failed_at,
  DROP COLUMN message_id,
  DROP COLUMN last_error,
  DROP COLUMN next_attempt_at,
  DROP COLUMN html,
  DROP COLUMN reply_to;
