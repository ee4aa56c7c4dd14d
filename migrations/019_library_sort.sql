-- A type's list sorted by expiry walks this index instead of sorting every row of the type
-- (docs/performance.md, library lists).
CREATE INDEX lib_record_type_valid_to ON lib_record (type, deleted_at, valid_to);
