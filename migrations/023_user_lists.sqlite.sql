-- SQLite: an FTS5 trigram index of account names and login codes, so that a name or code search of 3
-- characters or more reads its hits from the index instead of testing every account (as the portal's
-- lib_record_fts). External content: the triggers keep it in step with sys_user.
CREATE VIRTUAL TABLE sys_user_fts USING fts5(user_name, login_code, content = 'sys_user', content_rowid = 'id', tokenize = 'trigram');
INSERT INTO sys_user_fts (sys_user_fts) VALUES ('rebuild');

CREATE TRIGGER sys_user_fts_insert AFTER INSERT ON sys_user BEGIN
    INSERT INTO sys_user_fts (rowid, user_name, login_code) VALUES (new.id, new.user_name, new.login_code);
END;
CREATE TRIGGER sys_user_fts_delete AFTER DELETE ON sys_user BEGIN
    INSERT INTO sys_user_fts (sys_user_fts, rowid, user_name, login_code) VALUES ('delete', old.id, old.user_name, old.login_code);
END;
CREATE TRIGGER sys_user_fts_update AFTER UPDATE OF user_name, login_code ON sys_user BEGIN
    INSERT INTO sys_user_fts (sys_user_fts, rowid, user_name, login_code) VALUES ('delete', old.id, old.user_name, old.login_code);
    INSERT INTO sys_user_fts (rowid, user_name, login_code) VALUES (new.id, new.user_name, new.login_code);
END;

-- list_version 'sys_user': row triggers (SQLite has no others). Not on last_login_at or a password: no
-- total depends on them, and a sign-in must not drop the kept totals.
CREATE TRIGGER list_version_user_insert AFTER INSERT ON sys_user BEGIN
    UPDATE list_version SET version = version + 1 WHERE name = 'sys_user';
END;
CREATE TRIGGER list_version_user_delete AFTER DELETE ON sys_user BEGIN
    UPDATE list_version SET version = version + 1 WHERE name = 'sys_user';
END;
CREATE TRIGGER list_version_user_update AFTER UPDATE OF login_code, user_name, state, user_type, unit_code, ext_org_id, deleted_at ON sys_user BEGIN
    UPDATE list_version SET version = version + 1 WHERE name = 'sys_user';
END;
