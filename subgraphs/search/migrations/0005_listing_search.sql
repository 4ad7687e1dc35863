-- Listing search (searchBukkens, facets, map): covering indexes so counts are index-only scans,
-- the orders 0002 does not cover, and the Mercator y the GeoHex grid is computed from.

-- Spherical-Mercator y in metres (GeoHex v3, as domain/geohex.ts computes it): ln and tan once per
-- write instead of per map query. Derived by the database, so writers never fill it.
ALTER TABLE listing ADD COLUMN merc_y double precision GENERATED ALWAYS AS (
  ((ln(tan(((90 + greatest(-89.9, least(89.9, lat))) * pi()) / 360)) / (pi() / 180)) * 20037508.34::float8) / 180
) STORED;

-- Place searches (prefecture, city, designated city through its wards) with any condition:
-- counts and facets read only this index (index-only scans; autovacuum keeps the visibility map).
CREATE INDEX listing_search_place ON listing (prefecture_code, city_code)
  INCLUDE (gd_city_code, town_code, building_type, chinryou, total_rent, no_shikikin, no_reikin, plan_code, area, walk_min,
           built_year, floor, line_codes, station_groups, condition_codes)
  WHERE NOT archived;

-- Map boxes and GeoHex cells with any condition, newest first, without touching the table.
CREATE INDEX listing_search_map ON listing (lat, lng)
  INCLUDE (merc_y, arrived_at, id, building_type, chinryou, total_rent, no_shikikin, no_reikin, plan_code, area, walk_min,
           built_year, floor, condition_codes)
  WHERE NOT archived;

-- A city implies its prefecture (and a ward its designated city): tell the planner, so the implied
-- prefecture filter added to city searches does not shrink its row estimates.
CREATE STATISTICS listing_place_stats (dependencies) ON prefecture_code, city_code, gd_city_code FROM listing;

-- Newest first without a prefecture (free word, commute), and max(arrived_at) for the "new" list.
CREATE INDEX listing_arrived ON listing (arrived_at DESC, id DESC) WHERE NOT archived;

-- Every results page shows the most viewed (pickups) and the cheapest to move in (recommended)
-- matches: ordered scans that stop after a few rows, with and without a prefecture.
CREATE INDEX listing_pref_views ON listing (prefecture_code, view_count DESC, id DESC) WHERE NOT archived;
CREATE INDEX listing_views ON listing (view_count DESC, id DESC) WHERE NOT archived;
CREATE INDEX listing_pref_cost ON listing (prefecture_code, initial_cost, id) WHERE NOT archived;
CREATE INDEX listing_cost ON listing (initial_cost, id) WHERE NOT archived;

-- Archive pages by station (listing_archived_city covers the city pages).
CREATE INDEX listing_archived_stations ON listing USING gin (station_groups) WHERE archived;
-- migrate:down
DROP INDEX listing_archived_stations;
DROP INDEX listing_cost;
DROP INDEX listing_pref_cost;
DROP INDEX listing_views;
DROP INDEX listing_pref_views;
DROP INDEX listing_arrived;
DROP STATISTICS listing_place_stats;
DROP INDEX listing_search_map;
DROP INDEX listing_search_place;
ALTER TABLE listing DROP COLUMN merc_y;
