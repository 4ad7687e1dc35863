-- Real-estate companies, their stores (the 取扱店舗 a listing belongs to), reviews and staff.
CREATE TABLE company (
  id integer PRIMARY KEY,
  key text NOT NULL UNIQUE,
  company_name text NOT NULL,
  company_kana text NOT NULL,
  license_number text NOT NULL,
  association text NOT NULL,
  daihyo text NOT NULL,
  pr_text text NOT NULL,
  established_year smallint NOT NULL,
  employees_count integer NOT NULL,
  is_later_payment_available boolean NOT NULL,
  award_years smallint[] NOT NULL,
  prefecture_code smallint NOT NULL,
  city_code integer NOT NULL,
  address text NOT NULL,
  tel text NOT NULL
);
CREATE INDEX company_later_payment ON company (prefecture_code) WHERE is_later_payment_available;

CREATE TABLE store (
  id integer PRIMARY KEY,
  key text NOT NULL UNIQUE,
  company_id integer NOT NULL REFERENCES company (id),
  client_name text NOT NULL,
  tel text NOT NULL,
  address text NOT NULL,
  access text NOT NULL,
  holiday text NOT NULL,
  open_time text NOT NULL,
  prefecture_code smallint NOT NULL,
  city_code integer NOT NULL,
  lat double precision NOT NULL,
  lng double precision NOT NULL
);
CREATE INDEX store_company ON store (company_id);
CREATE INDEX store_prefecture ON store (prefecture_code);

CREATE TABLE store_review (
  id integer PRIMARY KEY,
  store_id integer NOT NULL REFERENCES store (id),
  rating smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
  title text NOT NULL,
  body text NOT NULL,
  reviewer text NOT NULL,
  visited_on date NOT NULL
);
CREATE INDEX store_review_store ON store_review (store_id);

CREATE TABLE employee (
  id integer PRIMARY KEY,
  store_id integer NOT NULL REFERENCES store (id),
  name text NOT NULL,
  position text NOT NULL,
  years_of_experience smallint NOT NULL,
  qualification text,
  comment text NOT NULL
);
CREATE INDEX employee_store ON employee (store_id);
-- migrate:down
DROP TABLE employee, store_review, store, company;
