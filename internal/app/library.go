package app

import (
	"bytes"
	"context"
	"fmt"

	"biddesk/internal/access"
	"biddesk/internal/auth"
	"biddesk/internal/files"
	"biddesk/internal/library"
	"biddesk/internal/org"
	"biddesk/internal/platform/db"
)

// The bid-material library (internal/library) declares what it needs from the other areas; these
// adapters give it the dictionaries, the data rules and the system parameters.

type libraryDicts struct{ app *App }

func (d libraryDicts) Items(ctx context.Context, q db.Querier, code string) ([]library.DictItem, error) {
	e, err := d.app.Dict.LookupIn(ctx, q, code)
	if err != nil || e == nil {
		return nil, err
	}
	out := make([]library.DictItem, 0, len(e.ChildDict))
	for _, c := range e.ChildDict {
		out = append(out, library.DictItem{Value: fmt.Sprint(c.Value), Label: c.Key})
	}
	return out, nil
}

type libraryScopes struct{ org *org.Store }

func (s libraryScopes) Condition(ctx context.Context, q db.Querier, userID int64, module, column string) (string, []any, error) {
	v, err := s.org.VisibilityIn(ctx, q, userID, module)
	if err != nil {
		return "", nil, err
	}
	cond, args := v.Condition(column)
	return cond, args, nil
}

// openLibrary wires the library after the files: a record's files download for whoever may see the record,
// and each download counts for the record.
func (a *App) openLibrary(context.Context) error {
	a.Library = library.NewService(a.DB, libraryDicts{a}, libraryScopes{a.Org}, a.SysConfig, a.Files)
	a.Library.UseJobs(a.background)
	for _, t := range library.Types {
		a.Files.OnRead(library.FileRecordType(t), func(ctx context.Context, p *auth.Principal, f *files.File) (bool, error) {
			return a.Library.MayReadFile(ctx, p, t, f.RecordID, f.ID)
		})
		// every download of a record's file counts for the record (the portal's "most downloaded")
		a.Files.OnDownload(library.FileRecordType(t), a.Library.CountDownload)
	}
	// a social-security row's proof downloads for whoever holds the social-security screen
	a.Files.OnRead(library.SocialFileType, func(_ context.Context, p *auth.Principal, _ *files.File) (bool, error) {
		return p != nil && p.Can(library.SocialCode), nil
	})
	return nil
}

// seedLibraryCodes adds the library administration code, granted to the system and library administrators.
func (a *App) seedLibraryCodes(ctx context.Context) error {
	return library.SeedFunctions(ctx, a.DB, access.RoleSysAdmin, access.RoleLibAdmin)
}

// seedLibraryDemo writes the demo records, entered by 'admin'.
func (a *App) seedLibraryDemo(ctx context.Context) error {
	var adminID int64
	if err := a.DB.QueryRow(ctx, `SELECT id FROM sys_user WHERE login_code = 'admin'`).Scan(&adminID); err != nil {
		return err
	}
	// the demo staff account keeps an employee, so its reminders have something to show; both demo
	// accounts are the employees of their names (org.DemoPeople)
	staffEmployee, _ := org.DemoEmployee(org.DemoStaffEmployee)
	libEmployee, _ := org.DemoEmployee(org.DemoLibAdminEmployee)
	for login, code := range map[string]string{"staff": staffEmployee, "libadmin": libEmployee} {
		if _, err := a.DB.Exec(ctx, `UPDATE sys_user SET employee_code = ? WHERE login_code = ? AND employee_code = ''`, code, login); err != nil {
			return err
		}
	}
	docs := func(ctx context.Context, name string, body []byte) (int64, error) {
		f, err := a.Files.Save(ctx, files.Input{Name: name, Module: files.ModuleLibrary, UserID: adminID, Body: bytes.NewReader(body)})
		if err != nil {
			return 0, err
		}
		return f.ID, nil
	}
	if a.Config.DemoWithoutFiles {
		docs = nil
	}
	return a.Library.SeedDemo(ctx, adminID, staffEmployee, docs)
}
