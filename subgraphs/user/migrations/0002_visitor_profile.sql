-- What setRequiredData, setUser and setLastSearchCondition keep on the visitor record.
ALTER TABLE visitor
  ADD COLUMN ref_code text,
  ADD COLUMN first_ref_code text,
  ADD COLUMN gclid text,
  ADD COLUMN request_info jsonb,
  ADD COLUMN visit_count integer NOT NULL DEFAULT 0,
  ADD COLUMN last_visited_at timestamptz,
  ADD COLUMN email text,
  ADD COLUMN recommend_type text CHECK (recommend_type IN ('DETAIL_HISTORY', 'FAVORITE')),
  -- The search arguments, their URL and the names shown in the PC balloon (SPEC §3 last search condition).
  ADD COLUMN last_search jsonb;
-- migrate:down
ALTER TABLE visitor
  DROP COLUMN ref_code,
  DROP COLUMN first_ref_code,
  DROP COLUMN gclid,
  DROP COLUMN request_info,
  DROP COLUMN visit_count,
  DROP COLUMN last_visited_at,
  DROP COLUMN email,
  DROP COLUMN recommend_type,
  DROP COLUMN last_search;
