-- Saved search conditions: the searchBukkens arguments exactly as given (args), a canonical key
-- so identical searches are saved once, the search URL and the texts the search subgraph wrote.
CREATE TABLE search_condition (
  id bigserial PRIMARY KEY,
  uid text NOT NULL REFERENCES visitor (uid) ON DELETE CASCADE,
  args jsonb NOT NULL,
  args_key text NOT NULL,
  search_path text NOT NULL,
  -- searchText and names; NULL when the search subgraph could not be asked, filled in on read.
  texts jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Arrival time up to which the alert scan has looked for new listings; NULL until the first scan.
  last_checked_at timestamptz,
  UNIQUE (uid, args_key)
);
CREATE INDEX search_condition_visitor ON search_condition (uid, created_at DESC, id DESC);
-- migrate:down
DROP TABLE search_condition;
