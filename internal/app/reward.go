package app

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"biddesk/internal/auth"
	"biddesk/internal/files"
	"biddesk/internal/library"
	"biddesk/internal/org"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/list"
	"biddesk/internal/reward"
)

// Certificate rewards (internal/reward) declare what they need of the other areas; these adapters give them the
// library's experts and tenders, its message to-dos, the files, the dictionaries and the data scope of module
// reward.

type rewardLibrary struct {
	lib *library.Service
	db  *db.DB
}

// Certificate is a qualification (by number) of a published expert of the library. It is read without the
// caller's library scope (a staff member may see no expert records): the service then accepts it only when the
// expert is the caller's own employee.
func (l rewardLibrary) Certificate(ctx context.Context, expertID int64, number string) (*reward.Certificate, error) {
	found, err := l.lib.Experts(auth.WithPrincipal(ctx, nil), []int64{expertID})
	if err != nil || len(found) == 0 || found[0].Status != library.StatusPublished {
		return nil, err
	}
	for _, q := range found[0].Qualifications {
		if q.Number != "" && q.Number == number {
			return &reward.Certificate{Name: q.Name, Number: q.Number, EmployeeCode: found[0].EmployeeCode}, nil
		}
	}
	return nil, nil
}

// CertificatesOf lists the numbered qualifications of the published experts who are the employee.
func (l rewardLibrary) CertificatesOf(ctx context.Context, employee string) ([]reward.MyCertificate, error) {
	found, err := l.lib.ExpertsOfEmployee(ctx, employee)
	if err != nil {
		return nil, err
	}
	out := []reward.MyCertificate{}
	for _, e := range found {
		for _, q := range e.Qualifications {
			if q.Number != "" {
				out = append(out, reward.MyCertificate{ExpertID: e.ID, Expert: e.Name, Name: q.Name, Number: q.Number, ValidTo: q.ValidTo})
			}
		}
	}
	return out, nil
}

// Tender is a tender of the library that the portal shows the caller.
func (l rewardLibrary) Tender(ctx context.Context, p *auth.Principal, id int64) (*reward.Tender, error) {
	r, err := l.lib.PortalOne(ctx, p, id)
	var he *httpx.Error
	if errors.As(err, &he) && he.Key == library.PortalNotFound {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if r.Type == nil || r.Type.Key != library.TypeTender {
		return nil, nil
	}
	var result string
	if f := r.Type.Field("result"); f != nil {
		result = r.Text(f)
	}
	var bid string
	if f := r.Type.Field("bidDate"); f != nil {
		bid = r.Text(f)
	}
	return &reward.Tender{ID: r.ID, Title: r.Title(), UnitCode: r.UnitCode(), BidDate: bid, Result: result}, nil
}

// Tenders are the published tenders the portal shows p of the unit's line: the unit itself, a unit above it (a
// prefix of its code: codes are nested) or below it; a tender without a unit is nobody's. The bid date is the
// tender's record date, the result its category (dictionary bid_result).
func (l rewardLibrary) Tenders(ctx context.Context, p *auth.Principal, unit, keyword string, limit int) ([]reward.Tender, error) {
	out := []reward.Tender{}
	if unit == "" {
		return out, nil
	}
	cond, args, err := l.lib.PortalScope(ctx, p)
	if err != nil {
		return nil, fmt.Errorf("reward: tenders of %s: %w", unit, err)
	}
	above := make([]any, 0, len(unit))
	for i := 1; i <= len(unit); i++ {
		above = append(above, unit[:i])
	}
	q := `SELECT r.id, r.title, r.unit_code, COALESCE(` + org.LabelSQL("u") + `, ''), COALESCE(r.record_date, ''), r.category
		FROM lib_record r LEFT JOIN org_unit u ON u.full_unit_code = r.unit_code
		WHERE r.type = ? AND ` + cond + ` AND r.unit_code <> '' AND (r.unit_code IN (` + db.Placeholders(len(above)) + `) OR ` + list.PrefixSQL("r.unit_code") + `)`
	all := append([]any{library.TypeTender}, args...)
	all = append(all, above...)
	all = append(all, list.PrefixArg(unit))
	if kw := strings.ToLower(strings.TrimSpace(keyword)); kw != "" {
		q += ` AND (` + list.ContainsSQL("r.title") + ` OR ` + list.ContainsSQL("r.code") + `)`
		all = append(all, "%"+list.EscapeLike(kw)+"%", "%"+list.EscapeLike(kw)+"%")
	}
	q += ` ORDER BY r.record_date DESC, r.id DESC LIMIT ?`
	all = append(all, limit)
	err = db.EachRow(ctx, l.db, q, all, func(row db.Row) error {
		var t reward.Tender
		if err := row.Scan(&t.ID, &t.Title, &t.UnitCode, &t.UnitLabel, &t.BidDate, &t.Result); err != nil {
			return err
		}
		out = append(out, t)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("reward: tenders of %s: %w", unit, err)
	}
	return out, nil
}

type rewardNotifier struct{ lib *library.Service }

func (n rewardNotifier) Notify(ctx context.Context, tx *db.Tx, userIDs []int64, r reward.Notice) (int, error) {
	return n.lib.Notify(ctx, tx, userIDs, library.Notice{Code: r.Code, Title: r.Title, Content: r.Content, TitleText: r.TitleText,
		ContentText: r.ContentText, RefType: "reward", RefID: r.RefID})
}

type rewardFiles struct{ files *files.Service }

func (f rewardFiles) Set(ctx context.Context, tx *db.Tx, userID, id int64, ids []int64) error {
	return f.files.SetFiles(ctx, tx, files.Owner{UserID: userID}, reward.FunAudit, reward.RecordType, id, ids...)
}

func (f rewardFiles) Of(ctx context.Context, q db.Querier, ids []int64) (map[int64][]reward.FileRef, error) {
	found, err := f.files.FilesOf(ctx, q, reward.RecordType, ids)
	if err != nil {
		return nil, err
	}
	out := make(map[int64][]reward.FileRef, len(found))
	for id, fs := range found {
		for _, file := range fs {
			out[id] = append(out[id], reward.FileRef{ID: file.ID, Name: file.Name})
		}
	}
	return out, nil
}

type rewardDicts struct{ app *App }

func (d rewardDicts) Items(ctx context.Context, q db.Querier, code string) ([]reward.DictItem, error) {
	e, err := d.app.Dict.LookupIn(ctx, q, code)
	if err != nil || e == nil {
		return nil, err
	}
	out := make([]reward.DictItem, 0, len(e.ChildDict))
	for _, c := range e.ChildDict {
		out = append(out, reward.DictItem{Value: fmt.Sprint(c.Value), Label: c.Key})
	}
	return out, nil
}

func (d rewardDicts) Has(ctx context.Context, q db.Querier, code, value string) (bool, error) {
	e, err := d.app.Dict.LookupIn(ctx, q, code)
	if err != nil || e == nil {
		return false, err
	}
	for _, c := range e.ChildDict {
		if fmt.Sprint(c.Value) == value {
			return true, nil
		}
	}
	return false, nil
}

// openReward wires certificate rewards after the library and the files: an application's evidence downloads for
// its applicant and for the reviewers whose scope holds the applicant's unit.
func (a *App) openReward(context.Context) error {
	scope := func(ctx context.Context, q db.Querier, userID int64) (org.Visibility, error) {
		return a.Org.VisibilityIn(ctx, q, userID, reward.Module)
	}
	a.reward = reward.NewService(a.DB, scope, rewardLibrary{a.Library, a.DB}, rewardNotifier{a.Library}, rewardFiles{a.Files}, rewardDicts{a})
	// training opens before: its certificates are bid material too
	a.reward.UseTraining(rewardTraining{a.training})
	a.Files.OnRead(reward.RecordType, func(ctx context.Context, p *auth.Principal, f *files.File) (bool, error) {
		return a.reward.MayReadFile(ctx, p, f.RecordID)
	})
	return nil
}
