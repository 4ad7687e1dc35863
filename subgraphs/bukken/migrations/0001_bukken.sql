-- Listings (bukken) and their buildings: the bukken subgraph's system of record.
CREATE TABLE building (
  id integer PRIMARY KEY,
  key text NOT NULL UNIQUE,
  name text NOT NULL,
  name_kana text NOT NULL,
  building_type smallint NOT NULL,
  struct text NOT NULL,
  floors smallint NOT NULL CHECK (floors >= 1),
  basement_floors smallint NOT NULL DEFAULT 0,
  built_date date NOT NULL,
  prefecture_code smallint NOT NULL,
  city_code integer NOT NULL,
  town_code integer,
  address text NOT NULL,
  lat double precision NOT NULL,
  lng double precision NOT NULL,
  total_units smallint NOT NULL
);
CREATE INDEX building_city ON building (city_code);
CREATE INDEX building_latlng ON building (lat, lng);

CREATE TABLE bukken (
  id bigint PRIMARY KEY,
  global_key text NOT NULL UNIQUE,
  building_id integer NOT NULL REFERENCES building (id),
  company_id integer NOT NULL,
  store_id integer NOT NULL,
  room_num text NOT NULL,
  floor smallint NOT NULL,
  plan text NOT NULL,
  plan_detail text NOT NULL,
  area numeric(6, 2) NOT NULL CHECK (area > 0),
  aspect text NOT NULL,
  chinryou integer NOT NULL CHECK (chinryou > 0),
  kanri_kyoeki integer NOT NULL CHECK (kanri_kyoeki >= 0),
  shikikin integer NOT NULL CHECK (shikikin >= 0),
  reikin integer NOT NULL CHECK (reikin >= 0),
  shikikin_months numeric(3, 1) NOT NULL,
  reikin_months numeric(3, 1) NOT NULL,
  hoshoukin integer NOT NULL DEFAULT 0,
  shikirei0 boolean NOT NULL,
  agent_fee_months numeric(3, 2) NOT NULL,
  guarantee_company boolean NOT NULL,
  contract_years smallint NOT NULL,
  condition_codes jsonb NOT NULL,
  highly_recommended boolean NOT NULL,
  exclamation text,
  pr_text text NOT NULL,
  arrived_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  view_count integer NOT NULL,
  archived_at timestamptz,
  image_seed integer NOT NULL
);
CREATE INDEX bukken_building ON bukken (building_id);
CREATE INDEX bukken_company ON bukken (company_id);
CREATE INDEX bukken_store ON bukken (store_id);

CREATE TABLE bukken_traffic (
  bukken_id bigint NOT NULL REFERENCES bukken (id),
  seq smallint NOT NULL,
  line_code integer NOT NULL,
  line_name text NOT NULL,
  station_code integer NOT NULL,
  station_group_code integer NOT NULL,
  station_name text NOT NULL,
  distance_m integer NOT NULL,
  walk_min smallint NOT NULL,
  PRIMARY KEY (bukken_id, seq)
);
CREATE INDEX bukken_traffic_station ON bukken_traffic (station_group_code);
-- migrate:down
DROP TABLE bukken_traffic, bukken, building;
