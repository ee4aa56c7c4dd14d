package app

import (
	"context"
	"fmt"

	"biddesk/internal/auth"
	"biddesk/internal/demand"
	"biddesk/internal/files"
	"biddesk/internal/library"
	"biddesk/internal/org"
	"biddesk/internal/platform/db"
)

// Demand collection (internal/demand) declares what it needs of the other areas; these adapters give it the data
// scope of module demand, the library's message to-dos, the files and the dictionaries.

type demandNotifier struct{ lib *library.Service }

func (n demandNotifier) Notify(ctx context.Context, tx *db.Tx, userIDs []int64, d demand.Notice) (int, error) {
	return n.lib.Notify(ctx, tx, userIDs, library.Notice{Code: d.Code, Title: d.Title, Content: d.Content, TitleText: d.TitleText, ContentText: d.ContentText, RefType: "demand",
		RefID: d.RefID, RefPath: d.RefPath})
}

type demandFiles struct{ files *files.Service }

func (f demandFiles) Set(ctx context.Context, tx *db.Tx, userID, demandID int64, ids []int64) error {
	return f.files.SetFiles(ctx, tx, files.Owner{UserID: userID}, demand.Screen, demand.RecordType, demandID, ids...)
}

func (f demandFiles) SetReply(ctx context.Context, tx *db.Tx, userID, replyID int64, ids []int64) error {
	return f.files.SetFiles(ctx, tx, files.Owner{UserID: userID}, demand.Screen, demand.ReplyRecordType, replyID, ids...)
}

func (f demandFiles) Of(ctx context.Context, q db.Querier, recordType string, ids []int64) (map[int64][]demand.FileRef, error) {
	found, err := f.files.FilesOf(ctx, q, recordType, ids)
	if err != nil {
		return nil, err
	}
	out := make(map[int64][]demand.FileRef, len(found))
	for id, fs := range found {
		for _, file := range fs {
			out[id] = append(out[id], demand.FileRef{ID: file.ID, Name: file.Name})
		}
	}
	return out, nil
}

type demandDicts struct{ app *App }

func (d demandDicts) Values(ctx context.Context, q db.Querier, code string) ([]string, bool, error) {
	if code == "" {
		return nil, false, nil
	}
	e, err := d.app.Dict.LookupIn(ctx, q, code)
	if err != nil || e == nil {
		return nil, false, err
	}
	out := make([]string, 0, len(e.ChildDict))
	for _, c := range e.ChildDict {
		out = append(out, fmt.Sprint(c.Value))
	}
	return out, true, nil
}

// openDemand wires demand collection after the library and the files: a demand's files, and the files of the
// answers to it, download for its submitter and for the administrators whose scope holds its collection.
func (a *App) openDemand(context.Context) error {
	scope := func(ctx context.Context, q db.Querier, userID int64) (org.Visibility, error) {
		return a.Org.VisibilityIn(ctx, q, userID, demand.Module)
	}
	a.demand = demand.NewService(a.DB, scope, demandNotifier{a.Library}, demandFiles{a.Files}, demandDicts{a})
	a.Files.OnRead(demand.RecordType, func(ctx context.Context, p *auth.Principal, f *files.File) (bool, error) {
		return a.demand.MayReadFile(ctx, p, f.RecordID)
	})
	a.Files.OnRead(demand.ReplyRecordType, func(ctx context.Context, p *auth.Principal, f *files.File) (bool, error) {
		return a.demand.MayReadReplyFile(ctx, p, f.RecordID)
	})
	return nil
}

// seedDemandDemo writes the demo demand collections: the bid team ('admin') asks, 'staff', 'libadmin' and 'admin'
// submit.
func (a *App) seedDemandDemo(ctx context.Context) error {
	var subs []demand.DemoSubmitter
	var adminID int64
	var adminUnit string
	for _, login := range []string{"staff", "libadmin", "admin"} {
		var s demand.DemoSubmitter
		err := a.DB.QueryRow(ctx, `SELECT id, unit_code FROM sys_user WHERE login_code = ?`, login).Scan(&s.UserID, &s.Unit)
		if db.IsNoRows(err) {
			continue
		} else if err != nil {
			return fmt.Errorf("read the demo account %s: %w", login, err)
		}
		subs = append(subs, s)
		if login == "admin" {
			adminID, adminUnit = s.UserID, s.Unit
		}
	}
	if adminID == 0 {
		return nil
	}
	return a.demand.SeedDemo(ctx, adminID, adminUnit, subs)
}
