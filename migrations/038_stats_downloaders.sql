-- Downloads per account and month (internal/stats, docs/statistics.md): the top downloaders of a range read its whole
-- months here and count only the days at its two ends in file_download, account by account. Before, they counted every
-- account's downloads of the whole range twice (a million index entries each time for a year: 440 ms on SQLite, 9 s
-- on PostgreSQL before its first analysis). The table has its own mark ('download_user'), folded from the first event
-- at the next statistics call, so an existing database fills it from its whole history.
CREATE TABLE stat_download_user_month (
    user_id BIGINT NOT NULL,
    month TEXT NOT NULL,
    n BIGINT NOT NULL,
    PRIMARY KEY (user_id, month)
);
-- read from the index alone (the primary key does not hold n)
CREATE INDEX stat_download_user_month_n ON stat_download_user_month (user_id, month, n);
INSERT INTO stat_mark (name) SELECT 'download_user' WHERE NOT EXISTS (SELECT 1 FROM stat_mark WHERE name = 'download_user');

-- Uploads of an account in a range, read from the index alone (the data upload screen's units and top uploaders count
-- each account's uploads instead of sorting every file of the range by uploader).
CREATE INDEX sys_file_uploader_stats ON sys_file (uploaded_by, created_at, module, state, record_type);
