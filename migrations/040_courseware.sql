-- Courseware and videos of courses, and the mobile sessions of the curriculum-user API (issue 20, second slice;
-- docs/content.md).

-- A course's courseware: a PDF uploaded as it is (kind pdf), a PPT/PPTX converted to PDF by LibreOffice in the
-- background (kind ppt: state converting, then ready or failed with a message key), or an MP4 video (kind
-- video, its duration read from the movie header). file_id is the PDF or the video (sys_file, linked as record
-- type content.courseware); source_file_id the uploaded deck. course_id is empty until the courseware is given
-- to a course.
CREATE TABLE course_ware (
    id {{pk}},
    course_id BIGINT REFERENCES course (id),
    kind TEXT NOT NULL,
    name TEXT NOT NULL,
    state TEXT NOT NULL,
    error_key TEXT NOT NULL DEFAULT '',
    source_file_id BIGINT,
    file_id BIGINT,
    pages INTEGER NOT NULL DEFAULT 0,
    size BIGINT NOT NULL DEFAULT 0,
    duration_ms BIGINT NOT NULL DEFAULT 0,
    created_by BIGINT REFERENCES sys_user (id),
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX course_ware_course ON course_ware (course_id, id);
CREATE INDEX course_ware_state ON course_ware (state, updated_at);

-- Keys the content area makes at its first start (the signing key of video playback addresses): no secret ships.
CREATE TABLE content_key (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

-- Sessions of the mobile plug-in (h5Token, POST /api/biapp/curriculum/user/login) live next to the web's: kind
-- 'h5'. A web token is no mobile token and the reverse; a password reset or a disabled account ends both.
ALTER TABLE sys_session ADD COLUMN kind TEXT NOT NULL DEFAULT 'web';
