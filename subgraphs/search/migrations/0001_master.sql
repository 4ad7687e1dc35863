-- Master data owned by the search subgraph: places, railways, campuses, specials, conditions.
CREATE TABLE prefecture (
  code smallint PRIMARY KEY,
  jis_code char(6) NOT NULL UNIQUE,
  name text NOT NULL,
  short_name text NOT NULL,
  kana text NOT NULL,
  path text NOT NULL UNIQUE,
  lat double precision NOT NULL,
  lng double precision NOT NULL
);

CREATE TABLE region (
  grouping text NOT NULL CHECK (grouping IN ('display', 'eleven')),
  code text NOT NULL,
  name text NOT NULL,
  sort smallint NOT NULL,
  prefecture_codes smallint[] NOT NULL,
  PRIMARY KEY (grouping, code)
);

CREATE TABLE city (
  code integer PRIMARY KEY,
  jis_code char(6) NOT NULL UNIQUE,
  prefecture_code smallint NOT NULL REFERENCES prefecture (code),
  name text NOT NULL,
  kana text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('designated', 'ward', 'special_ward', 'city', 'town', 'village')),
  gd_city_code integer REFERENCES city (code),
  searchable boolean NOT NULL,
  lat double precision,
  lng double precision
);
CREATE INDEX city_prefecture ON city (prefecture_code, code);
CREATE INDEX city_gd ON city (gd_city_code) WHERE gd_city_code IS NOT NULL;

CREATE TABLE town (
  code integer PRIMARY KEY,
  city_code integer NOT NULL REFERENCES city (code),
  name text NOT NULL,
  kana text NOT NULL,
  lat double precision NOT NULL,
  lng double precision NOT NULL,
  UNIQUE (city_code, name)
);

CREATE TABLE railway (
  code text PRIMARY KEY,
  name text NOT NULL,
  sort smallint NOT NULL
);

CREATE TABLE line (
  code integer PRIMARY KEY,
  railway_code text NOT NULL REFERENCES railway (code),
  name text NOT NULL,
  name_en text NOT NULL,
  nickname text NOT NULL,
  color char(7) NOT NULL,
  kind text NOT NULL CHECK (kind IN ('shinkansen', 'rail', 'subway', 'monorail', 'tram')),
  sort smallint NOT NULL,
  prefecture_codes smallint[] NOT NULL
);
CREATE INDEX line_prefectures ON line USING gin (prefecture_codes);

CREATE TABLE station_group (
  code integer PRIMARY KEY,
  name text NOT NULL,
  kana text NOT NULL,
  romaji text NOT NULL,
  prefecture_code smallint NOT NULL REFERENCES prefecture (code),
  city_code integer NOT NULL REFERENCES city (code),
  town_code integer REFERENCES town (code),
  lat double precision NOT NULL,
  lng double precision NOT NULL,
  line_codes integer[] NOT NULL
);
CREATE INDEX station_group_city ON station_group (city_code);
CREATE INDEX station_group_name ON station_group (name text_pattern_ops);
CREATE INDEX station_group_kana ON station_group (kana text_pattern_ops);
CREATE INDEX station_group_romaji ON station_group (romaji text_pattern_ops);

CREATE TABLE station (
  code integer PRIMARY KEY,
  group_code integer NOT NULL REFERENCES station_group (code),
  line_code integer NOT NULL REFERENCES line (code),
  seq smallint NOT NULL,
  name text NOT NULL,
  prefecture_code smallint NOT NULL REFERENCES prefecture (code),
  lat double precision NOT NULL,
  lng double precision NOT NULL,
  UNIQUE (line_code, seq)
);
CREATE INDEX station_group_code ON station (group_code);

-- The commute graph: rides along lines and transfers, in minutes.
CREATE TABLE station_edge (
  from_station integer NOT NULL REFERENCES station (code),
  to_station integer NOT NULL REFERENCES station (code),
  line_code integer REFERENCES line (code),
  minutes real NOT NULL CHECK (minutes > 0),
  kind text NOT NULL CHECK (kind IN ('ride', 'transfer'))
);
CREATE UNIQUE INDEX station_edge_pair ON station_edge (from_station, to_station);

CREATE TABLE campus (
  id integer PRIMARY KEY,
  institute_id integer NOT NULL,
  institute_name text NOT NULL,
  institute_kana text NOT NULL,
  campus_name text NOT NULL,
  kind text NOT NULL,
  prefecture_code smallint NOT NULL REFERENCES prefecture (code),
  address text NOT NULL,
  lat double precision NOT NULL,
  lng double precision NOT NULL,
  initial text NOT NULL
);
CREATE INDEX campus_prefecture_initial ON campus (prefecture_code, initial);
CREATE INDEX campus_institute ON campus (institute_id);

CREATE TABLE campus_station (
  campus_id integer NOT NULL REFERENCES campus (id),
  group_code integer NOT NULL REFERENCES station_group (code),
  rank smallint NOT NULL,
  distance_m integer NOT NULL,
  walk_min smallint NOT NULL,
  PRIMARY KEY (campus_id, group_code)
);

CREATE TABLE condition_group (
  key text PRIMARY KEY,
  name text NOT NULL,
  sort smallint NOT NULL
);

CREATE TABLE condition_code (
  code smallint PRIMARY KEY,
  group_key text NOT NULL REFERENCES condition_group (key),
  name text NOT NULL,
  path text NOT NULL UNIQUE,
  sort smallint NOT NULL
);

CREATE TABLE special (
  path text PRIMARY KEY,
  name text NOT NULL,
  title text NOT NULL,
  top_image text NOT NULL,
  feature_texts1 text NOT NULL,
  feature_texts2 text NOT NULL,
  pref_desc text NOT NULL,
  faq jsonb NOT NULL,
  match jsonb NOT NULL,
  sort smallint NOT NULL
);

CREATE TABLE madori (
  code smallint PRIMARY KEY,
  name text NOT NULL UNIQUE,
  path text NOT NULL UNIQUE,
  rooms smallint NOT NULL
);
-- migrate:down
DROP TABLE madori, special, condition_code, condition_group, campus_station, campus, station_edge, station, station_group, line, railway, town, city, region, prefecture;
