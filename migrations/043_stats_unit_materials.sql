-- Downloads per unit, material and month (internal/stats): the most downloaded materials of some units (a caller's data
-- scope, a chosen unit) read a range's months here, and only the days at its ends from file_download joined to the
-- downloaders. Before, they read every download of the range of every account of the scope (a company's year: hundreds
-- of thousands of rows, 0.2-0.6 s on PostgreSQL). Like the other rollups, a download counts for the unit its account
-- was in when the statistics folded it. Its own mark ('download_unit_record'): an existing database fills it from its
-- whole history at the next fold (in the background at start).
CREATE TABLE stat_download_unit_record_month (
    month TEXT NOT NULL,
    unit_code TEXT NOT NULL,
    record_type TEXT NOT NULL,
    record_id BIGINT NOT NULL,
    n BIGINT NOT NULL,
    PRIMARY KEY (month, unit_code, record_type, record_id)
);
INSERT INTO stat_mark (name) SELECT 'download_unit_record' WHERE NOT EXISTS (SELECT 1 FROM stat_mark WHERE name = 'download_unit_record');
