-- Datasets read a dynamic table only by its own name, through the view each run creates for a runner the table's
-- read roles admit (internal/dataset/dynamic.go): biddesk_dataset loses the grants it was given on each dt_<id>, so a
-- statement naming dt_<id> (or public.dt_<id>) is refused whoever runs it.
DO $$
DECLARE
    t record;
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'biddesk_dataset') THEN
        RETURN;
    END IF;
    FOR t IN SELECT c.relname FROM pg_class c WHERE c.relnamespace = current_schema()::regnamespace
        AND c.relkind = 'r' AND c.relname ~ '^dt_[0-9]+$' LOOP
        BEGIN
            EXECUTE format('REVOKE SELECT ON %I FROM biddesk_dataset', t.relname);
        EXCEPTION WHEN insufficient_privilege THEN
            RAISE NOTICE 'SELECT on % cannot be taken from biddesk_dataset by %', t.relname, current_user;
        END;
    END LOOP;
END $$;
