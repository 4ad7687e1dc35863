-- What the search subgraph's in-memory listing index (repositories/listing-index.ts) follows listing by.
--
-- written_xact: the transaction that last inserted or updated the row. The index loads every row in one
-- snapshot and remembers that snapshot's xmin (every transaction below it had ended); later it reads only
-- the rows written by a transaction at or above the xmin it remembered, and remembers the new snapshot's.
-- A transaction still running at a read is at or above that read's xmin, so its rows are read once it has
-- committed; no commit order can hide a row (a sequence number could: taken before a commit, seen after).
-- Rows written before this migration keep NULL and are read by the full load.
ALTER TABLE listing ADD COLUMN written_xact xid8;

CREATE FUNCTION listing_written() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.written_xact := pg_current_xact_id();
  RETURN NEW;
END
$$;
CREATE TRIGGER listing_written BEFORE INSERT OR UPDATE ON listing FOR EACH ROW EXECUTE FUNCTION listing_written();
CREATE INDEX listing_written_xact ON listing (written_xact) WHERE written_xact IS NOT NULL;

-- Rows deleted leave nothing to read: each DELETE or TRUNCATE statement bumps the generation, and the
-- index loads everything again when it sees a new one (listings are archived, not deleted, in the product).
CREATE TABLE listing_generation (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  generation bigint NOT NULL
);
INSERT INTO listing_generation (generation) VALUES (0);

CREATE FUNCTION listing_generation_bump() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE listing_generation SET generation = generation + 1;
  RETURN NULL;
END
$$;
CREATE TRIGGER listing_deleted AFTER DELETE ON listing FOR EACH STATEMENT EXECUTE FUNCTION listing_generation_bump();
CREATE TRIGGER listing_truncated AFTER TRUNCATE ON listing FOR EACH STATEMENT EXECUTE FUNCTION listing_generation_bump();
-- migrate:down
DROP TRIGGER listing_truncated ON listing;
DROP TRIGGER listing_deleted ON listing;
DROP FUNCTION listing_generation_bump();
DROP TABLE listing_generation;
DROP TRIGGER listing_written ON listing;
DROP FUNCTION listing_written();
ALTER TABLE listing DROP COLUMN written_xact;
