-- Downloads per month and account (internal/stats, docs/statistics.md): the top downloaders of a range read its whole
-- months here and only the days at its two ends from file_download. Before, they counted every account's downloads of
-- the range one index range per account (a million index entries for a year, 440 ms on SQLite). The table has its own
-- mark ('download_user'), folded from the first event at the next statistics call, so an existing database fills it
-- from its whole history; unit_code is the account's unit when the month was first folded.
CREATE TABLE stat_download_user_month (
    month TEXT NOT NULL,
    user_id BIGINT NOT NULL,
    unit_code TEXT NOT NULL,
    n BIGINT NOT NULL,
    PRIMARY KEY (month, user_id)
);
INSERT INTO stat_mark (name) SELECT 'download_user' WHERE NOT EXISTS (SELECT 1 FROM stat_mark WHERE name = 'download_user');
