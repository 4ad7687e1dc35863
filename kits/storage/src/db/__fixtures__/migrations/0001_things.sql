CREATE TABLE thing (
  id integer PRIMARY KEY,
  name text NOT NULL,
  tags integer[] NOT NULL DEFAULT '{}',
  doc jsonb
);
-- migrate:down
DROP TABLE thing;
