-- Demand collection (/demandcollection, internal/demand, docs/decisions/0013-demand-collection-and-rewards.md).
-- A collection asks an audience (units with their subordinates, and single employees, as the organisation/employee
-- picker stores them) what they need before a deadline; each member may submit demands, with files, and edit them
-- until the deadline while nobody has answered them. The bid team answers each demand with a state.

-- unit_code is the unit the collection belongs to (its creator's unit): the data scope of module 'demand' reads it.
-- fields is the form the audience fills, described as data (a JSON array of {key, label, type, required, dict}).
CREATE TABLE demand_collection (
    id {{pk}},
    title TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    deadline TIMESTAMP NOT NULL,
    unit_code TEXT NOT NULL DEFAULT '',
    audience_units TEXT NOT NULL DEFAULT '',
    audience_employees TEXT NOT NULL DEFAULT '',
    fields TEXT NOT NULL DEFAULT '[]',
    created_by BIGINT REFERENCES sys_user (id),
    created_at TIMESTAMP NOT NULL,
    updated_by BIGINT REFERENCES sys_user (id),
    updated_at TIMESTAMP NOT NULL,
    deleted_by BIGINT REFERENCES sys_user (id),
    deleted_at TIMESTAMP
);
-- the lists' sorts walk partial indexes of the live rows (an IS NULL column first gives no order on PostgreSQL)
CREATE INDEX demand_collection_live ON demand_collection (created_at, id) WHERE deleted_at IS NULL;
CREATE INDEX demand_collection_deadline ON demand_collection (deadline, id) WHERE deleted_at IS NULL;
CREATE INDEX demand_collection_title ON demand_collection (title, id) WHERE deleted_at IS NULL;
CREATE INDEX demand_collection_unit ON demand_collection (unit_code);

-- The audience of a collection, one row per unit (kind 'unit': the unit and its subordinates) or employee (kind
-- 'employee'), so that 'is this user in the audience' is an indexed look-up.
CREATE TABLE demand_audience (
    collection_id BIGINT NOT NULL REFERENCES demand_collection (id),
    kind TEXT NOT NULL,
    code TEXT NOT NULL,
    PRIMARY KEY (collection_id, kind, code)
);
CREATE INDEX demand_audience_code ON demand_audience (kind, code);

-- A demand submitted to a collection. state: submitted (not answered yet), accepted, in_progress, done,
-- declined (reason says why). values holds the answers to the collection's fields (JSON object by key).
CREATE TABLE demand_item (
    id {{pk}},
    collection_id BIGINT NOT NULL REFERENCES demand_collection (id),
    user_id BIGINT NOT NULL REFERENCES sys_user (id),
    unit_code TEXT NOT NULL DEFAULT '',
    content TEXT NOT NULL,
    field_values TEXT NOT NULL DEFAULT '{}',
    state TEXT NOT NULL DEFAULT 'submitted',
    reason TEXT NOT NULL DEFAULT '',
    answered_by BIGINT REFERENCES sys_user (id),
    answered_at TIMESTAMP,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    deleted_at TIMESTAMP
);
CREATE INDEX demand_item_collection ON demand_item (collection_id, created_at, id);
CREATE INDEX demand_item_live ON demand_item (created_at, id) WHERE deleted_at IS NULL;
CREATE INDEX demand_item_state ON demand_item (state, id) WHERE deleted_at IS NULL;
CREATE INDEX demand_item_updated ON demand_item (updated_at, id) WHERE deleted_at IS NULL;
CREATE INDEX demand_item_user ON demand_item (user_id, created_at);
