-- Usage statistics (internal/stats, docs/statistics.md).
--
-- Daily rollups of the two large event tables, kept current by the statistics service: before it answers, it folds
-- the events written since its mark (stat_mark.last_id, the last event id folded) into the rollups, in one
-- transaction that moves the mark only if no other instance moved it meanwhile. day is the event's day
-- ('YYYY-MM-DD') in the statistics time zone (stat_mark.zone names it; another zone rebuilds the rollups), and
-- unit_code the account's unit when the event was folded.
CREATE TABLE stat_mark (
    name TEXT PRIMARY KEY,
    last_id BIGINT NOT NULL DEFAULT 0,
    zone TEXT NOT NULL DEFAULT ''
);
INSERT INTO stat_mark (name) SELECT 'login' WHERE NOT EXISTS (SELECT 1 FROM stat_mark WHERE name = 'login');
INSERT INTO stat_mark (name) SELECT 'download' WHERE NOT EXISTS (SELECT 1 FROM stat_mark WHERE name = 'download');

-- Successful sign-ins per day and unit.
CREATE TABLE stat_login_day (
    day TEXT NOT NULL,
    unit_code TEXT NOT NULL,
    n BIGINT NOT NULL,
    PRIMARY KEY (day, unit_code)
);
-- Downloads per day, unit and record type (file_download.record_type: 'library.license', or '').
CREATE TABLE stat_download_day (
    day TEXT NOT NULL,
    unit_code TEXT NOT NULL,
    record_type TEXT NOT NULL,
    n BIGINT NOT NULL,
    PRIMARY KEY (day, unit_code, record_type)
);
-- The same by month ('YYYY-MM'): a range of whole months reads these, and the days only at its ends.
CREATE TABLE stat_login_month (
    month TEXT NOT NULL,
    unit_code TEXT NOT NULL,
    n BIGINT NOT NULL,
    PRIMARY KEY (month, unit_code)
);
CREATE TABLE stat_download_month (
    month TEXT NOT NULL,
    unit_code TEXT NOT NULL,
    record_type TEXT NOT NULL,
    n BIGINT NOT NULL,
    PRIMARY KEY (month, unit_code, record_type)
);
-- Downloads per day and material (the most downloaded materials of the whole organisation).
CREATE TABLE stat_download_record (
    day TEXT NOT NULL,
    record_type TEXT NOT NULL,
    record_id BIGINT NOT NULL,
    n BIGINT NOT NULL,
    PRIMARY KEY (day, record_type, record_id)
);

-- Whether an account signed in or downloaded within a range (active accounts, downloaders): one seek per account.
CREATE INDEX login_log_user_time ON login_log (user_id, created_at, success);
CREATE INDEX file_download_user_stats ON file_download (user_id, created_at, record_type, record_id);
-- Record updates by period (the library's changes in the business log).
CREATE INDEX business_log_action ON business_log (action, module, created_at);
-- Uploads by period, type, unit and uploader, read from the index alone.
CREATE INDEX sys_file_stats ON sys_file (module, created_at, state, uploaded_by, record_type, size);
