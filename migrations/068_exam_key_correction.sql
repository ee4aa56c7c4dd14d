-- Answer-key corrections of examinations (docs/decisions/0020-examinations.md, "Correcting a key"): one row per exam
-- a correction touched (exam_id NULL: no exam had answers of the version), with the key before and after and what
-- the re-marking changed there: the exam's history of corrections.
CREATE TABLE exam_key_correction (
    id {{pk}},
    question_id BIGINT NOT NULL,
    version_id BIGINT NOT NULL,
    version_no INTEGER NOT NULL DEFAULT 1,
    exam_id BIGINT,
    stem TEXT NOT NULL DEFAULT '',
    qtype TEXT NOT NULL DEFAULT '',
    answer_before TEXT NOT NULL,
    answer_after TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    changed INTEGER NOT NULL DEFAULT 0,
    pass_changed INTEGER NOT NULL DEFAULT 0,
    user_id BIGINT,
    user_name TEXT NOT NULL DEFAULT '',
    at TIMESTAMP NOT NULL
);
CREATE INDEX exam_key_correction_exam ON exam_key_correction (exam_id, at);
CREATE INDEX exam_key_correction_version ON exam_key_correction (version_id);
