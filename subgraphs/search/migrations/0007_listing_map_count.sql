-- Active listings per GeoHex cell at the low map levels (3–6), per square of the map, kept by the
-- database on every write to listing. A map view without a search condition at these levels covers
-- 100,000–400,000 listings; it adds up these counts for the squares wholly inside its box and counts
-- only the listings of its edge squares (repositories/listing-map.ts), instead of grouping every
-- listing in the box.
--
-- Squares: span 1 is the 0.01° square (floor(lat * 100), floor(lng * 100)), the latitude band of
-- listing_search_map (migration 0006) by the same expression; span 10 is the 0.1° square made of ten
-- by ten of them (the 0.01° indexes divided by 10, rounded down), so each 0.01° square lies in
-- exactly one 0.1° square whatever the rounding of lat * 10 would say. A square crossing a cell
-- border has a row per cell. Only listings NOT archived are counted.
CREATE TABLE listing_map_count (
  level smallint NOT NULL,
  span smallint NOT NULL,
  lat_i integer NOT NULL,
  lng_i integer NOT NULL,
  -- The cell as listing.hex<level> packs it.
  cell bigint NOT NULL,
  n integer NOT NULL,
  PRIMARY KEY (level, span, lat_i, lng_i, cell)
);

-- A listing's rows: one per counted level (COUNTED_HEX_LEVELS in repositories/listing-map.ts) and span.
CREATE FUNCTION listing_map_keys(lat double precision, lng double precision, hex3 bigint, hex4 bigint, hex5 bigint, hex6 bigint)
RETURNS TABLE (level smallint, span smallint, lat_i integer, lng_i integer, cell bigint)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lv.level::smallint, sp.span::smallint, floor(floor(lat * 100) / sp.span)::int, floor(floor(lng * 100) / sp.span)::int, lv.cell
  FROM (VALUES (3, hex3), (4, hex4), (5, hex5), (6, hex6)) lv (level, cell), (VALUES (1), (10)) sp (span)
$$;

-- After each statement writing listing (INSERT, COPY, UPDATE, DELETE): the written rows' keys, +1 per
-- new active row and -1 per old one, summed per key (an update that moves nothing sums to 0 and
-- writes nothing), then added to the counts. Rows whose count reaches 0 are removed.
CREATE FUNCTION listing_map_count_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO listing_map_count AS c (level, span, lat_i, lng_i, cell, n)
    SELECT k.level, k.span, k.lat_i, k.lng_i, k.cell, count(*)::int
    FROM new_rows r, listing_map_keys(r.lat, r.lng, r.hex3, r.hex4, r.hex5, r.hex6) k
    WHERE NOT r.archived
    GROUP BY 1, 2, 3, 4, 5
    ON CONFLICT (level, span, lat_i, lng_i, cell) DO UPDATE SET n = c.n + excluded.n;
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO listing_map_count AS c (level, span, lat_i, lng_i, cell, n)
    SELECT k.level, k.span, k.lat_i, k.lng_i, k.cell, sum(r.d)::int
    FROM (SELECT lat, lng, hex3, hex4, hex5, hex6, 1 AS d FROM new_rows WHERE NOT archived
          UNION ALL SELECT lat, lng, hex3, hex4, hex5, hex6, -1 FROM old_rows WHERE NOT archived) r,
         listing_map_keys(r.lat, r.lng, r.hex3, r.hex4, r.hex5, r.hex6) k
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(r.d) <> 0
    ON CONFLICT (level, span, lat_i, lng_i, cell) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    UPDATE listing_map_count c SET n = c.n - o.n
    FROM (SELECT k.level, k.span, k.lat_i, k.lng_i, k.cell, count(*)::int AS n
          FROM old_rows r, listing_map_keys(r.lat, r.lng, r.hex3, r.hex4, r.hex5, r.hex6) k
          WHERE NOT r.archived GROUP BY 1, 2, 3, 4, 5) o
    WHERE (c.level, c.span, c.lat_i, c.lng_i, c.cell) = (o.level, o.span, o.lat_i, o.lng_i, o.cell);
  END IF;
  -- Only keys an old row had can have dropped to 0.
  DELETE FROM listing_map_count c
  USING (SELECT DISTINCT k.level, k.span, k.lat_i, k.lng_i, k.cell
         FROM old_rows r, listing_map_keys(r.lat, r.lng, r.hex3, r.hex4, r.hex5, r.hex6) k WHERE NOT r.archived) o
  WHERE c.n = 0 AND (c.level, c.span, c.lat_i, c.lng_i, c.cell) = (o.level, o.span, o.lat_i, o.lng_i, o.cell);
  RETURN NULL;
END
$$;

CREATE FUNCTION listing_map_count_clear() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE listing_map_count;
  RETURN NULL;
END
$$;

CREATE TRIGGER listing_map_count_insert AFTER INSERT ON listing REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION listing_map_count_apply();
CREATE TRIGGER listing_map_count_update AFTER UPDATE ON listing REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION listing_map_count_apply();
CREATE TRIGGER listing_map_count_delete AFTER DELETE ON listing REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION listing_map_count_apply();
CREATE TRIGGER listing_map_count_truncate AFTER TRUNCATE ON listing
  FOR EACH STATEMENT EXECUTE FUNCTION listing_map_count_clear();

-- The listings already stored.
INSERT INTO listing_map_count (level, span, lat_i, lng_i, cell, n)
SELECT k.level, k.span, k.lat_i, k.lng_i, k.cell, count(*)::int
FROM listing r, listing_map_keys(r.lat, r.lng, r.hex3, r.hex4, r.hex5, r.hex6) k
WHERE NOT r.archived
GROUP BY 1, 2, 3, 4, 5;
-- migrate:down
DROP TRIGGER listing_map_count_truncate ON listing;
DROP TRIGGER listing_map_count_delete ON listing;
DROP TRIGGER listing_map_count_update ON listing;
DROP TRIGGER listing_map_count_insert ON listing;
DROP FUNCTION listing_map_count_clear();
DROP FUNCTION listing_map_count_apply();
DROP FUNCTION listing_map_keys(double precision, double precision, bigint, bigint, bigint, bigint);
DROP TABLE listing_map_count;
