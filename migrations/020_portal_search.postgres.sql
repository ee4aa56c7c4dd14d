-- PostgreSQL: a trigram index (pg_trgm) of lib_record.search_text serves the portal's
-- "search_text LIKE '%keyword%'" for keywords of 3 or more characters.
-- The extension is database-wide and its operator class lives in the schema it was created in, so it is
-- created once in schema public (not in the first schema of the search path, which may be a test's schema,
-- dropped with it) and named by that schema. The advisory lock makes databases migrating side by side wait
-- for each other instead of both creating it. Without the right to create it, the search still works,
-- without the index (a warning says so).
DO $$
DECLARE
    ext_schema text;
BEGIN
    PERFORM pg_advisory_xact_lock(7020001);
    SELECT n.nspname INTO ext_schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm';
    IF ext_schema IS NULL THEN
        BEGIN
            CREATE EXTENSION pg_trgm SCHEMA public;
            ext_schema := 'public';
        EXCEPTION WHEN insufficient_privilege OR undefined_file OR invalid_schema_name THEN
            RAISE WARNING 'pg_trgm cannot be created (%): the portal keyword search runs without its index', SQLERRM;
            RETURN;
        END;
    END IF;
    EXECUTE format('CREATE INDEX lib_record_search_trgm ON lib_record USING gin (search_text %I.gin_trgm_ops)', ext_schema);
END $$;

-- The year of the record's own date, and the index that the counts and facets read alone (020_portal_search.sqlite.sql).
ALTER TABLE lib_record ADD COLUMN own_year TEXT GENERATED ALWAYS AS
    (SUBSTR(COALESCE(record_date, valid_from, CAST(CAST(EXTRACT(YEAR FROM created_at) AS INTEGER) AS TEXT)), 1, 4)) STORED;
CREATE INDEX lib_record_portal_facets ON lib_record (status, deleted_at, type, unit_code, own_year, valid_to, valid_from);

-- lib_search_version (020_portal_search.sql), once per statement. The function keeps the search path it was
-- made with, so it finds the table whatever the caller's path.
CREATE FUNCTION lib_search_bump() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
    UPDATE lib_search_version SET version = version + 1 WHERE id = 1;
    RETURN NULL;
END $$;
CREATE TRIGGER lib_search_record_write AFTER INSERT OR DELETE ON lib_record FOR EACH STATEMENT EXECUTE FUNCTION lib_search_bump();
CREATE TRIGGER lib_search_record_update AFTER UPDATE OF type, title, code, holder, unit_code, record_date, valid_from, valid_to, status,
    search_text, deleted_at, created_at ON lib_record FOR EACH STATEMENT EXECUTE FUNCTION lib_search_bump();
CREATE TRIGGER lib_search_tag_write AFTER INSERT OR DELETE ON lib_record_tag FOR EACH STATEMENT EXECUTE FUNCTION lib_search_bump();
CREATE TRIGGER lib_search_tag_update AFTER UPDATE OF deleted_at ON lib_tag FOR EACH STATEMENT EXECUTE FUNCTION lib_search_bump();
