-- The portal's search over the library (docs/portal.md; docs/performance.md, 'Portal search').
--   downloads: how many times the files of a record were downloaded (the files area calls the library's hook)
-- The dialect files add the keyword index (020_portal_search.sqlite.sql: FTS5 trigram; .postgres.sql:
-- pg_trgm), own_year (the year of the record's own date: record_date, else valid_from, else created) with the
-- index the counts and facets read, and the triggers that keep lib_search_version.
ALTER TABLE lib_record ADD COLUMN downloads BIGINT NOT NULL DEFAULT 0;

-- Pages newest first and most downloaded first walk these in order and stop after the page. Deleted rows are
-- never shown, so they are left out.
CREATE INDEX lib_record_portal_newest ON lib_record (status, created_at, id) WHERE deleted_at IS NULL;
CREATE INDEX lib_record_portal_downloads ON lib_record (status, downloads, created_at, id) WHERE deleted_at IS NULL;

-- lib_search_version changes with every write that can change what a search finds or counts (not with a
-- download): the search keeps its counts and facets while it stays the same, on every instance.
CREATE TABLE lib_search_version (
    id INTEGER PRIMARY KEY,
    version BIGINT NOT NULL
);
INSERT INTO lib_search_version (id, version) VALUES (1, 1);

-- Every write path fills search_text; a row written by hand before this release may not have.
UPDATE lib_record SET search_text = LOWER(TRIM(title || ' ' || code || ' ' || holder)) WHERE search_text = '';
