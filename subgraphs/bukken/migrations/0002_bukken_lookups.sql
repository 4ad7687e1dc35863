-- Lookups of the detail and building pages at 1,000,000 listings.

-- A listing's nearest station is its traffic seq 1: market rent, market prices and
-- recommendations look listings up by it (smaller than the all-seq station index).
CREATE INDEX bukken_traffic_nearest ON bukken_traffic (station_group_code, bukken_id) WHERE seq = 1;

-- prefectureRecommendBukkens: the few highly recommended active listings, most viewed first;
-- big prefectures walk this index, small ones start from their buildings.
CREATE INDEX bukken_recommended ON bukken (view_count DESC, id) WHERE highly_recommended AND archived_at IS NULL;
CREATE INDEX building_prefecture ON building (prefecture_code);
-- migrate:down
DROP INDEX building_prefecture;
DROP INDEX bukken_recommended;
DROP INDEX bukken_traffic_nearest;
