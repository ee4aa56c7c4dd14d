-- The instances of the job engine that are alive (internal/tasks/instances.go, issue 33): each running instance
-- writes seen_at every few seconds. A job still running on an instance not seen for a while (killed, its machine
-- gone) is made available again at once, so that another instance takes it up in seconds rather than after the
-- engine's time-based rescue (minutes). name is the instance's name in the job engine (host:pid by default).
CREATE TABLE sys_instance (
    name VARCHAR(200) PRIMARY KEY,
    started_at TIMESTAMP NOT NULL,
    seen_at TIMESTAMP NOT NULL
);
