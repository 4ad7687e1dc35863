-- Each listing's GeoHex cell at every map level (3–12, resolvers/map.ts), derived by the database on
-- every write (so the seed and any writer never fill them) and for existing rows by this migration.
-- A map view then counts listings per cell with an index-only GROUP BY instead of running the grid
-- arithmetic per listing per query.

-- The grid cell (x, y) holding a point at the level, packed into one bigint: x * 2^32 + (y + 2^31)
-- (repositories/listing-map.ts unpacks it). The arithmetic of domain/geohex.ts xyOfLocation step by
-- step, without its antimeridian fold (which never applies in Japan), with its constants as the same
-- doubles: 20037508.34, and tan(π/6) written as JavaScript's Math.tan(Math.PI / 6). The Mercator y is
-- the expression of listing.merc_y (migration 0005), so the cells are exactly those 0005's y gave.
CREATE FUNCTION geohex_cell(lat double precision, lng double precision, level integer) RETURNS bigint
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  h_base constant double precision := 20037508.34;
  h_k constant double precision := 0.5773502691896257;
  hsize constant double precision := h_base / power(3::double precision, level + 3);
  mx constant double precision := (lng * h_base) / 180;
  my constant double precision := ((ln(tan(((90 + greatest(-89.9, least(89.9, lat))) * pi()) / 360)) / (pi() / 180)) * h_base) / 180;
  px constant double precision := (mx + my / h_k) / (6 * hsize);
  py constant double precision := (my - h_k * mx) / (6 * hsize * h_k);
  x0 constant double precision := floor(px);
  y0 constant double precision := floor(py);
  qx constant double precision := px - x0;
  qy constant double precision := py - y0;
  hx bigint;
  hy bigint;
BEGIN
  -- Inside the unit rhombus, the lattice corner whose hexagon holds the point.
  IF qy > -qx + 1 AND qy < 2 * qx AND qy > 0.5 * qx THEN
    hx := x0 + 1;
    hy := y0 + 1;
  ELSIF qy < -qx + 1 AND qy > 2 * qx - 1 AND qy < 0.5 * qx + 0.5 THEN
    hx := x0;
    hy := y0;
  ELSE
    hx := floor(px + 0.5);
    hy := floor(py + 0.5);
  END IF;
  RETURN hx * 4294967296 + (hy + 2147483648);
END
$$;

-- One table rewrite for all ten columns.
ALTER TABLE listing
  ADD COLUMN hex3 bigint GENERATED ALWAYS AS (geohex_cell(lat, lng, 3)) STORED,
  ADD COLUMN hex4 bigint GENERATED ALWAYS AS (geohex_cell(lat, lng, 4)) STORED,
  ADD COLUMN hex5 bigint GENERATED ALWAYS AS (geohex_cell(lat, lng, 5)) STORED,
  ADD COLUMN hex6 bigint GENERATED ALWAYS AS (geohex_cell(lat, lng, 6)) STORED,
  ADD COLUMN hex7 bigint GENERATED ALWAYS AS (geohex_cell(lat, lng, 7)) STORED,
  ADD COLUMN hex8 bigint GENERATED ALWAYS AS (geohex_cell(lat, lng, 8)) STORED,
  ADD COLUMN hex9 bigint GENERATED ALWAYS AS (geohex_cell(lat, lng, 9)) STORED,
  ADD COLUMN hex10 bigint GENERATED ALWAYS AS (geohex_cell(lat, lng, 10)) STORED,
  ADD COLUMN hex11 bigint GENERATED ALWAYS AS (geohex_cell(lat, lng, 11)) STORED,
  ADD COLUMN hex12 bigint GENERATED ALWAYS AS (geohex_cell(lat, lng, 12)) STORED;

-- Map boxes and GeoHex cells with any condition, newest first, without touching the table. Keyed by
-- 0.01° latitude band first: a box's query names its bands (repositories/listing-search.ts), so each
-- band is one seek and a longitude range, instead of 0005's scan of every listing in the box's
-- latitudes across Japan (50,000 index entries for a 9,000-listing central-Tokyo box). The cells come
-- first among the included columns; merc_y is no longer read by queries.
DROP INDEX listing_search_map;
CREATE INDEX listing_search_map ON listing ((floor(lat * 100)::int), lng, lat)
  INCLUDE (hex3, hex4, hex5, hex6, hex7, hex8, hex9, hex10, hex11, hex12, arrived_at, id, building_type, chinryou, total_rent,
           no_shikikin, no_reikin, plan_code, area, walk_min, built_year, floor, condition_codes)
  WHERE NOT archived;
-- migrate:down
DROP INDEX listing_search_map;
CREATE INDEX listing_search_map ON listing (lat, lng)
  INCLUDE (merc_y, arrived_at, id, building_type, chinryou, total_rent, no_shikikin, no_reikin, plan_code, area, walk_min,
           built_year, floor, condition_codes)
  WHERE NOT archived;
ALTER TABLE listing DROP COLUMN hex3, DROP COLUMN hex4, DROP COLUMN hex5, DROP COLUMN hex6, DROP COLUMN hex7,
  DROP COLUMN hex8, DROP COLUMN hex9, DROP COLUMN hex10, DROP COLUMN hex11, DROP COLUMN hex12;
DROP FUNCTION geohex_cell(double precision, double precision, integer);
