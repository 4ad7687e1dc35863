-- Alert mail setting per saved search (issue 17): off (never mailed), daily (at most one mail a day
-- with what came since the last one), instant (mailed by the scan that found it, the behaviour before).
-- alert_mail_from_id: new-listing alerts of this search with a larger id are still to be mailed
-- (moved on by each mail and by every change of the setting, so a change never mails the past).
ALTER TABLE search_condition
  ADD COLUMN alert_mail text NOT NULL DEFAULT 'instant' CHECK (alert_mail IN ('off', 'daily', 'instant')),
  ADD COLUMN alert_mailed_at timestamptz,
  ADD COLUMN alert_mail_from_id bigint NOT NULL DEFAULT 0;
-- migrate:down
ALTER TABLE search_condition DROP COLUMN alert_mail, DROP COLUMN alert_mailed_at, DROP COLUMN alert_mail_from_id;
