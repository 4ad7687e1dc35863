-- The user subgraph's schema starts with the visitor record; favorites and the rest arrive with the write-API issue.
CREATE TABLE visitor (
  uid text PRIMARY KEY,
  admin boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_updated_at timestamptz NOT NULL DEFAULT now()
);
-- migrate:down
DROP TABLE visitor;
