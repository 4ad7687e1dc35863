-- Condition (こだわり条件) names for the detail page's conditionCodes, so the bukken subgraph
-- resolves Condition.name itself (no fetch to search per condition group). Master data: the
-- seed writes it from the same source as the search subgraph's condition_code table.
CREATE TABLE condition_code (
  code smallint PRIMARY KEY,
  name text NOT NULL,
  group_key text NOT NULL
);
-- migrate:down
DROP TABLE condition_code;
