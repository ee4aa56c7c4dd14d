-- Scheduled tasks (/task_manager) and their runs (/task_log). The tasks themselves are Go handlers
-- registered in code (internal/tasks); a row here is only the administrator's settings of one, keyed by
-- its code. The job engine's own tables (River's river_job, river_leader, ...) are created by River's
-- migrator (internal/tasks.Migrate), not here.
CREATE TABLE sys_task (
    code TEXT PRIMARY KEY,
    cron TEXT NOT NULL,
    enabled INTEGER NOT NULL DEFAULT 1,
    overlap TEXT NOT NULL DEFAULT 'forbid',
    misfire TEXT NOT NULL DEFAULT 'skip',
    timeout_sec INTEGER NOT NULL DEFAULT 300,
    retries INTEGER NOT NULL DEFAULT 2,
    -- the last scheduled time a run was started for: the misfire policy catches up from here
    last_fire_at TIMESTAMP,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);

-- One row per attempt of a run. fire_at is the scheduled time the run is for (NULL for "run now").
CREATE TABLE sys_task_log (
    id {{pk}},
    task_code TEXT NOT NULL,
    job_id BIGINT NOT NULL,
    trigger_kind TEXT NOT NULL,
    fire_at TIMESTAMP,
    attempt INTEGER NOT NULL,
    max_attempts INTEGER NOT NULL,
    instance TEXT NOT NULL DEFAULT '',
    started_at TIMESTAMP NOT NULL,
    ended_at TIMESTAMP,
    duration_ms BIGINT,
    outcome TEXT NOT NULL,
    message TEXT NOT NULL DEFAULT '',
    started_by TEXT NOT NULL DEFAULT ''
);
CREATE INDEX sys_task_log_time ON sys_task_log (started_at);
CREATE INDEX sys_task_log_task ON sys_task_log (task_code, started_at);
CREATE INDEX sys_task_log_job ON sys_task_log (job_id);

-- A scheduled time is claimed by the first job that starts for it: a second job for the same time (two
-- leaders for a moment, or two instances catching up a misfire) finds the claim and does not run.
CREATE TABLE sys_task_fire (
    task_code TEXT NOT NULL,
    fire_at TIMESTAMP NOT NULL,
    job_id BIGINT NOT NULL,
    PRIMARY KEY (task_code, fire_at)
);

-- How many days each log keeps (the log_retention task deletes older rows).
CREATE TABLE sys_log_retention (
    log_name TEXT PRIMARY KEY,
    days INTEGER NOT NULL
);
INSERT INTO sys_log_retention (log_name, days) SELECT 'business_log', 365 WHERE NOT EXISTS (SELECT 1 FROM sys_log_retention WHERE log_name = 'business_log');
INSERT INTO sys_log_retention (log_name, days) SELECT 'login_log', 365 WHERE NOT EXISTS (SELECT 1 FROM sys_log_retention WHERE log_name = 'login_log');
INSERT INTO sys_log_retention (log_name, days) SELECT 'exception_log', 90 WHERE NOT EXISTS (SELECT 1 FROM sys_log_retention WHERE log_name = 'exception_log');
INSERT INTO sys_log_retention (log_name, days) SELECT 'task_log', 90 WHERE NOT EXISTS (SELECT 1 FROM sys_log_retention WHERE log_name = 'task_log');
