-- The denormalised listing index: one row per listing, shaped for the search mix of SPEC §3.
-- Built from the bukken subgraph's data (the seed writes both; an indexer keeps it in sync).
CREATE TABLE listing (
  id bigint PRIMARY KEY,
  global_key text NOT NULL UNIQUE,
  building_key text NOT NULL,
  company_id integer NOT NULL,
  prefecture_code smallint NOT NULL,
  city_code integer NOT NULL,
  gd_city_code integer,
  town_code integer,
  building_type smallint NOT NULL,
  chinryou integer NOT NULL,
  kanri_kyoeki integer NOT NULL,
  -- rent including the management fee, for includeKanrihi
  total_rent integer NOT NULL,
  no_shikikin boolean NOT NULL,
  no_reikin boolean NOT NULL,
  plan_code smallint NOT NULL,
  area real NOT NULL,
  floor smallint NOT NULL,
  walk_min smallint NOT NULL,
  station_groups integer[] NOT NULL,
  line_codes integer[] NOT NULL,
  condition_codes smallint[] NOT NULL,
  built_year smallint NOT NULL,
  built_date date NOT NULL,
  arrived_at timestamptz NOT NULL,
  view_count integer NOT NULL,
  initial_cost integer NOT NULL,
  lat double precision NOT NULL,
  lng double precision NOT NULL,
  -- normalised bigrams of name, address, line and station names for free-word search
  words text[] NOT NULL,
  archived boolean NOT NULL DEFAULT false
);

-- Place filters with the default sort (newest first) and the rent sort.
CREATE INDEX listing_pref_arrived ON listing (prefecture_code, arrived_at DESC) WHERE NOT archived;
CREATE INDEX listing_pref_rent ON listing (prefecture_code, chinryou) WHERE NOT archived;
CREATE INDEX listing_city_rent ON listing (city_code, chinryou) WHERE NOT archived;
CREATE INDEX listing_gd_city ON listing (gd_city_code) WHERE gd_city_code IS NOT NULL AND NOT archived;
CREATE INDEX listing_town ON listing (town_code) WHERE NOT archived;
-- Line and station filters, conditions, free words.
CREATE INDEX listing_lines ON listing USING gin (line_codes) WHERE NOT archived;
CREATE INDEX listing_stations ON listing USING gin (station_groups) WHERE NOT archived;
CREATE INDEX listing_conditions ON listing USING gin (condition_codes) WHERE NOT archived;
CREATE INDEX listing_words ON listing USING gin (words) WHERE NOT archived;
-- Map cells and bounding boxes.
CREATE INDEX listing_latlng ON listing (lat, lng) WHERE NOT archived;
-- Company pages and archive pages.
CREATE INDEX listing_company ON listing (company_id, arrived_at DESC);
CREATE INDEX listing_archived_city ON listing (city_code) WHERE archived;
-- migrate:down
DROP TABLE listing;
