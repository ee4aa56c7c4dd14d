-- Low-code, issue 19: a dynamic report may appear in the side menu of the roles that may run it (/dreport).
ALTER TABLE lowcode_report ADD COLUMN in_menu INTEGER NOT NULL DEFAULT 0;
