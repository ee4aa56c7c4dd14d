-- Unit type (1 company or group level, 2 department) for the picker's type filter, and when
-- a unit or employee last changed (imports update by code).
ALTER TABLE org_unit ADD COLUMN unit_type INTEGER NOT NULL DEFAULT 1;
ALTER TABLE org_unit ADD COLUMN updated_at TIMESTAMP;
ALTER TABLE employee ADD COLUMN updated_at TIMESTAMP;
CREATE INDEX org_unit_level ON org_unit (level, sort);

-- Data rules: the units a role's members may see, per module (module '*' is the role's
-- default for modules it names no scope for). scope is all, unit_and_below, unit or custom;
-- unit_codes lists the custom units (each with its subordinates), comma-separated.
CREATE TABLE sys_role_data_scope (
    id {{pk}},
    role_id BIGINT NOT NULL,
    module TEXT NOT NULL,
    scope TEXT NOT NULL,
    unit_codes TEXT NOT NULL DEFAULT '',
    UNIQUE (role_id, module)
);
