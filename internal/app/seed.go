package app

import (
	"context"
	"crypto/rand"
	"fmt"
	"math/big"

	"biddesk/internal/access"
	"biddesk/internal/auth"
	"biddesk/internal/external"
	"biddesk/internal/org"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/validate"
)

// Account is a sign-in created by seeding, printed at start-up.
type Account struct {
	LoginCode, Password, Role, Site string
}

// Seed writes the built-in data (menus, function codes, roles, dictionaries) into an empty
// database and, when demo is set, the demo organisation, employees and accounts. Without
// demo data and without any account, it creates 'admin' with a random password that must be
// changed at first sign-in. It returns the accounts it created.
func (a *App) Seed(ctx context.Context, demo bool) ([]Account, error) {
	if err := a.Access.SeedBuiltins(ctx); err != nil {
		return nil, fmt.Errorf("seed access: %w", err)
	}
	if err := a.Dict.SeedBuiltins(ctx); err != nil {
		return nil, fmt.Errorf("seed dictionaries: %w", err)
	}
	if err := a.seedLibraryCodes(ctx); err != nil {
		return nil, fmt.Errorf("seed library codes: %w", err)
	}
	if err := a.syncResources(ctx); err != nil {
		return nil, fmt.Errorf("seed resources: %w", err)
	}
	if err := a.Org.SeedDefaultScopes(ctx, map[string]string{access.RoleSysAdmin: org.ScopeAll, access.RoleLibAdmin: org.ScopeAll}); err != nil {
		return nil, fmt.Errorf("seed data scopes: %w", err)
	}
	var users int
	if err := a.DB.QueryRow(ctx, `SELECT COUNT(*) FROM sys_user`).Scan(&users); err != nil {
		return nil, err
	}
	if users > 0 {
		return nil, nil
	}
	if !demo {
		pw, err := randomPassword()
		if err != nil {
			return nil, err
		}
		acc := Account{LoginCode: "admin", Password: pw, Role: access.RoleSysAdmin, Site: auth.SiteStaff}
		if err := a.createAccount(ctx, acc, "系统管理员", "", true); err != nil {
			return nil, err
		}
		return []Account{acc}, nil
	}
	if err := a.Org.SeedDemo(ctx); err != nil {
		return nil, fmt.Errorf("seed organisation: %w", err)
	}
	accounts := []struct {
		Account
		name, unit string
	}{
		{Account{"admin", a.Config.DemoAdminPassword, access.RoleSysAdmin, auth.SiteStaff}, "系统管理员", "100104"},
		{Account{"staff", a.Config.DemoStaffPassword, access.RoleStaff, auth.SiteStaff}, org.DemoPeople[org.DemoStaffEmployee].Name, org.DemoPeople[org.DemoStaffEmployee].Unit},
		{Account{"libadmin", "Library@123", access.RoleLibAdmin, auth.SiteStaff}, org.DemoPeople[org.DemoLibAdminEmployee].Name, org.DemoPeople[org.DemoLibAdminEmployee].Unit},
		{Account{"partner", "Partner@123", access.RoleStaff, auth.SiteExternal}, "合作伙伴演示账号", ""},
	}
	var out []Account
	for _, acc := range accounts {
		if err := a.createAccount(ctx, acc.Account, acc.name, acc.unit, false); err != nil {
			return nil, err
		}
		out = append(out, acc.Account)
	}
	if err := external.SeedDemo(ctx, a.DB, "staff", "partner"); err != nil {
		return nil, fmt.Errorf("seed external organisation: %w", err)
	}
	if err := a.seedLibraryDemo(ctx); err != nil {
		return nil, fmt.Errorf("seed library: %w", err)
	}
	if err := a.seedPortalDemo(ctx); err != nil {
		return nil, fmt.Errorf("seed portal: %w", err)
	}
	if err := a.seedDemandDemo(ctx); err != nil {
		return nil, fmt.Errorf("seed demands: %w", err)
	}
	if err := a.seedContentDemo(ctx); err != nil {
		return nil, fmt.Errorf("seed learning content: %w", err)
	}
	if err := a.seedLowcodeDemo(ctx); err != nil {
		return nil, fmt.Errorf("seed low-code: %w", err)
	}
	if err := a.seedRewardDemo(ctx); err != nil {
		return nil, fmt.Errorf("seed rewards: %w", err)
	}
	if err := a.seedDemoHistory(ctx); err != nil {
		return nil, fmt.Errorf("seed the demo company's past: %w", err)
	}
	if err := a.seedTrainingDemo(ctx); err != nil {
		return nil, fmt.Errorf("seed training: %w", err)
	}
	return out, nil
}

func (a *App) createAccount(ctx context.Context, acc Account, name, unit string, mustChange bool) error {
	hash, err := auth.HashPassword(acc.Password)
	if err != nil {
		return err
	}
	u := &auth.User{LoginCode: acc.LoginCode, UserName: name, PasswordHash: hash, State: 1, UserType: acc.Site, UnitCode: unit}
	if mustChange {
		u.UpdatePwd = 1
	}
	id, err := a.Users.CreateUser(ctx, u)
	if db.IsUniqueViolation(err) {
		return fmt.Errorf("an account %q already exists", acc.LoginCode)
	}
	if err != nil {
		return fmt.Errorf("create %s: %w", acc.LoginCode, err)
	}
	return a.Access.AssignRole(ctx, id, acc.Role)
}

func randomPassword() (string, error) {
	const letters = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789"
	b := make([]byte, 12)
	for i := range b {
		n, err := rand.Int(rand.Reader, big.NewInt(int64(len(letters))))
		if err != nil {
			return "", err
		}
		b[i] = letters[n.Int64()]
	}
	// Guarantee two kinds whatever was drawn: the spec's rule needs at least two.
	return string(b[:10]) + "@7", nil
}

// CreateUser creates a staff account (CLI); the password must be changed at first sign-in.
func (a *App) CreateUser(ctx context.Context, login, name, password, role string) error {
	if err := a.checkPassword(password); err != nil {
		return err
	}
	if ok, err := a.Access.RoleExists(ctx, role); err != nil {
		return err
	} else if !ok {
		return fmt.Errorf("no role %q (built-in roles: %s, %s, %s)", role, access.RoleSysAdmin, access.RoleLibAdmin, access.RoleStaff)
	}
	return a.createAccount(ctx, Account{LoginCode: login, Password: password, Role: role, Site: auth.SiteStaff}, name, "", true)
}

// ResetPassword sets a new password (CLI); it must be changed at next sign-in.
func (a *App) ResetPassword(ctx context.Context, login, password string) error {
	if err := a.checkPassword(password); err != nil {
		return err
	}
	u, err := a.Users.UserByLoginCode(ctx, login)
	if err != nil {
		return err
	}
	if u == nil {
		return fmt.Errorf("no account %q", login)
	}
	return a.Auth.SetPassword(ctx, u.ID, password, true)
}

func (a *App) checkPassword(pw string) error {
	if !validate.PasswordOK(pw) {
		return fmt.Errorf("the password must be 6-16 characters with at least 2 of: upper case, lower case, digits, symbols")
	}
	return nil
}
