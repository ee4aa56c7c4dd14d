-- Expert Word books (/expert_make_word, /expert_talents_result): one row per generated book. The document
-- itself is a file of the files area (file_id, record type 'expert_book'). The experts are kept in book order
-- as JSON arrays: their ids, and their names as they were when the book was made. A deleted book keeps its
-- row (deleted_at, deleted_by) and its file, for the business log.
CREATE TABLE expert_book (
    id {{pk}},
    title TEXT NOT NULL,
    expert_ids TEXT NOT NULL,
    expert_names TEXT NOT NULL,
    expert_count INTEGER NOT NULL,
    file_id BIGINT NOT NULL,
    file_name TEXT NOT NULL,
    size BIGINT NOT NULL,
    created_by BIGINT REFERENCES sys_user (id),
    created_at TIMESTAMP NOT NULL,
    deleted_at TIMESTAMP,
    deleted_by BIGINT
);
CREATE INDEX expert_book_created ON expert_book (created_at);
