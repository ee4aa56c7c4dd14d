package app

import (
	"context"
	"crypto/rand"
	"fmt"
	"math/big"

	"biddesk/internal/access"
	"biddesk/internal/auth"
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
	for _, ar := range a.parts {
		if ar.builtins == nil {
			continue
		}
		if err := ar.builtins(ctx); err != nil {
			return nil, fmt.Errorf("seed %s: %w", ar.name, err)
		}
	}
	if err := a.syncResources(ctx); err != nil {
		return nil, fmt.Errorf("seed resources: %w", err)
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
	// The demo company: its organisation and people first (every area's demo data names them), then each area's
	// demo data in the areas' order, then a year of its past across the areas.
	if err := a.Org.SeedDemo(ctx); err != nil {
		return nil, fmt.Errorf("seed organisation: %w", err)
	}
	a.seededAccounts = nil
	for _, ar := range a.parts {
		if ar.demo == nil {
			continue
		}
		if err := ar.demo(ctx); err != nil {
			return nil, fmt.Errorf("seed the %s demo: %w", ar.name, err)
		}
	}
	if err := a.seedDemoHistory(ctx); err != nil {
		return nil, fmt.Errorf("seed the demo company's past: %w", err)
	}
	for _, ar := range a.parts {
		if ar.demoAfterPast == nil {
			continue
		}
		if err := ar.demoAfterPast(ctx); err != nil {
			return nil, fmt.Errorf("seed the %s demo: %w", ar.name, err)
		}
	}
	return a.seededAccounts, nil
}

// seedDemoAccounts creates the demo accounts (the auth area's demo data): admin, staff, libadmin and partner.
func (a *App) seedDemoAccounts(ctx context.Context) error {
	accounts := []struct {
		Account
		name, unit string
	}{
		{Account{"admin", a.Config.DemoAdminPassword, access.RoleSysAdmin, auth.SiteStaff}, "系统管理员", "100104"},
		{Account{"staff", a.Config.DemoStaffPassword, access.RoleStaff, auth.SiteStaff}, org.DemoPeople[org.DemoStaffEmployee].Name, org.DemoPeople[org.DemoStaffEmployee].Unit},
		{Account{"libadmin", "Library@123", access.RoleLibAdmin, auth.SiteStaff}, org.DemoPeople[org.DemoLibAdminEmployee].Name, org.DemoPeople[org.DemoLibAdminEmployee].Unit},
		{Account{"partner", "Partner@123", access.RoleStaff, auth.SiteExternal}, "合作伙伴演示账号", ""},
	}
	for _, acc := range accounts {
		if err := a.createAccount(ctx, acc.Account, acc.name, acc.unit, false); err != nil {
			return err
		}
		a.seededAccounts = append(a.seededAccounts, acc.Account)
	}
	return nil
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
