-- A/B assignments as last saved (analytics), and variants an admin forced for themselves.
CREATE TABLE ab_assignment (
  uid text NOT NULL REFERENCES visitor (uid) ON DELETE CASCADE,
  name text NOT NULL,
  value text NOT NULL,
  forced boolean NOT NULL DEFAULT false,
  assigned_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (uid, name)
);
-- migrate:down
DROP TABLE ab_assignment;
