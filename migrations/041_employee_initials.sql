-- The picker's name search by pinyin initials (issue 15, point 8): 'wjg' finds 王建国. The initials are written with the
-- name (internal/org/initials.go); rows that exist before this migration are filled at start (org.Store.FillInitials).
ALTER TABLE employee ADD COLUMN name_initials TEXT NOT NULL DEFAULT '';
CREATE INDEX employee_name_initials ON employee (name_initials);
