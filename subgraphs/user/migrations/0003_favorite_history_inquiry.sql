-- Favorites (limit 50, enforced under a row lock on visitor), detail history (newest first, capped)
-- and inquiries (incomplete until the apply form reports them sent).
CREATE TABLE favorite (
  id bigserial PRIMARY KEY,
  uid text NOT NULL REFERENCES visitor (uid) ON DELETE CASCADE,
  global_key text NOT NULL CHECK (global_key ~ '^bk[0-9]{9}$'),
  added_at timestamptz NOT NULL DEFAULT now(),
  -- Rent seen by the last alert scan; NULL until the first scan records the baseline.
  last_rent integer,
  UNIQUE (uid, global_key)
);
CREATE INDEX favorite_visitor_added ON favorite (uid, added_at, id);
CREATE INDEX favorite_global_key ON favorite (global_key);

-- Re-viewing takes a new seq, so "newest first" is ORDER BY seq DESC even within one transaction.
CREATE SEQUENCE history_seq;
CREATE TABLE history (
  id bigserial PRIMARY KEY,
  uid text NOT NULL REFERENCES visitor (uid) ON DELETE CASCADE,
  global_key text NOT NULL CHECK (global_key ~ '^bk[0-9]{9}$'),
  kind text NOT NULL CHECK (kind IN ('applied', 'viewed', 'viewed_incompleted')),
  viewed_at timestamptz NOT NULL DEFAULT now(),
  seq bigint NOT NULL DEFAULT nextval('history_seq'),
  UNIQUE (uid, global_key)
);
CREATE INDEX history_visitor_seq ON history (uid, seq DESC);

CREATE SEQUENCE inquiry_seq;
CREATE TABLE inquiry (
  uid text NOT NULL REFERENCES visitor (uid) ON DELETE CASCADE,
  global_key text NOT NULL CHECK (global_key ~ '^bk[0-9]{9}$'),
  list_kind text NOT NULL CHECK (list_kind IN ('building_page_bukken', 'contacted_bukken', 'favorite_bukken')),
  -- true while the inquiry is started but not sent (SPEC's incomplete inquiry).
  pending boolean NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  seq bigint NOT NULL DEFAULT nextval('inquiry_seq'),
  PRIMARY KEY (uid, global_key)
);
CREATE INDEX inquiry_pending ON inquiry (uid, seq DESC) WHERE pending;
CREATE INDEX inquiry_sent ON inquiry (uid) WHERE sent_at IS NOT NULL;
-- migrate:down
DROP TABLE inquiry, history, favorite;
DROP SEQUENCE inquiry_seq, history_seq;
