-- External organisations (/externalOrgan): partners and clients whose users sign in at /login2.
-- kind is a value of the 'ext_org_kind' dictionary; owner_id is the staff account in charge of the
-- relation (moved by a data handover). Deletes are soft; a live name (and a live, non-empty code) is
-- unique in any letter case.
CREATE TABLE ext_org (
    id {{pk}},
    name TEXT NOT NULL,
    code TEXT NOT NULL DEFAULT '',
    kind TEXT NOT NULL,
    contact_person TEXT NOT NULL DEFAULT '',
    phone TEXT NOT NULL DEFAULT '',
    email TEXT NOT NULL DEFAULT '',
    address TEXT NOT NULL DEFAULT '',
    state INTEGER NOT NULL DEFAULT 1,
    remark TEXT NOT NULL DEFAULT '',
    owner_id BIGINT REFERENCES sys_user (id),
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    deleted_at TIMESTAMP
);
CREATE UNIQUE INDEX ext_org_live_name ON ext_org (LOWER(name)) WHERE deleted_at IS NULL;
CREATE UNIQUE INDEX ext_org_live_code ON ext_org (LOWER(code)) WHERE deleted_at IS NULL AND code <> '';
CREATE INDEX ext_org_owner ON ext_org (owner_id);

-- An external account belongs to one organisation; disabling the organisation stops its users.
ALTER TABLE sys_user ADD COLUMN ext_org_id BIGINT REFERENCES ext_org (id);
CREATE INDEX sys_user_ext_org ON sys_user (ext_org_id);

-- The organisation kinds, for databases seeded before this migration (a new database gets them
-- with the built-in dictionaries).
INSERT INTO sys_dict (parent_id, dict_key, dict_value, is_default, enabled, sort)
SELECT 0, '外部组织类型', 'ext_org_kind', 0, 1, (SELECT COALESCE(MAX(sort), 0) + 1 FROM sys_dict WHERE parent_id = 0)
WHERE EXISTS (SELECT 1 FROM sys_dict) AND NOT EXISTS (SELECT 1 FROM sys_dict WHERE parent_id = 0 AND dict_value = 'ext_org_kind');
INSERT INTO sys_dict (parent_id, dict_key, dict_value, is_default, enabled, sort)
SELECT g.id, '合作伙伴', 'partner', 1, 1, 0 FROM sys_dict g
WHERE g.parent_id = 0 AND g.dict_value = 'ext_org_kind' AND NOT EXISTS (SELECT 1 FROM sys_dict c WHERE c.parent_id = g.id AND c.dict_value = 'partner');
INSERT INTO sys_dict (parent_id, dict_key, dict_value, is_default, enabled, sort)
SELECT g.id, '客户', 'client', 0, 1, 1 FROM sys_dict g
WHERE g.parent_id = 0 AND g.dict_value = 'ext_org_kind' AND NOT EXISTS (SELECT 1 FROM sys_dict c WHERE c.parent_id = g.id AND c.dict_value = 'client');

-- Data handovers (/handover_manager): what one account's records were moved to another, with the
-- exact row ids per kind (moved: JSON {"kind": [ids]}), so that an undo moves exactly those back.
-- counts: JSON {"kind": n}; state is 'done' or 'undone'; operator and undoer are the administrators.
CREATE TABLE handover (
    id {{pk}},
    from_user_id BIGINT NOT NULL REFERENCES sys_user (id),
    to_user_id BIGINT NOT NULL REFERENCES sys_user (id),
    moved TEXT NOT NULL,
    counts TEXT NOT NULL,
    total INTEGER NOT NULL,
    remark TEXT NOT NULL DEFAULT '',
    state TEXT NOT NULL DEFAULT 'done',
    operator_id BIGINT REFERENCES sys_user (id),
    created_at TIMESTAMP NOT NULL,
    undone_by_id BIGINT REFERENCES sys_user (id),
    undone_at TIMESTAMP
);
CREATE INDEX handover_time ON handover (created_at);
CREATE INDEX handover_from ON handover (from_user_id);
CREATE INDEX handover_to ON handover (to_user_id);
