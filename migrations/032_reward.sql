-- Rewards for certificates used in bids (/useCertificateRewardSetting, /useCertificateRewardAudit,
-- /useCertificateRewardReport; internal/reward; docs/decisions/0013-demand-collection-and-rewards.md).
-- Amounts are integer cents (BIGINT) on both databases. Dates are 'YYYY-MM-DD' text, as in the library.

-- A reward rule for a certificate kind and level (dictionaries cert_kind and cert_level). Rules are versioned: a
-- change writes a new version from its valid_from and closes the version before it (valid_to = the day before);
-- an application is paid by the version in force on its bid date. won_cents is paid instead of amount_cents when
-- the bid was won (0: the same amount); yearly_cap_cents bounds what one person is paid in a calendar year for
-- this kind (0: no cap).
CREATE TABLE reward_rule (
    id {{pk}},
    cert_kind TEXT NOT NULL,
    cert_level TEXT NOT NULL,
    version INTEGER NOT NULL,
    amount_cents BIGINT NOT NULL,
    won_cents BIGINT NOT NULL DEFAULT 0,
    yearly_cap_cents BIGINT NOT NULL DEFAULT 0,
    valid_from TEXT NOT NULL,
    valid_to TEXT,
    remark TEXT NOT NULL DEFAULT '',
    created_by BIGINT REFERENCES sys_user (id),
    created_at TIMESTAMP NOT NULL,
    deleted_by BIGINT REFERENCES sys_user (id),
    deleted_at TIMESTAMP,
    UNIQUE (cert_kind, cert_level, version)
);
CREATE INDEX reward_rule_live ON reward_rule (cert_kind, cert_level, version) WHERE deleted_at IS NULL;
CREATE INDEX reward_rule_from ON reward_rule (valid_from, id) WHERE deleted_at IS NULL;

-- The approval settings: levels is 1 (the unit reviewer approves) or 2 (the unit reviewer, then the bid centre).
CREATE TABLE reward_setting (
    setting_key TEXT PRIMARY KEY,
    setting_value TEXT NOT NULL,
    updated_by BIGINT REFERENCES sys_user (id),
    updated_at TIMESTAMP
);
INSERT INTO reward_setting (setting_key, setting_value) SELECT 'levels', '2' WHERE NOT EXISTS (SELECT 1 FROM reward_setting WHERE setting_key = 'levels');

-- An application: a staff member's certificate used in a bid (a tender of the library). state: submitted,
-- unit_approved (first level passed, two levels), approved (paid: amount_cents), rejected (reason). rule_id and
-- amount_cents are fixed at the final approval. unit_code is the applicant's unit (the reviewers' data scope).
CREATE TABLE reward_application (
    id {{pk}},
    user_id BIGINT NOT NULL REFERENCES sys_user (id),
    unit_code TEXT NOT NULL DEFAULT '',
    cert_kind TEXT NOT NULL,
    cert_level TEXT NOT NULL,
    cert_name TEXT NOT NULL,
    cert_number TEXT NOT NULL,
    expert_id BIGINT,
    tender_id BIGINT NOT NULL,
    tender_title TEXT NOT NULL,
    bid_date TEXT NOT NULL,
    won INTEGER NOT NULL DEFAULT 0,
    remark TEXT NOT NULL DEFAULT '',
    state TEXT NOT NULL DEFAULT 'submitted',
    reason TEXT NOT NULL DEFAULT '',
    rule_id BIGINT REFERENCES reward_rule (id),
    amount_cents BIGINT NOT NULL DEFAULT 0,
    unit_reviewer BIGINT REFERENCES sys_user (id),
    unit_reviewed_at TIMESTAMP,
    reviewer BIGINT REFERENCES sys_user (id),
    reviewed_at TIMESTAMP,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX reward_application_live ON reward_application (created_at, id);
CREATE INDEX reward_application_state ON reward_application (state, created_at, id);
CREATE INDEX reward_application_bid ON reward_application (bid_date, id);
CREATE INDEX reward_application_user ON reward_application (user_id, bid_date);
CREATE INDEX reward_application_unit ON reward_application (unit_code);
CREATE INDEX reward_application_cert ON reward_application (cert_number, tender_id);

-- The dictionaries of certificate kinds and levels, on a database that has dictionaries (a fresh one gets them
-- with the seed).
INSERT INTO sys_dict (parent_id, dict_key, dict_value, is_default, enabled, sort)
SELECT 0, '证书类别', 'cert_kind', 0, 1, (SELECT COALESCE(MAX(sort), 0) + 1 FROM sys_dict WHERE parent_id = 0)
WHERE EXISTS (SELECT 1 FROM sys_dict) AND NOT EXISTS (SELECT 1 FROM sys_dict WHERE parent_id = 0 AND dict_value = 'cert_kind');
INSERT INTO sys_dict (parent_id, dict_key, dict_value, is_default, enabled, sort)
SELECT g.id, v.k, v.v, 0, 1, v.s FROM sys_dict g, (SELECT '建造师' AS k, 'constructor' AS v, 0 AS s UNION ALL SELECT '造价工程师', 'cost', 1
    UNION ALL SELECT '项目管理', 'pm', 2 UNION ALL SELECT '信息安全', 'security', 3) v
WHERE g.parent_id = 0 AND g.dict_value = 'cert_kind' AND NOT EXISTS (SELECT 1 FROM sys_dict c WHERE c.parent_id = g.id AND c.dict_value = v.v);
INSERT INTO sys_dict (parent_id, dict_key, dict_value, is_default, enabled, sort)
SELECT 0, '证书等级', 'cert_level', 0, 1, (SELECT COALESCE(MAX(sort), 0) + 1 FROM sys_dict WHERE parent_id = 0)
WHERE EXISTS (SELECT 1 FROM sys_dict) AND NOT EXISTS (SELECT 1 FROM sys_dict WHERE parent_id = 0 AND dict_value = 'cert_level');
INSERT INTO sys_dict (parent_id, dict_key, dict_value, is_default, enabled, sort)
SELECT g.id, v.k, v.v, 0, 1, v.s FROM sys_dict g, (SELECT '一级' AS k, '1' AS v, 0 AS s UNION ALL SELECT '二级', '2', 1
    UNION ALL SELECT '三级', '3', 2) v
WHERE g.parent_id = 0 AND g.dict_value = 'cert_level' AND NOT EXISTS (SELECT 1 FROM sys_dict c WHERE c.parent_id = g.id AND c.dict_value = v.v);
