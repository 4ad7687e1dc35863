CREATE INDEX thing_tags ON thing USING gin (tags);
