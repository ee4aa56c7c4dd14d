-- The 'auth' version counter moves whenever anything a signed-in caller's check depends on changes (a
-- session ended, an account's state, password, type or unit, a role's grants). The request guard caches a
-- session with the version it was read at and compares it on every call, so a change made by any writer,
-- on any instance, takes effect at the next call. Triggers, not callers, bump it: no write path can forget.
INSERT INTO sys_change (topic, version) VALUES ('auth', 0) ON CONFLICT (topic) DO NOTHING;

-- A download ticket belongs to the session that asked for it and dies with it.
ALTER TABLE download_ticket ADD COLUMN session_id BIGINT;
