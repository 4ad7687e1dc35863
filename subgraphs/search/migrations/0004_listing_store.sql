-- The store (SPEC's Company) each listing is advertised by, for /bukken/company/{companyKey}.
ALTER TABLE listing ADD COLUMN store_id integer NOT NULL DEFAULT 0;
CREATE INDEX listing_store ON listing (store_id, arrived_at DESC) WHERE NOT archived;
-- migrate:down
ALTER TABLE listing DROP COLUMN store_id;
