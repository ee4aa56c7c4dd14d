package content

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"biddesk/internal/audit"
	"biddesk/internal/auth"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/errs"
	"biddesk/internal/platform/httpx"
)

// Audience kinds of a push: the picker's groups.
const (
	KindOrgan    = "organ"
	KindEmployee = "employee"
)

// MaxAudience is how many units or employees a push names at most (the picker's 1000 lines per paste).
const MaxAudience = 1000

// Org is what a push needs of the organisation area: the names of active units and employees by code (the
// unknown ones are left out).
type Org interface {
	UnitNames(ctx context.Context, codes []string) (map[string]string, error)
	EmployeeNames(ctx context.Context, codes []string) (map[string]string, error)
}

// Messages is what a push needs of the portal's messages (the library owns them, the users area the accounts):
// the enabled accounts of an audience (a unit covers the units below it) and a message to-do for each, both inside
// the push's transaction.
type Messages interface {
	Members(ctx context.Context, q db.Querier, units, employees []string) ([]int64, error)
	Notify(ctx context.Context, tx *db.Tx, userIDs []int64, n Notice) (int, error)
}

// Notice is a message to-do of a push. RefType is RefCourse, RefSpecial or RefPush; RefPath the portal page.
type Notice struct {
	Code, Title, Content   string
	TitleText, ContentText httpx.Stored // what it says as message keys, rendered in the reader's language
	RefType                string
	RefID                  int64
	RefPath                string
}

// What a push's message opens (the web's messageTarget): its one course, its one topic, or /gatewayCourse.
const (
	RefCourse  = "course"
	RefSpecial = "courseSpecial"
	RefPush    = "coursePush"
	// RefCourseAudit is an audit's message to the course's author: it opens /course_manager.
	RefCourseAudit = "courseAudit"
	// PortalPath is the portal's page of pushed courses.
	PortalPath = "/gatewayCourse"
)

// UseMessages gives the service the portal's messages.
func (s *Service) UseMessages(m Messages) { s.msgs = m }

// PushCode is the message code of a push: one message per push and member, so an edit tells only the members it
// adds (and running it again writes nothing twice).
func PushCode(id int64) string { return fmt.Sprintf("coursepush:%d", id) }

// notifyPush writes, inside tx, a message to each enabled member of push p's audience who has none yet.
func (s *Service) notifyPush(ctx context.Context, tx *db.Tx, p Push) error {
	if s.msgs == nil {
		return nil
	}
	units := make([]string, 0, len(p.Organ))
	for _, u := range p.Organ {
		units = append(units, u.FullUnitCode)
	}
	employees := make([]string, 0, len(p.Employee))
	for _, e := range p.Employee {
		employees = append(employees, e.Code)
	}
	users, err := s.msgs.Members(ctx, tx, units, employees)
	if err != nil || len(users) == 0 {
		return err
	}
	n := Notice{Code: PushCode(p.ID), TitleText: httpx.Say("content.push.msg.title", p.Title),
		RefType: RefPush, RefID: p.ID, RefPath: PortalPath}
	var names []string
	for _, it := range p.Items {
		if it.Name != "" {
			names = append(names, "「"+it.Name+"」")
		}
	}
	n.ContentText = httpx.Say("content.push.msg.content", len(p.Items), strings.Join(names, "、"))
	if len(p.Items) == 1 {
		it := p.Items[0]
		n.RefPath = it.Link
		if it.Type == "1" || it.SpecialID != 0 {
			n.RefType, n.RefID = RefCourse, it.ID
		} else {
			n.RefType, n.RefID = RefSpecial, it.ID
		}
	}
	_, err = s.msgs.Notify(ctx, tx, users, n)
	return err
}

// PushItem is a course or topic of a push: the selector's output (type 1, 3 or 4; specialId for a course chosen
// inside a first-level topic).
type PushItem struct {
	Type      string `json:"type" enum:"1,3,4"`
	ID        int64  `json:"id"`
	SpecialID int64  `json:"specialId,omitempty"`
	// Name and Cover are the content's own, read when the push is read ("" when it is no longer offered).
	Name  string `json:"name"`
	Cover string `json:"cover"`
	// Link is the portal page it opens.
	Link string `json:"link"`
}

// PushUnit and PushEmployee are the audience as the picker's selection holds it.
type PushUnit struct {
	FullUnitCode string `json:"fullUnitCode"`
	UnitName     string `json:"unitName"`
}
type PushEmployee struct {
	Code string `json:"code"`
	Name string `json:"name"`
}

// Push is a course push as /course_manager shows it.
type Push struct {
	ID        int64          `json:"id"`
	Title     string         `json:"title"`
	Items     []PushItem     `json:"items"`
	Organ     []PushUnit     `json:"organ"`
	Employee  []PushEmployee `json:"employee"`
	UpdatedAt time.Time      `json:"updatedAt"`
	// Courses and Audience count the items and the audience entries (the list shows them).
	Courses  int `json:"courses"`
	Audience int `json:"audience"`
}

// PushForm is what the push dialog sends.
type PushForm struct {
	Title    string
	Items    []PushItem
	Organ    []PushUnit
	Employee []PushEmployee
}

// checkPush checks the form and resolves the audience through the organisation area (before the transaction:
// that area reads through its own connection); the items are checked inside the transaction (checkItems).
func (s *Service) checkPush(ctx context.Context, f *PushForm) error {
	f.Title = strings.TrimSpace(f.Title)
	if f.Title == "" {
		return httpx.Fail("content.push.title_required")
	}
	if utf8.RuneCountInString(f.Title) > MaxName {
		return httpx.Fail("content.name_too_long", MaxName)
	}
	if len(f.Items) == 0 {
		return httpx.Fail("content.banner.content_required")
	}
	if len(f.Items) > MaxSelect {
		return httpx.Fail("content.too_many")
	}
	seen := map[string]bool{}
	for _, it := range f.Items {
		key := it.Type + ":" + strconv.FormatInt(it.ID, 10) + ":" + strconv.FormatInt(it.SpecialID, 10)
		if seen[key] {
			return httpx.Fail("content.push.duplicate")
		}
		seen[key] = true
		if it.Type != "1" && it.Type != "3" && it.Type != "4" {
			return httpx.Fail("content.push.bad_type")
		}
		if it.ID == 0 {
			return httpx.Fail("content.banner.content_required")
		}
	}
	if len(f.Organ) == 0 && len(f.Employee) == 0 {
		return httpx.Fail("content.push.audience_required")
	}
	if len(f.Organ) > MaxAudience || len(f.Employee) > MaxAudience {
		return httpx.Fail("content.push.audience_too_many", MaxAudience)
	}
	// the audience as the organisation area knows it: unknown codes are refused by name, names are its own
	units := make([]string, 0, len(f.Organ))
	for _, u := range f.Organ {
		units = append(units, strings.TrimSpace(u.FullUnitCode))
	}
	names, err := s.org.UnitNames(ctx, units)
	if err != nil {
		return err
	}
	f.Organ = f.Organ[:0]
	done := map[string]bool{}
	for _, c := range units {
		if names[c] == "" {
			return httpx.Fail("content.push.unknown_unit", c)
		}
		if !done[c] {
			done[c] = true
			f.Organ = append(f.Organ, PushUnit{FullUnitCode: c, UnitName: names[c]})
		}
	}
	codes := make([]string, 0, len(f.Employee))
	for _, e := range f.Employee {
		codes = append(codes, strings.TrimSpace(e.Code))
	}
	if names, err = s.org.EmployeeNames(ctx, codes); err != nil {
		return err
	}
	f.Employee = f.Employee[:0]
	done = map[string]bool{}
	for _, c := range codes {
		if names[c] == "" {
			return httpx.Fail("content.push.unknown_employee", c)
		}
		if !done[c] {
			done[c] = true
			f.Employee = append(f.Employee, PushEmployee{Code: c, Name: names[c]})
		}
	}
	return nil
}

// checkItems refuses, inside tx, an item that is not offered (published, and for a course approved).
func (s *Service) checkItems(ctx context.Context, tx *db.Tx, items []PushItem) error {
	for _, it := range items {
		if _, err := s.target(ctx, tx, BannerForm{Type: it.Type, ID: it.ID, SpecialID: it.SpecialID}); err != nil {
			return err
		}
	}
	return nil
}

func writePush(ctx context.Context, tx *db.Tx, id int64, f PushForm) error {
	for _, table := range []string{"course_push_item", "course_push_target"} {
		if _, err := tx.Exec(ctx, `DELETE FROM `+table+` WHERE push_id = ?`, id); err != nil {
			return err
		}
	}
	for i, it := range f.Items {
		if _, err := tx.Exec(ctx, `INSERT INTO course_push_item (push_id, sort, item_type, target_id, special_id) VALUES (?, ?, ?, ?, ?)`,
			id, i+1, it.Type, it.ID, it.SpecialID); err != nil {
			return err
		}
	}
	for _, u := range f.Organ {
		if _, err := tx.Exec(ctx, `INSERT INTO course_push_target (push_id, kind, code, name) VALUES (?, ?, ?, ?)`, id, KindOrgan, u.FullUnitCode, u.UnitName); err != nil {
			return err
		}
	}
	for _, e := range f.Employee {
		if _, err := tx.Exec(ctx, `INSERT INTO course_push_target (push_id, kind, code, name) VALUES (?, ?, ?, ?)`, id, KindEmployee, e.Code, e.Name); err != nil {
			return err
		}
	}
	return nil
}

// itemView fills an item's name, cover and link from the content it names ("" when no longer offered).
func itemView(ctx context.Context, q db.Querier, it *PushItem) error {
	var err error
	switch it.Type {
	case "1":
		err = q.QueryRow(ctx, `SELECT c.name, c.cover_url FROM course c WHERE c.id = ? AND `+offered, it.ID).Scan(&it.Name, &it.Cover)
		it.Link = CourseLinkPrefix + strconv.FormatInt(it.ID, 10)
	case "3", "4":
		if it.SpecialID != 0 {
			err = q.QueryRow(ctx, `SELECT c.name, c.cover_url FROM course c WHERE c.id = ? AND `+offered, it.ID).Scan(&it.Name, &it.Cover)
			it.Link = CourseLinkPrefix + strconv.FormatInt(it.ID, 10)
		} else {
			err = q.QueryRow(ctx, `SELECT name, cover_url FROM course_special WHERE id = ? AND published = 1`, it.ID).Scan(&it.Name, &it.Cover)
			it.Link = SpecialLinkPrefix + strconv.FormatInt(it.ID, 10)
		}
	}
	if db.IsNoRows(err) {
		it.Name, it.Cover, err = "", "", nil
	}
	return err
}

func onePush(ctx context.Context, q db.Querier, id int64) (Push, error) {
	p := Push{Items: []PushItem{}, Organ: []PushUnit{}, Employee: []PushEmployee{}}
	err := q.QueryRow(ctx, `SELECT id, title, updated_at FROM course_push WHERE id = ?`, id).Scan(&p.ID, &p.Title, &p.UpdatedAt)
	if db.IsNoRows(err) {
		return p, httpx.Fail("content.push.not_found")
	}
	if err != nil {
		return p, err
	}
	rows, err := q.Query(ctx, `SELECT item_type, target_id, special_id FROM course_push_item WHERE push_id = ? ORDER BY sort`, id)
	if err != nil {
		return p, err
	}
	for rows.Next() {
		var it PushItem
		if err := rows.Scan(&it.Type, &it.ID, &it.SpecialID); err != nil {
			rows.Close()
			return p, err
		}
		p.Items = append(p.Items, it)
	}
	rows.Close()
	for i := range p.Items {
		if err := itemView(ctx, q, &p.Items[i]); err != nil {
			return p, err
		}
	}
	rows, err = q.Query(ctx, `SELECT kind, code, name FROM course_push_target WHERE push_id = ? ORDER BY kind, code`, id)
	if err != nil {
		return p, err
	}
	defer rows.Close()
	for rows.Next() {
		var kind, code, name string
		if err := rows.Scan(&kind, &code, &name); err != nil {
			return p, err
		}
		if kind == KindOrgan {
			p.Organ = append(p.Organ, PushUnit{FullUnitCode: code, UnitName: name})
		} else {
			p.Employee = append(p.Employee, PushEmployee{Code: code, Name: name})
		}
	}
	p.Courses, p.Audience = len(p.Items), len(p.Organ)+len(p.Employee)
	return p, rows.Err()
}

// Push returns a push with its items and audience.
func (s *Service) Push(ctx context.Context, id int64) (_ Push, err error) {
	defer errs.Wrap(&err, "content: push %d", id)
	return onePush(ctx, s.db, id)
}

// AddPush creates a push.
func (s *Service) AddPush(ctx context.Context, f PushForm) (_ int64, err error) {
	defer errs.Wrap(&err, "content: add push")
	if err := s.checkPush(ctx, &f); err != nil {
		return 0, err
	}
	var id int64
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := s.checkItems(ctx, tx, f.Items); err != nil {
			return err
		}
		now, user := s.now().UTC(), userArg(ctx)
		var err error
		if id, err = tx.Insert(ctx, `INSERT INTO course_push (title, created_by, created_at, updated_by, updated_at) VALUES (?, ?, ?, ?, ?)`,
			f.Title, user, now, user, now); err != nil {
			return err
		}
		if err := writePush(ctx, tx, id, f); err != nil {
			return err
		}
		after, err := onePush(ctx, tx, id)
		if err != nil {
			return err
		}
		if err := s.notifyPush(ctx, tx, after); err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Change{Module: Screen, Action: audit.Create, TargetID: id, Target: f.Title, After: after})
	})
	return id, err
}

// EditPush replaces a push's title, items and audience.
func (s *Service) EditPush(ctx context.Context, id int64, f PushForm) (err error) {
	defer errs.Wrap(&err, "content: edit push %d", id)
	if err := s.checkPush(ctx, &f); err != nil {
		return err
	}
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		cur, err := onePush(ctx, tx, id)
		if err != nil {
			return err
		}
		if err := s.checkItems(ctx, tx, f.Items); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE course_push SET title = ?, updated_by = ?, updated_at = ? WHERE id = ?`, f.Title, userArg(ctx), s.now().UTC(), id); err != nil {
			return err
		}
		if err := writePush(ctx, tx, id, f); err != nil {
			return err
		}
		after, err := onePush(ctx, tx, id)
		if err != nil {
			return err
		}
		if err := s.notifyPush(ctx, tx, after); err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Change{Module: Screen, Action: audit.Update, TargetID: id, Target: f.Title, Before: cur, After: after})
	})
}

// DeletePushes removes pushes.
func (s *Service) DeletePushes(ctx context.Context, ids []int64) (err error) {
	defer errs.Wrap(&err, "content: delete pushes %v", ids)
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		var gone []audit.Change
		for _, id := range uniq(ids) {
			cur, err := onePush(ctx, tx, id)
			if err != nil {
				return err
			}
			for _, table := range []string{"course_push_item", "course_push_target", "course_push"} {
				col := "push_id"
				if table == "course_push" {
					col = "id"
				}
				if _, err := tx.Exec(ctx, `DELETE FROM `+table+` WHERE `+col+` = ?`, id); err != nil {
					return err
				}
			}
			gone = append(gone, audit.Change{Module: Screen, Action: audit.Delete, TargetID: id, Target: cur.Title, Before: cur})
		}
		return audit.RecordAll(ctx, tx, gone)
	})
}

// MaxMine is how many pushed items the portal shows a user at most.
const MaxMine = 100

// Mine is what has been pushed to the caller (its unit or a unit above it, or its employee code), newest push
// first, each course or topic once, only what is still offered.
func (s *Service) Mine(ctx context.Context, p *auth.Principal) (_ []PushItem, err error) {
	defer errs.Wrap(&err, "content: mine")
	out := []PushItem{}
	if p == nil || p.UserID == 0 {
		return out, nil
	}
	var unit, employee string
	if err := s.db.QueryRow(ctx, `SELECT unit_code, employee_code FROM sys_user WHERE id = ?`, p.UserID).Scan(&unit, &employee); err != nil {
		return nil, err
	}
	// the units that cover the caller's: its code and every prefix of it (codes are nested)
	var covering []any
	for i := 1; i <= len(unit); i++ {
		covering = append(covering, unit[:i])
	}
	cond := `(t.kind = ? AND t.code = ?)`
	args := []any{KindEmployee, employee}
	if employee == "" {
		cond, args = `1 = 0`, nil
	}
	if len(covering) > 0 {
		cond += ` OR (t.kind = ? AND t.code IN (?` + strings.Repeat(", ?", len(covering)-1) + `))`
		args = append(append(args, KindOrgan), covering...)
	}
	rows, err := s.db.Query(ctx, `SELECT i.item_type, i.target_id, i.special_id FROM course_push_item i JOIN course_push p ON p.id = i.push_id
		WHERE EXISTS (SELECT 1 FROM course_push_target t WHERE t.push_id = p.id AND (`+cond+`))
		ORDER BY p.updated_at DESC, p.id DESC, i.sort`, args...)
	if err != nil {
		return nil, err
	}
	var items []PushItem
	seen := map[string]bool{}
	for rows.Next() {
		var it PushItem
		if err := rows.Scan(&it.Type, &it.ID, &it.SpecialID); err != nil {
			rows.Close()
			return nil, err
		}
		key := it.Type + ":" + strconv.FormatInt(it.ID, 10) + ":" + strconv.FormatInt(it.SpecialID, 10)
		if !seen[key] && len(items) < MaxMine {
			seen[key] = true
			items = append(items, it)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for i := range items {
		if err := itemView(ctx, s.db, &items[i]); err != nil {
			return nil, err
		}
		if items[i].Name != "" {
			out = append(out, items[i])
		}
	}
	return out, nil
}

/* ---------- what the portal shows of a course or a topic ---------- */

// CourseView is a course as the portal shows it.
type CourseView struct {
	ID          int64  `json:"id"`
	Name        string `json:"name"`
	Cover       string `json:"cover"`
	TypeName    string `json:"typeName"`
	Description string `json:"description"`
	Lecturer    string `json:"lecturer"`
}

// SpecialView is a topic as the portal shows it: its courses and second-level topics that are offered.
type SpecialView struct {
	ID          int64  `json:"id"`
	Name        string `json:"name"`
	Cover       string `json:"cover"`
	Description string `json:"description"`
	Courses     []Card `json:"courses"`
	Topics      []Card `json:"topics"`
}

// CourseView is an offered course.
func (s *Service) CourseView(ctx context.Context, id int64) (_ CourseView, err error) {
	defer errs.Wrap(&err, "content: course view %d", id)
	var v CourseView
	err = s.db.QueryRow(ctx, `SELECT c.id, c.name, c.cover_url, COALESCE(t.name, ''), c.description, c.lecturer
		FROM course c LEFT JOIN course_type t ON t.id = c.type_id WHERE c.id = ? AND `+offered, id).
		Scan(&v.ID, &v.Name, &v.Cover, &v.TypeName, &v.Description, &v.Lecturer)
	if db.IsNoRows(err) {
		return v, httpx.Fail("content.course.not_found")
	}
	return v, err
}

// SpecialView is a published topic with its offered courses and published second-level topics.
func (s *Service) SpecialView(ctx context.Context, id int64) (_ SpecialView, err error) {
	defer errs.Wrap(&err, "content: special view %d", id)
	v := SpecialView{Courses: []Card{}, Topics: []Card{}}
	err = s.db.QueryRow(ctx, `SELECT id, name, cover_url, description FROM course_special WHERE id = ? AND published = 1`, id).
		Scan(&v.ID, &v.Name, &v.Cover, &v.Description)
	if db.IsNoRows(err) {
		return v, httpx.Fail("content.special.not_found")
	}
	if err != nil {
		return v, err
	}
	read := func(query string, typ int) ([]Card, error) {
		rows, err := s.db.Query(ctx, query, id)
		if err != nil {
			return nil, err
		}
		defer rows.Close()
		out := []Card{}
		for rows.Next() {
			c := Card{Type: typ}
			if err := rows.Scan(&c.ID, &c.Name, &c.Cover); err != nil {
				return nil, err
			}
			out = append(out, c)
		}
		return out, rows.Err()
	}
	if v.Courses, err = read(`SELECT c.id, c.name, c.cover_url FROM course_special_course sc JOIN course c ON c.id = sc.course_id
		WHERE sc.special_id = ? AND `+offered+` ORDER BY sc.sort, c.id`, CardCourse); err != nil {
		return v, err
	}
	v.Topics, err = read(`SELECT id, name, cover_url FROM course_special WHERE parent_id = ? AND published = 1 ORDER BY id`, CardCourse)
	return v, err
}
