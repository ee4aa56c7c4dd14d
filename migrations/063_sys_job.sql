-- Long work as jobs with a state (internal/tasks/jobs.go, issues 33 and 34): a courseware conversion, an import
-- sent to the background. The job engine (River) runs the work once per cluster and retries it; this row is what
-- the owner's browser polls (GET /api/sys/job/get) and lists under "my jobs".
-- state: queued, running, done, failed, cancelled. done/total: rows (or steps) done of the whole, total 0 when
-- not known yet. message_key/message_args: why it failed (a message key and its arguments as JSON, read in the
-- reader's language). result: the work's answer as JSON. input: what the work reads (an uploaded workbook), cleared
-- when the job ends. cancel_requested: the owner asked to stop it (the running work sees it at its next progress).
CREATE TABLE sys_job (
    id {{pk}},
    kind TEXT NOT NULL,
    owner_id BIGINT NOT NULL,
    title TEXT NOT NULL DEFAULT '',
    state TEXT NOT NULL DEFAULT 'queued',
    done BIGINT NOT NULL DEFAULT 0,
    total BIGINT NOT NULL DEFAULT 0,
    attempt INTEGER NOT NULL DEFAULT 0,
    max_attempts INTEGER NOT NULL DEFAULT 1,
    message_key TEXT NOT NULL DEFAULT '',
    message_args TEXT NOT NULL DEFAULT '',
    result TEXT NOT NULL DEFAULT '',
    input {{bytes}},
    args TEXT NOT NULL DEFAULT '',
    river_id BIGINT,
    instance TEXT NOT NULL DEFAULT '',
    cancel_requested INTEGER NOT NULL DEFAULT 0,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    ended_at TIMESTAMP
);
CREATE INDEX sys_job_owner ON sys_job (owner_id, id);

-- The job that converts a deck (a courseware uploaded as PPT/PPTX).
ALTER TABLE course_ware ADD COLUMN job_id BIGINT;
