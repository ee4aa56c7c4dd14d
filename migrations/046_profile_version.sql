-- The 'profile' counter moves whenever anything of a caller's personal information changes (GET
-- /api/sys/user/info: the account's names, unit, phone, e-mail and last sign-in, its roles' names, its
-- unit's name). The information is kept per account under it, so the call reads nothing while it stays put
-- (on PostgreSQL not even the counter: migration 044). Triggers, not callers, move it.
INSERT INTO sys_change (topic, version) VALUES ('profile', 0) ON CONFLICT (topic) DO NOTHING;
