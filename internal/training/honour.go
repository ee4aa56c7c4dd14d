package training

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"time"

	"biddesk/internal/audit"
	"biddesk/internal/org"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/export"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/list"
	"biddesk/internal/platform/route"
)

// The honorary catalogue (/training_honour): outstanding trainees, lecturers and classes of a year, chosen by an
// administrator with a citation; shown to staff on the portal's training page.

// FunHonour is the function code (= menu code) of the honorary catalogue's screen.
const FunHonour = "training_honour"

// Honour kinds.
const (
	HonourTrainee  = "trainee"
	HonourLecturer = "lecturer"
	HonourClass    = "class"
)

// HonourIn is an entry's form.
type HonourIn struct {
	ID       int64  `param:"id" doc:"edit only"`
	Year     int    `param:"year,required"`
	Kind     string `param:"kind,required" enum:"trainee,lecturer,class"`
	RefID    int64  `param:"refId,required" doc:"the trainee's account, the lecturer or the class"`
	Citation string `param:"citation,required"`
	Sort     int    `param:"sort"`
}

// Honour is an entry of the honorary catalogue.
type Honour struct {
	ID        int64     `json:"id"`
	Year      int       `json:"year"`
	Kind      string    `json:"kind" enum:"trainee,lecturer,class"`
	RefID     int64     `json:"refId"`
	Name      string    `json:"name"`
	UnitLabel string    `json:"unitLabel"`
	Citation  string    `json:"citation"`
	Sort      int       `json:"sort"`
	UpdatedAt time.Time `json:"updatedAt"`
}

// HonourBook is the catalogue of a year as the portal shows it, with the years that have one.
type HonourBook struct {
	Year  int      `json:"year"`
	Years []int    `json:"years"`
	Items []Honour `json:"items"`
}

// honoured reads the name and unit the catalogue shows of what an entry names.
func (s *Service) honoured(ctx context.Context, q db.Querier, kind string, ref int64) (string, string, error) {
	var name, unit string
	var err error
	switch kind {
	case HonourTrainee:
		err = q.QueryRow(ctx, `SELECT u.user_name, COALESCE(`+org.LabelSQL("un")+`, '') FROM sys_user u LEFT JOIN org_unit un ON un.full_unit_code = u.unit_code
			WHERE u.id = ? AND u.deleted_at IS NULL AND u.user_type = 'staff'`, ref).Scan(&name, &unit)
	case HonourLecturer:
		err = q.QueryRow(ctx, `SELECT l.name, COALESCE(`+org.LabelSQL("un")+`, l.organisation) FROM training_lecturer l
			LEFT JOIN employee e ON e.code = l.employee_code AND l.employee_code <> '' LEFT JOIN org_unit un ON un.full_unit_code = e.unit_code
			WHERE l.id = ?`, ref).Scan(&name, &unit)
	case HonourClass:
		err = q.QueryRow(ctx, `SELECT c.name, COALESCE(`+org.LabelSQL("un")+`, '') FROM training_class c LEFT JOIN org_unit un ON un.full_unit_code = c.unit_code
			WHERE c.id = ?`, ref).Scan(&name, &unit)
	default:
		return "", "", httpx.Fail("training.bad_value", httpx.Msg("training.f.honourKind"))
	}
	if db.IsNoRows(err) {
		return "", "", httpx.Fail("training.honour_ref_missing")
	}
	return name, unit, err
}

// SaveHonour adds an entry or changes one; what it names is one entry per year and kind.
func (s *Service) SaveHonour(ctx context.Context, in HonourIn) (int64, error) {
	p, err := principal(ctx)
	if err != nil {
		return 0, err
	}
	if in.Year < 2000 || in.Year > 2100 {
		return 0, httpx.Fail("training.year_bad")
	}
	if in.Citation, err = text(in.Citation, "training.f.citation", TextMax, true); err != nil {
		return 0, err
	}
	now := s.now().UTC()
	id := in.ID
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		name, unit, err := s.honoured(ctx, tx, in.Kind, in.RefID)
		if err != nil {
			return err
		}
		var dup int
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM training_honour WHERE honour_year = ? AND kind = ? AND ref_id = ? AND id <> ?`,
			in.Year, in.Kind, in.RefID, id).Scan(&dup); err != nil {
			return err
		}
		if dup > 0 {
			return httpx.Fail("training.honour_dup", name, in.Year)
		}
		action := audit.Update
		if id == 0 {
			action = audit.Create
			id, err = tx.Insert(ctx, `INSERT INTO training_honour (honour_year, kind, ref_id, name, unit_label, citation, sort, created_by, created_at, updated_at)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, in.Year, in.Kind, in.RefID, name, unit, in.Citation, in.Sort, p.UserID, now, now)
			if db.IsUniqueViolation(err) {
				return httpx.Fail("training.honour_dup", name, in.Year)
			}
			if err != nil {
				return err
			}
		} else {
			res, err := tx.Exec(ctx, `UPDATE training_honour SET honour_year = ?, kind = ?, ref_id = ?, name = ?, unit_label = ?, citation = ?, sort = ?, updated_at = ?
				WHERE id = ?`, in.Year, in.Kind, in.RefID, name, unit, in.Citation, in.Sort, now, id)
			if err != nil {
				return err
			}
			if n, _ := res.RowsAffected(); n == 0 {
				return httpx.Fail("training.honour_not_found")
			}
		}
		return s.record(ctx, tx, audit.Change{Module: FunHonour, Action: action, TargetID: id, Target: fmt.Sprintf("%d %s", in.Year, name), After: in})
	})
	if err != nil {
		return 0, fmt.Errorf("training: save honour %d: %w", in.ID, err)
	}
	return id, nil
}

// DeleteHonour removes an entry.
func (s *Service) DeleteHonour(ctx context.Context, id int64) error {
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		var name string
		var year int
		err := tx.QueryRow(ctx, `SELECT name, honour_year FROM training_honour WHERE id = ?`, id).Scan(&name, &year)
		if db.IsNoRows(err) {
			return httpx.Fail("training.honour_not_found")
		} else if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM training_honour WHERE id = ?`, id); err != nil {
			return err
		}
		return s.record(ctx, tx, audit.Change{Module: FunHonour, Action: audit.Delete, TargetID: id, Target: fmt.Sprintf("%d %s", year, name)})
	})
	if err != nil {
		return fmt.Errorf("training: delete honour %d: %w", id, err)
	}
	return nil
}

// HonoursIn filters the catalogue.
type HonoursIn struct {
	Year   int    `param:"year" doc:"0: every year"`
	Kind   string `param:"kind" enum:"trainee,lecturer,class"`
	Format string `param:"format" enum:"xlsx,csv" doc:"export only"`
}

// Honours are the catalogue's entries: newest year first, then trainees, lecturers, classes, each in their order.
func (s *Service) Honours(ctx context.Context, in HonoursIn) ([]Honour, error) {
	where, args := []string{"1 = 1"}, []any{}
	if in.Year != 0 {
		where, args = append(where, "honour_year = ?"), append(args, in.Year)
	}
	if in.Kind != "" {
		where, args = append(where, "kind = ?"), append(args, in.Kind)
	}
	out := []Honour{}
	err := db.EachRow(ctx, s.db, `SELECT id, honour_year, kind, ref_id, name, unit_label, citation, sort, updated_at FROM training_honour WHERE `+
		strings.Join(where, " AND ")+` ORDER BY honour_year DESC, CASE kind WHEN 'trainee' THEN 0 WHEN 'lecturer' THEN 1 ELSE 2 END, sort, id LIMIT 2000`, args,
		func(r db.Row) error {
			var h Honour
			err := r.Scan(&h.ID, &h.Year, &h.Kind, &h.RefID, &h.Name, &h.UnitLabel, &h.Citation, &h.Sort, &h.UpdatedAt)
			out = append(out, h)
			return err
		})
	if err != nil {
		return nil, fmt.Errorf("training: honours: %w", err)
	}
	return out, nil
}

// Book is the catalogue of a year (0: the latest with entries) and the years that have one.
func (s *Service) Book(ctx context.Context, year int) (HonourBook, error) {
	b := HonourBook{Years: []int{}, Items: []Honour{}}
	err := db.EachRow(ctx, s.db, `SELECT DISTINCT honour_year FROM training_honour ORDER BY honour_year DESC`, nil, func(r db.Row) error {
		var y int
		err := r.Scan(&y)
		b.Years = append(b.Years, y)
		return err
	})
	if err != nil {
		return b, fmt.Errorf("training: honour years: %w", err)
	}
	b.Year = year
	if year == 0 && len(b.Years) > 0 {
		b.Year = b.Years[0]
	}
	if b.Year == 0 {
		return b, nil
	}
	b.Items, err = s.Honours(ctx, HonoursIn{Year: b.Year})
	return b, err
}

// CandidatesIn asks for what an entry may name.
type CandidatesIn struct {
	Kind    string `param:"kind,required" enum:"trainee,lecturer,class"`
	Keyword string `param:"keyword" max:"50"`
}

// HonourCandidates are up to 50 trainees (staff accounts), lecturers or classes whose name holds the keyword; Extra is
// the unit.
func (s *Service) HonourCandidates(ctx context.Context, in CandidatesIn) ([]Option, error) {
	kw := "%" + list.EscapeLike(strings.TrimSpace(in.Keyword)) + "%"
	var q string
	switch in.Kind {
	case HonourTrainee:
		q = `SELECT u.id, u.user_name, COALESCE(` + org.LabelSQL("un") + `, '') FROM sys_user u LEFT JOIN org_unit un ON un.full_unit_code = u.unit_code
			WHERE u.deleted_at IS NULL AND u.state = 1 AND u.user_type = 'staff' AND (u.user_name LIKE ? ESCAPE '!' OR u.login_code LIKE ? ESCAPE '!') ORDER BY u.user_name, u.id`
	case HonourLecturer:
		q = `SELECT l.id, l.name, l.organisation FROM training_lecturer l WHERE l.name LIKE ? ESCAPE '!' OR l.organisation LIKE ? ESCAPE '!' ORDER BY l.name, l.id`
	case HonourClass:
		q = `SELECT c.id, c.name, c.start_date FROM training_class c WHERE c.name LIKE ? ESCAPE '!' OR c.start_date LIKE ? ESCAPE '!' ORDER BY c.start_date DESC, c.id DESC`
	default:
		return nil, httpx.Fail("training.bad_value", httpx.Msg("training.f.honourKind"))
	}
	out := []Option{}
	err := db.EachRow(ctx, s.db, q+` LIMIT 50`, []any{kw, kw}, func(r db.Row) error {
		var o Option
		err := r.Scan(&o.ID, &o.Name, &o.Extra)
		out = append(out, o)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("training: honour candidates: %w", err)
	}
	return out, nil
}

func (h *Handlers) honourRoutes() []route.Route {
	return []route.Route{
		route.Call("GET", "/api/training/honour/list", FunHonour, h.HonourList).Doc("The honorary catalogue: outstanding trainees, lecturers and classes per year", "荣誉名录"),
		route.Call("GET", "/api/training/honour/candidates", FunHonour, h.HonourCandidates).
			Doc("The trainees, lecturers or classes an entry may name, by a keyword", "荣誉候选"),
		route.Call("POST", "/api/training/honour/add", FunHonour, h.HonourSave).Doc("Add an entry to a year's honorary catalogue, with its citation", "新增荣誉"),
		route.Call("PUT", "/api/training/honour/edit", FunHonour, h.HonourSave).Doc("Change an entry of the honorary catalogue", "编辑荣誉"),
		route.Call("DELETE", "/api/training/honour/del", FunHonour, h.HonourDel).Doc("Remove an entry of the honorary catalogue", "删除荣誉"),
		route.DownloadCall("/api/training/honour/export", FunHonour, h.HonourExport).
			Doc("Export 'honorary catalogue': the entries of the list's filters with their citations", "导出荣誉名录"),
		route.Call("GET", "/api/portal/training/honours", FunPortal, h.PortalHonours).
			Doc("The honorary catalogue of a year (the latest by default) for staff", "培训荣誉榜"),
	}
}

// HonourList is GET /api/training/honour/list.
func (h *Handlers) HonourList(r *http.Request, in HonoursIn) ([]Honour, error) {
	return h.svc.Honours(r.Context(), in)
}

// HonourCandidates is GET /api/training/honour/candidates.
func (h *Handlers) HonourCandidates(r *http.Request, in CandidatesIn) ([]Option, error) {
	return h.svc.HonourCandidates(r.Context(), in)
}

// HonourSave is POST /api/training/honour/add and PUT /api/training/honour/edit.
func (h *Handlers) HonourSave(r *http.Request, in HonourIn) (httpx.Created, error) {
	id, err := h.svc.SaveHonour(r.Context(), in)
	return httpx.Created{ID: id}, err
}

// HonourDel is DELETE /api/training/honour/del.
func (h *Handlers) HonourDel(r *http.Request, in httpx.IDIn) (route.None, error) {
	return route.None{}, h.svc.DeleteHonour(r.Context(), in.ID)
}

// HonourExport is GET /api/training/honour/export.
func (h *Handlers) HonourExport(w http.ResponseWriter, r *http.Request, in HonoursIn) error {
	format, err := export.Format(in.Format)
	if err != nil {
		return err
	}
	items, err := h.svc.Honours(r.Context(), in)
	if err != nil {
		return err
	}
	l := httpx.Lang(r)
	header := []string{tr(l, "training.col.year"), tr(l, "training.col.honourKind"), tr(l, "training.col.honoured"), tr(l, "training.col.unit"),
		tr(l, "training.col.citation")}
	return export.Stream(w, format, tr(l, "training.file.honours"), header, func(x export.Writer) error {
		for _, it := range items {
			if err := x.Row(it.Year, tr(l, "training.honour."+it.Kind), it.Name, it.UnitLabel, it.Citation); err != nil {
				return err
			}
		}
		return nil
	})
}

// YearIn names a year (0: the latest).
type YearIn struct {
	Year int `param:"year"`
}

// PortalHonours is GET /api/portal/training/honours.
func (h *Handlers) PortalHonours(r *http.Request, in YearIn) (HonourBook, error) {
	if _, err := web(r); err != nil {
		return HonourBook{}, err
	}
	return h.svc.Book(r.Context(), in.Year)
}
