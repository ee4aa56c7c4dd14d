-- A unit's label is the end of its path long enough to tell it from every other unit (issue 28): the demo company
-- has fourteen 投标管理部, shown as 北京华信物业服务有限公司 / 投标管理部. Lists, chips and exports show the label; the
-- name stays what the organisation import writes. Written by internal/org (labels.go) whenever units change; the
-- server fills the labels of a database migrated here at its next start.
ALTER TABLE org_unit ADD COLUMN unit_label TEXT NOT NULL DEFAULT '';
