-- What the data generator last wrote, so `npm start` seeds only an empty store and benchmarks reuse a big one.
CREATE TABLE seed_run (
  id serial PRIMARY KEY,
  seed integer NOT NULL,
  listings integer NOT NULL,
  as_of date NOT NULL,
  started_at timestamptz NOT NULL,
  finished_at timestamptz NOT NULL
);
-- migrate:down
DROP TABLE seed_run;
