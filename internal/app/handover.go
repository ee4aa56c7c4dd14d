package app

import (
	"biddesk/internal/external"
	"biddesk/internal/handover"
	"biddesk/internal/platform/httpx"
)

// registerHandoverKinds declares what an account owns, for the data handover (/handover_manager).
// An area that adds owned records (the library's records, applications, tasks) registers its kinds
// here the same way: the table, the column holding the owner's account id, and the condition of
// the rows that count (see package handover).
func registerHandoverKinds() {
	handover.Register(handover.Kind{
		Key: "roles", Label: "handover.kind.roles", Table: "sys_user_role", OwnerColumn: "user_id",
		IDColumn: "role_id", Distinct: "role_id", Sort: 10,
	})
	handover.Register(external.OwnedOrgs)
}

func init() {
	httpx.RegisterMessages(map[string][2]string{
		"handover.kind.roles": {"角色成员", "Role memberships"},
	})
}
