-- Datasets read the tables that carry a unit or personal data only through the scoped views each run creates
-- (internal/dataset/scope.go): biddesk_dataset loses its grants on them, so a statement naming public.sys_user
-- (or reaching it any other way) is refused. A personal column an administrator has not allowed is, in those
-- views, a call of dataset_personal_column: IMMUTABLE, so the planner evaluates it, and stops the run naming the
-- column, wherever the statement uses the column (not when it leaves it unused), before any row is read. The
-- role may not call set_config: set_config('role', ...) inside a statement would give it the app's own rights back for the functions that run
-- a query of their own (query_to_xml). Where the migrating user may not change set_config's grants (it is not
-- a superuser), datasets are refused until an administrator runs this block.
CREATE OR REPLACE FUNCTION dataset_personal_column(col text) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
    RAISE EXCEPTION 'biddesk-personal-column:%', col USING ERRCODE = 'insufficient_privilege';
END $$;
DO $$
BEGIN
    BEGIN
        REVOKE SELECT ON sys_user, employee, lib_record, lib_record_tag, lib_ca_loan, login_log, file_download,
            portal_read, sys_user_role, expert_book, ext_org FROM biddesk_dataset;
    EXCEPTION WHEN undefined_object OR insufficient_privilege THEN
        NULL;
    END;
    BEGIN
        REVOKE EXECUTE ON FUNCTION pg_catalog.set_config(text, text, boolean) FROM PUBLIC;
        EXECUTE format('GRANT EXECUTE ON FUNCTION pg_catalog.set_config(text, text, boolean) TO %I', current_user);
    EXCEPTION WHEN insufficient_privilege THEN
        RAISE NOTICE 'set_config cannot be taken from PUBLIC by %: datasets are refused until it is', current_user;
    END;
END $$;
