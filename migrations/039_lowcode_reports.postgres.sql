-- PostgreSQL: the searched plain text fields of the dynamic tables that exist already get the trigram index a new
-- one gets when it is created (internal/dtable, indexes): their "contains" filter is an ILIKE it serves. Without
-- pg_trgm the filter scans, as before.
DO $$
DECLARE
    ext_schema text;
    f record;
BEGIN
    SELECT n.nspname INTO ext_schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm';
    IF ext_schema IS NULL THEN
        RETURN;
    END IF;
    FOR f IN SELECT table_id, col FROM lowcode_field
        WHERE searchable = 1 AND type = 'varchar' AND show_type = '' AND is_dict = 0 AND removed = 0 LOOP
        IF to_regclass('dt_' || f.table_id) IS NOT NULL THEN
            EXECUTE format('CREATE INDEX IF NOT EXISTS %I ON %I USING gin (%I %I.gin_trgm_ops) WHERE deleted_at IS NULL',
                'dt_' || f.table_id || '_c_' || f.col || '_trgm', 'dt_' || f.table_id, 'c_' || f.col, ext_schema);
        END IF;
    END LOOP;
END $$;
