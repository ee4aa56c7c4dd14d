-- Files (internal/files): every upload, kept as an object under a random key on the local disk
-- ('disk') or in the S3-compatible object store ('oss'). name is the client's file name cleaned
-- for display (never used to find the bytes); content_type is what the bytes were found to be.
-- module says what the upload was for (the data-upload statistics count 'library', the CA-upload
-- statistics 'ca'); record_type and record_id are the record that links the file (empty while
-- none does). state: 'uploading' (row written before the object), 'ready', 'removing' (deleted,
-- object still to remove), 'removed' (kept for the download statistics).
CREATE TABLE sys_file (
    id {{pk}},
    storage TEXT NOT NULL,
    object_key TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    suffix TEXT NOT NULL DEFAULT '',
    size BIGINT NOT NULL,
    sha256 TEXT NOT NULL DEFAULT '',
    content_type TEXT NOT NULL,
    module TEXT NOT NULL DEFAULT 'common',
    record_type TEXT NOT NULL DEFAULT '',
    record_id BIGINT,
    state TEXT NOT NULL,
    uploaded_by BIGINT REFERENCES sys_user (id),
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX sys_file_record ON sys_file (record_type, record_id);
CREATE INDEX sys_file_module ON sys_file (module, created_at);
CREATE INDEX sys_file_state ON sys_file (state, updated_at);
CREATE INDEX sys_file_uploader ON sys_file (uploaded_by, created_at);

-- Every download (GET /api/sys/common/file/down), for the download statistics: who, which file,
-- from which record.
CREATE TABLE file_download (
    id {{pk}},
    file_id BIGINT NOT NULL REFERENCES sys_file (id),
    user_id BIGINT REFERENCES sys_user (id),
    record_type TEXT NOT NULL DEFAULT '',
    record_id BIGINT,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX file_download_time ON file_download (created_at);
CREATE INDEX file_download_file ON file_download (file_id);
CREATE INDEX file_download_user ON file_download (user_id, created_at);
CREATE INDEX file_download_record ON file_download (record_type, created_at);
