-- The colour theme an account chose (issue 34): light, dark, or the system's setting. Read with the session user
-- (GET /api/sys/user/session and the sign-in answers) and saved by PUT /api/sys/user/theme; no cache or change
-- counter watches it (the triggers of 022 and 046 name their columns).
ALTER TABLE sys_user ADD COLUMN theme TEXT NOT NULL DEFAULT 'system';
