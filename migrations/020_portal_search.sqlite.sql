-- SQLite: an FTS5 index of lib_record.search_text with the trigram tokenizer: any substring of 3 or more
-- characters (Chinese included, any letter case) is found through the index. It reads its text from
-- lib_record (external content); the triggers keep it in step with every insert, change and delete.
CREATE VIRTUAL TABLE lib_record_fts USING fts5(search_text, content = 'lib_record', content_rowid = 'id', tokenize = 'trigram');
INSERT INTO lib_record_fts (lib_record_fts) VALUES ('rebuild');

CREATE TRIGGER lib_record_fts_insert AFTER INSERT ON lib_record BEGIN
    INSERT INTO lib_record_fts (rowid, search_text) VALUES (new.id, new.search_text);
END;
CREATE TRIGGER lib_record_fts_delete AFTER DELETE ON lib_record BEGIN
    INSERT INTO lib_record_fts (lib_record_fts, rowid, search_text) VALUES ('delete', old.id, old.search_text);
END;
CREATE TRIGGER lib_record_fts_update AFTER UPDATE OF search_text ON lib_record BEGIN
    INSERT INTO lib_record_fts (lib_record_fts, rowid, search_text) VALUES ('delete', old.id, old.search_text);
    INSERT INTO lib_record_fts (rowid, search_text) VALUES (new.id, new.search_text);
END;

-- The year of the record's own date (created_at is 'YYYY-MM-DD ...' text here), and the index that the
-- counts and facets read alone: what the portal shows (status, deleted_at, type, unit_code, the publish window
-- and validity) grouped by type, unit and year in index order.
ALTER TABLE lib_record ADD COLUMN own_year TEXT GENERATED ALWAYS AS (SUBSTR(COALESCE(record_date, valid_from, created_at), 1, 4)) VIRTUAL;
CREATE INDEX lib_record_portal_facets ON lib_record (status, deleted_at, type, unit_code, own_year, valid_to, valid_from);

-- lib_search_version (020_portal_search.sql): row triggers, SQLite has no others.
CREATE TRIGGER lib_search_record_insert AFTER INSERT ON lib_record BEGIN
    UPDATE lib_search_version SET version = version + 1 WHERE id = 1;
END;
CREATE TRIGGER lib_search_record_delete AFTER DELETE ON lib_record BEGIN
    UPDATE lib_search_version SET version = version + 1 WHERE id = 1;
END;
CREATE TRIGGER lib_search_record_update AFTER UPDATE OF type, title, code, holder, unit_code, record_date, valid_from, valid_to, status,
    search_text, deleted_at, created_at ON lib_record BEGIN
    UPDATE lib_search_version SET version = version + 1 WHERE id = 1;
END;
CREATE TRIGGER lib_search_tag_insert AFTER INSERT ON lib_record_tag BEGIN
    UPDATE lib_search_version SET version = version + 1 WHERE id = 1;
END;
CREATE TRIGGER lib_search_tag_delete AFTER DELETE ON lib_record_tag BEGIN
    UPDATE lib_search_version SET version = version + 1 WHERE id = 1;
END;
CREATE TRIGGER lib_search_tag_update AFTER UPDATE OF deleted_at ON lib_tag BEGIN
    UPDATE lib_search_version SET version = version + 1 WHERE id = 1;
END;
