-- Usage statistics (internal/stats): the counts by period, unit and type read these indexes instead of the
-- tables. Each holds every column its statistics read, so a year of activity is counted from the index alone.
-- Sign-ins by period and unit: successful sign-ins in a range, with the account (its unit through sys_user).
CREATE INDEX login_log_stats ON login_log (created_at, success, user_id);
-- A person's sign-ins in a range (the people of a unit).
CREATE INDEX login_log_user_time ON login_log (user_id, created_at);
-- Downloads by period, type, unit, material and downloader.
CREATE INDEX file_download_stats ON file_download (created_at, record_type, user_id, file_id, record_id);
-- Record updates by period (the library's changes in the business log).
CREATE INDEX business_log_action ON business_log (action, module, created_at);
