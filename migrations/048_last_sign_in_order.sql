-- The account lists sorted by last sign-in (internal/users/model.go) put the accounts that never signed
-- in last when newest first, and first when oldest first, on both databases: the sort is the column with
-- the lowest date for NULL, which the indexes of the dialect files hold. PostgreSQL put them first
-- newest-first, SQLite last; and a value that is never NULL lets pages far down start from an anchor row
-- (internal/platform/list/anchors.go).
-- A sign-in moves that order without moving list_version 'sys_user' (which would drop the kept totals):
-- the anchors of that sort are kept under this row as well, which the dialect files' triggers move.
INSERT INTO list_version (name, version) VALUES ('sys_user_sign_in', 1);
