-- The bid-material library (docs/library.md): one table for the records of every type (experts, licences,
-- honours, contracts, CA keys, tenders, service plans, toolkits, message to-dos, announcements). The columns
-- every type shares, and that lists filter and sort on, are real columns; the fields only one type has are
-- in data (JSON text), shown and edited but not filtered. Dates are 'YYYY-MM-DD' text (they compare the same
-- way on both databases); NULL is no date.
--   status: draft, pending (waiting for review), published, rejected (review_reason says why)
--   state:  the type's own state: a CA key's custody ('in', 'lent'), a message's ('unread', 'read')
--   assignee_id: the account a record is addressed to (the recipient of a message to-do)
--   search_text: the title and the key text fields, lower-cased, for the keyword search
-- Deletes are soft (deleted_at).
CREATE TABLE lib_record (
    id {{pk}},
    type TEXT NOT NULL,
    title TEXT NOT NULL,
    code TEXT NOT NULL DEFAULT '',
    category TEXT NOT NULL DEFAULT '',
    holder TEXT NOT NULL DEFAULT '',
    unit_code TEXT NOT NULL DEFAULT '',
    employee_code TEXT NOT NULL DEFAULT '',
    amount NUMERIC(18, 2),
    record_date TEXT,
    valid_from TEXT,
    valid_to TEXT,
    status TEXT NOT NULL DEFAULT 'published',
    state TEXT NOT NULL DEFAULT '',
    pinned INTEGER NOT NULL DEFAULT 0,
    assignee_id BIGINT REFERENCES sys_user (id),
    search_text TEXT NOT NULL DEFAULT '',
    data TEXT NOT NULL DEFAULT '{}',
    review_reason TEXT NOT NULL DEFAULT '',
    reviewed_by BIGINT REFERENCES sys_user (id),
    reviewed_at TIMESTAMP,
    created_by BIGINT REFERENCES sys_user (id),
    created_at TIMESTAMP NOT NULL,
    updated_by BIGINT REFERENCES sys_user (id),
    updated_at TIMESTAMP NOT NULL,
    deleted_by BIGINT REFERENCES sys_user (id),
    deleted_at TIMESTAMP
);
CREATE INDEX lib_record_type ON lib_record (type, deleted_at, id);
CREATE INDEX lib_record_type_status ON lib_record (type, status);
CREATE INDEX lib_record_valid_to ON lib_record (valid_to);
CREATE INDEX lib_record_unit ON lib_record (unit_code);
CREATE INDEX lib_record_employee ON lib_record (employee_code);
CREATE INDEX lib_record_owner ON lib_record (created_by);
CREATE INDEX lib_record_assignee ON lib_record (assignee_id, state);
CREATE INDEX lib_record_code ON lib_record (type, code);

-- The files of a record, by role (scan, photo, cv, ...) in order. name is the file's name when it was linked.
CREATE TABLE lib_record_file (
    record_id BIGINT NOT NULL REFERENCES lib_record (id),
    file_id BIGINT NOT NULL,
    role TEXT NOT NULL,
    sort INTEGER NOT NULL DEFAULT 0,
    name TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (record_id, file_id)
);
CREATE INDEX lib_record_file_file ON lib_record_file (file_id);

-- The tag set (/tagmanager) and the tags of a record. A live tag name is unique in any letter case.
CREATE TABLE lib_tag (
    id {{pk}},
    name TEXT NOT NULL,
    color TEXT NOT NULL DEFAULT '',
    sort INTEGER NOT NULL DEFAULT 0,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    deleted_at TIMESTAMP
);
CREATE UNIQUE INDEX lib_tag_live_name ON lib_tag (LOWER(name)) WHERE deleted_at IS NULL;

CREATE TABLE lib_record_tag (
    record_id BIGINT NOT NULL REFERENCES lib_record (id),
    tag_id BIGINT NOT NULL REFERENCES lib_tag (id),
    PRIMARY KEY (record_id, tag_id)
);
CREATE INDEX lib_record_tag_tag ON lib_record_tag (tag_id);

-- Lending a CA key: to an employee (borrower_code, with the name at the time), until due_date; returned_at
-- is NULL while the key is out.
CREATE TABLE lib_ca_loan (
    id {{pk}},
    record_id BIGINT NOT NULL REFERENCES lib_record (id),
    borrower_code TEXT NOT NULL,
    borrower_name TEXT NOT NULL DEFAULT '',
    purpose TEXT NOT NULL DEFAULT '',
    due_date TEXT,
    lent_by BIGINT REFERENCES sys_user (id),
    lent_at TIMESTAMP NOT NULL,
    returned_by BIGINT REFERENCES sys_user (id),
    returned_at TIMESTAMP,
    return_remark TEXT NOT NULL DEFAULT ''
);
CREATE INDEX lib_ca_loan_record ON lib_ca_loan (record_id, lent_at);
CREATE INDEX lib_ca_loan_borrower ON lib_ca_loan (borrower_code, returned_at);

-- Every review transition: submit, approve, reject (with the reason), publish (an administrator's own entry).
CREATE TABLE lib_review (
    id {{pk}},
    record_id BIGINT NOT NULL REFERENCES lib_record (id),
    action TEXT NOT NULL,
    from_status TEXT NOT NULL DEFAULT '',
    to_status TEXT NOT NULL,
    reason TEXT NOT NULL DEFAULT '',
    user_id BIGINT REFERENCES sys_user (id),
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX lib_review_record ON lib_review (record_id, id);

-- Dictionaries of the library, for databases seeded before this migration (a new database gets them with
-- the built-in dictionaries).
INSERT INTO sys_dict (parent_id, dict_key, dict_value, is_default, enabled, sort)
SELECT 0, '荣誉级别', 'honor_level', 0, 1, (SELECT COALESCE(MAX(sort), 0) + 1 FROM sys_dict WHERE parent_id = 0)
WHERE EXISTS (SELECT 1 FROM sys_dict) AND NOT EXISTS (SELECT 1 FROM sys_dict WHERE parent_id = 0 AND dict_value = 'honor_level');
INSERT INTO sys_dict (parent_id, dict_key, dict_value, is_default, enabled, sort)
SELECT g.id, v.k, v.v, v.d, 1, v.s FROM sys_dict g,
    (SELECT '国家级' AS k, 'national' AS v, 1 AS d, 0 AS s UNION ALL SELECT '省部级', 'provincial', 0, 1
     UNION ALL SELECT '市级', 'city', 0, 2 UNION ALL SELECT '行业协会', 'industry', 0, 3 UNION ALL SELECT '客户颁发', 'client', 0, 4) v
WHERE g.parent_id = 0 AND g.dict_value = 'honor_level' AND NOT EXISTS (SELECT 1 FROM sys_dict c WHERE c.parent_id = g.id);
INSERT INTO sys_dict (parent_id, dict_key, dict_value, is_default, enabled, sort)
SELECT 0, '服务类别', 'service_category', 0, 1, (SELECT COALESCE(MAX(sort), 0) + 1 FROM sys_dict WHERE parent_id = 0)
WHERE EXISTS (SELECT 1 FROM sys_dict) AND NOT EXISTS (SELECT 1 FROM sys_dict WHERE parent_id = 0 AND dict_value = 'service_category');
INSERT INTO sys_dict (parent_id, dict_key, dict_value, is_default, enabled, sort)
SELECT g.id, v.k, v.v, v.d, 1, v.s FROM sys_dict g,
    (SELECT '物业服务' AS k, 'property' AS v, 1 AS d, 0 AS s UNION ALL SELECT '设施管理', 'facility', 0, 1
     UNION ALL SELECT '信息技术', 'it', 0, 2 UNION ALL SELECT '后勤保障', 'logistics', 0, 3 UNION ALL SELECT '其他', 'other', 0, 4) v
WHERE g.parent_id = 0 AND g.dict_value = 'service_category' AND NOT EXISTS (SELECT 1 FROM sys_dict c WHERE c.parent_id = g.id);
INSERT INTO sys_dict (parent_id, dict_key, dict_value, is_default, enabled, sort)
SELECT 0, '消息阅读', 'message_read', 0, 1, (SELECT COALESCE(MAX(sort), 0) + 1 FROM sys_dict WHERE parent_id = 0)
WHERE EXISTS (SELECT 1 FROM sys_dict) AND NOT EXISTS (SELECT 1 FROM sys_dict WHERE parent_id = 0 AND dict_value = 'message_read');
INSERT INTO sys_dict (parent_id, dict_key, dict_value, is_default, enabled, sort)
SELECT g.id, v.k, v.v, v.d, 1, v.s FROM sys_dict g,
    (SELECT '未读' AS k, 'unread' AS v, 1 AS d, 0 AS s UNION ALL SELECT '已读', 'read', 0, 1) v
WHERE g.parent_id = 0 AND g.dict_value = 'message_read' AND NOT EXISTS (SELECT 1 FROM sys_dict c WHERE c.parent_id = g.id);
