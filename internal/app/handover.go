package app

import (
	"context"

	"biddesk/internal/access"
	"biddesk/internal/auth"
	"biddesk/internal/external"
	"biddesk/internal/handover"
	"biddesk/internal/org"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/httpx"
)

// handoverRoles is the key of the role memberships' kind.
const handoverRoles = "roles"

// registerHandoverKinds declares what an account owns, for the data handover (/handover_manager).
// An area that adds owned records (the library's records, applications, tasks) registers its kinds
// here the same way: the table, the column holding the owner's account id, and the condition of
// the rows that count (see package handover).
func registerHandoverKinds() {
	handover.Register(handover.Kind{
		Key: handoverRoles, Label: "handover.kind.roles", Table: "sys_user_role", OwnerColumn: "user_id",
		IDColumn: "role_id", Distinct: "role_id", Sort: 10,
	})
	handover.Register(external.OwnedOrgs)
}

// handoverGuard applies user management's rules to a handover (docs/data-rules.md, "Data
// handover"): both accounts must be in the caller's data scope of user management (sysuser: the
// handover screen picks them through /api/user/search, which that scope limits), a run or an undo
// may touch no account holding more than the caller, and the role memberships it moves are grants
// under the grant rule (the receiver gains them, the giver loses them).
func (a *App) handoverGuard(ctx context.Context) (*handover.Caller, error) {
	actor, err := a.Access.Actor(ctx, auth.PrincipalFrom(ctx))
	if err != nil {
		return nil, err
	}
	check := func(ctx context.Context, tx *db.Tx, giver, receiver int64, moved map[string][]int64) error {
		if err := a.Access.CheckManage(ctx, tx, actor, []int64{giver, receiver}); err != nil {
			return err
		}
		roles := moved[handoverRoles]
		if len(roles) == 0 {
			return nil
		}
		held, err := access.UserRoles(ctx, tx, []int64{giver, receiver})
		if err != nil {
			return err
		}
		moving := map[int64]bool{}
		for _, id := range roles {
			moving[id] = true
		}
		for _, side := range []struct {
			id   int64
			gain bool
		}{{giver, false}, {receiver, true}} {
			next := []int64{}
			for _, r := range held[side.id] {
				if side.gain || !moving[r.ID] {
					next = append(next, r.ID)
				}
			}
			if side.gain {
				next = append(next, roles...)
			}
			var unit string
			if err := tx.QueryRow(ctx, `SELECT unit_code FROM sys_user WHERE id = ?`, side.id).Scan(&unit); err != nil {
				return err
			}
			if err := a.Access.CheckUserRoles(ctx, tx, actor, side.id, unit, next); err != nil {
				return err
			}
		}
		return nil
	}
	return &handover.Caller{Accounts: actor.Sees(org.ModuleUsers), Check: check}, nil
}

func init() {
	httpx.RegisterMessages(map[string][2]string{
		"handover.kind.roles": {"角色成员", "Role memberships"},
	})
}
