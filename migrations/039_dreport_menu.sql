-- Dynamic reports (/dreport): a report may appear in the side menu of the roles that may run it.
ALTER TABLE lowcode_report ADD COLUMN in_menu INTEGER NOT NULL DEFAULT 0;
