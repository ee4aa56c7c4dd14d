-- Datasets run as the role biddesk_dataset (SET LOCAL ROLE inside a READ ONLY transaction): it may
-- read only the reporting allow-list below, and none of the columns that hold secrets (password
-- hashes; sessions, tickets, remembered logins, configuration and logs of security events are not
-- granted at all). A role is the cluster's: two databases migrating at once may both create it or
-- grant it (the loser's error is ignored); where the migrating user may not create or grant it, the
-- migration goes on and datasets are refused until an administrator runs this block.
DO $$
BEGIN
    BEGIN
        IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'biddesk_dataset') THEN
            CREATE ROLE biddesk_dataset NOLOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT;
        END IF;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN
        NULL;
    END;
    BEGIN
        IF NOT pg_has_role(current_user, 'biddesk_dataset', 'MEMBER') THEN
            EXECUTE format('GRANT biddesk_dataset TO %I', current_user);
        END IF;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN
        NULL;
    END;
    EXECUTE format('GRANT USAGE ON SCHEMA %I TO biddesk_dataset', current_schema());
    GRANT SELECT ON org_unit, employee, sys_dict, sys_role, sys_user_role, lib_record, lib_tag, lib_record_tag,
        lib_ca_loan, ext_org, login_log, file_download, portal_read, expert_book TO biddesk_dataset;
    GRANT SELECT (id, login_code, user_name, state, user_type, employee_code, unit_code, ext_org_id, last_login_at,
        created_at, updated_at, deleted_at) ON sys_user TO biddesk_dataset;
EXCEPTION WHEN insufficient_privilege THEN
    RAISE NOTICE 'biddesk_dataset cannot be set up by %: datasets are refused until it is', current_user;
END $$;
