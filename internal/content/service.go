package content

import (
	"context"
	"errors"
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

// DictItem is an entry of a dictionary as the dictionaries area gives it (Value an integer for a numeric text).
type DictItem struct {
	Key       string `json:"key"`
	Value     any    `json:"value" types:"string,integer"`
	IsDefault int    `json:"isDefault"`
}

// Dict reads the enabled items of a dictionary by its code (none when it does not exist).
type Dict func(ctx context.Context, q db.Querier, code string) ([]DictItem, error)

// Service holds the rules of the learning content.
type Service struct {
	lecturers LecturerLinks
	db        *db.DB
	files     Files
	dict      Dict
	banners   Banners
	org       Org
	now       func() time.Time
	// ware is the courseware machinery (UseCourseware); nil: the courseware calls are refused
	ware *wares
	// learners is the curriculum-user (mobile) API's accounts (UseLearners)
	learners Learners
	// msgs tells a push's audience in their portal messages (UseMessages); nil: no messages
	msgs Messages
}

func NewService(d *db.DB, files Files, dict Dict, banners Banners, org Org) *Service {
	return &Service{db: d, files: files, dict: dict, banners: banners, org: org, now: time.Now}
}

func userArg(ctx context.Context) any {
	if p := auth.PrincipalFrom(ctx); p != nil && p.UserID != 0 {
		return p.UserID
	}
	return nil
}

func checkName(name *string) error {
	*name = strings.TrimSpace(*name)
	if *name == "" {
		return httpx.Fail("content.name_required")
	}
	if utf8.RuneCountInString(*name) > MaxName {
		return httpx.Fail("content.name_too_long", MaxName)
	}
	return nil
}

func checkSort(n int) error {
	if n < 0 || n > MaxSort {
		return httpx.Fail("content.bad_sort", MaxSort)
	}
	return nil
}

// cover checks, inside tx, that url is a ready banner upload; it returns its file id.
func (s *Service) cover(ctx context.Context, tx *db.Tx, url string) (int64, error) {
	if strings.TrimSpace(url) == "" {
		return 0, httpx.Fail("content.cover_required")
	}
	id, err := s.files.BannerImage(ctx, tx, strings.TrimSpace(url))
	if err != nil {
		var he *httpx.Error
		if errors.As(err, &he) {
			return 0, httpx.Fail("content.bad_cover")
		}
		return 0, err
	}
	return id, nil
}

/* ---------- course types ---------- */

// TypeForm is what the type dialog sends.
type TypeForm struct {
	ParentID int64
	Name     string
	Sort     int
}

func oneType(ctx context.Context, q db.Querier, id int64) (Type, error) {
	var t Type
	err := q.QueryRow(ctx, `SELECT t.id, t.parent_id, t.name, t.sort, (SELECT COUNT(*) FROM course c WHERE c.type_id = t.id)
		FROM course_type t WHERE t.id = ?`, id).Scan(&t.ID, &t.ParentID, &t.Name, &t.Sort, &t.Courses)
	if db.IsNoRows(err) {
		return t, httpx.Fail("content.type.not_found")
	}
	return t, err
}

func (f *TypeForm) check(ctx context.Context, tx *db.Tx, self int64) error {
	f.Name = strings.TrimSpace(f.Name)
	switch {
	case f.Name == "":
		return httpx.Fail("content.type.name_required")
	case utf8.RuneCountInString(f.Name) > MaxName:
		return httpx.Fail("content.type.name_too_long", MaxName)
	}
	if err := checkSort(f.Sort); err != nil {
		return err
	}
	if f.ParentID != 0 {
		p, err := oneType(ctx, tx, f.ParentID)
		if err != nil || p.ParentID != 0 || p.ID == self {
			if err != nil && !isFail(err, "content.type.not_found") {
				return err
			}
			return httpx.Fail("content.type.bad_parent")
		}
	}
	var n int
	if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM course_type WHERE parent_id = ? AND name = ? AND id <> ?`, f.ParentID, f.Name, self).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return httpx.Fail("content.type.name_taken", f.Name)
	}
	return nil
}

func isFail(err error, key string) bool {
	var he *httpx.Error
	return errors.As(err, &he) && he.Key == key
}

func takenOr(err error, name string) error {
	if db.IsUniqueViolation(err) {
		return httpx.Fail("content.type.name_taken", name)
	}
	return err
}

// AddType creates a course type.
func (s *Service) AddType(ctx context.Context, f TypeForm) (_ int64, err error) {
	defer errs.Wrap(&err, "content: add type")
	var id int64
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := f.check(ctx, tx, 0); err != nil {
			return err
		}
		now := s.now().UTC()
		var err error
		if id, err = tx.Insert(ctx, `INSERT INTO course_type (parent_id, name, sort, created_at, updated_at) VALUES (?, ?, ?, ?, ?)`,
			f.ParentID, f.Name, f.Sort, now, now); err != nil {
			return takenOr(err, f.Name)
		}
		after, err := oneType(ctx, tx, id)
		if err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Change{Module: Screen, Action: audit.Create, TargetID: id, Target: f.Name, After: after})
	})
	return id, err
}

// EditType changes a type's name, parent and order.
func (s *Service) EditType(ctx context.Context, id int64, f TypeForm) (err error) {
	defer errs.Wrap(&err, "content: edit type %d", id)
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		cur, err := oneType(ctx, tx, id)
		if err != nil {
			return err
		}
		if err := f.check(ctx, tx, id); err != nil {
			return err
		}
		if f.ParentID != 0 && cur.ParentID == 0 {
			var kids int
			if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM course_type WHERE parent_id = ?`, id).Scan(&kids); err != nil {
				return err
			}
			if kids > 0 {
				return httpx.Fail("content.type.parent_change")
			}
		}
		if _, err := tx.Exec(ctx, `UPDATE course_type SET parent_id = ?, name = ?, sort = ?, updated_at = ? WHERE id = ?`,
			f.ParentID, f.Name, f.Sort, s.now().UTC(), id); err != nil {
			return takenOr(err, f.Name)
		}
		after, err := oneType(ctx, tx, id)
		if err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Change{Module: Screen, Action: audit.Update, TargetID: id, Target: f.Name, Before: cur, After: after})
	})
}

// DeleteTypes removes types; one that still has sub-types (not deleted with it) or courses refuses the whole call.
func (s *Service) DeleteTypes(ctx context.Context, ids []int64) (err error) {
	defer errs.Wrap(&err, "content: delete types %v", ids)
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		deleting := map[int64]bool{}
		for _, id := range ids {
			deleting[id] = true
		}
		var gone []audit.Change
		for _, id := range uniq(ids) {
			cur, err := oneType(ctx, tx, id)
			if err != nil {
				return err
			}
			if cur.Courses > 0 {
				return httpx.Fail("content.type.in_use", cur.Name)
			}
			kids, err := int64s(ctx, tx, `SELECT id FROM course_type WHERE parent_id = ?`, id)
			if err != nil {
				return err
			}
			for _, k := range kids {
				if !deleting[k] {
					return httpx.Fail("content.type.has_children", cur.Name)
				}
			}
			gone = append(gone, audit.Change{Module: Screen, Action: audit.Delete, TargetID: id, Target: cur.Name, Before: cur})
		}
		for _, id := range uniq(ids) {
			if _, err := tx.Exec(ctx, `DELETE FROM course_type WHERE id = ?`, id); err != nil {
				return err
			}
		}
		return audit.RecordAll(ctx, tx, gone)
	})
}

// TypeTree is every type, first-level ones with their children, in order.
func (s *Service) TypeTree(ctx context.Context) (_ []TypeNode, err error) {
	defer errs.Wrap(&err, "content: type tree")
	rows, err := s.db.Query(ctx, `SELECT id, parent_id, name, sort FROM course_type ORDER BY sort, id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	top := []TypeNode{}
	kids := map[int64][]TypeNode{}
	for rows.Next() {
		var n TypeNode
		var parent int64
		if err := rows.Scan(&n.ID, &parent, &n.Name, &n.Sort); err != nil {
			return nil, err
		}
		n.Children = []TypeNode{}
		if parent == 0 {
			top = append(top, n)
		} else {
			kids[parent] = append(kids[parent], n)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for i := range top {
		if k := kids[top[i].ID]; k != nil {
			top[i].Children = k
		}
	}
	return top, nil
}

func uniq(ids []int64) []int64 {
	seen := map[int64]bool{}
	out := make([]int64, 0, len(ids))
	for _, id := range ids {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

func int64s(ctx context.Context, q db.Querier, query string, args ...any) ([]int64, error) {
	rows, err := q.Query(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		out = append(out, id)
	}
	return out, rows.Err()
}

/* ---------- courses ---------- */

// CourseForm is what the course dialog sends.
type CourseForm struct {
	Name, Cover, Description, Lecturer string
	TypeID                             int64
	// LecturerID chooses a lecturer (training's lecturers); without it Lecturer, a name, is linked to the lecturer of
	// that name (a new external one when there is none).
	LecturerID int64
}

// LecturerLinks is what a course needs of the training area's lecturers: the lecturer chosen or named, and its name.
type LecturerLinks interface {
	LinkCourse(ctx context.Context, tx *db.Tx, id int64, name string) (int64, string, error)
}

// UseLecturers gives the service the training area's lecturers.
func (s *Service) UseLecturers(l LecturerLinks) { s.lecturers = l }

// link resolves the form's lecturer to a lecturer row (id, nil when none) and its name.
func (s *Service) link(ctx context.Context, tx *db.Tx, f *CourseForm) (any, error) {
	if s.lecturers == nil {
		return nil, nil
	}
	id, name, err := s.lecturers.LinkCourse(ctx, tx, f.LecturerID, f.Lecturer)
	if err != nil || id == 0 {
		return nil, err
	}
	f.Lecturer = name
	return id, nil
}

// RenameLecturer writes a lecturer's new name to the courses that name them.
func (s *Service) RenameLecturer(ctx context.Context, tx *db.Tx, lecturerID int64, name string) error {
	_, err := tx.Exec(ctx, `UPDATE course SET lecturer = ? WHERE lecturer_id = ?`, name, lecturerID)
	return err
}

func (f *CourseForm) check(ctx context.Context, tx *db.Tx) error {
	if err := checkName(&f.Name); err != nil {
		return err
	}
	f.Description, f.Lecturer = strings.TrimSpace(f.Description), strings.TrimSpace(f.Lecturer)
	if utf8.RuneCountInString(f.Description) > MaxDescription {
		return httpx.Fail("content.description_too_long", MaxDescription)
	}
	if utf8.RuneCountInString(f.Lecturer) > MaxLecturer {
		return httpx.Fail("content.lecturer_too_long", MaxLecturer)
	}
	_, err := oneType(ctx, tx, f.TypeID)
	return err
}

const courseSelect = `c.id, c.name, c.cover_url, c.type_id, COALESCE(t.name, ''), c.description, c.lecturer, COALESCE(c.lecturer_id, 0), c.audit_status,
	c.audit_remark, c.published, c.created_at, c.updated_at`

func scanCourse(row interface{ Scan(...any) error }) (Course, error) {
	var c Course
	err := row.Scan(&c.ID, &c.Name, &c.Cover, &c.TypeID, &c.TypeName, &c.Description, &c.Lecturer, &c.LecturerID, &c.AuditStatus,
		&c.AuditRemark, &c.Published, &c.CreatedAt, &c.UpdatedAt)
	return c, err
}

func oneCourse(ctx context.Context, q db.Querier, id int64) (Course, error) {
	c, err := scanCourse(q.QueryRow(ctx, `SELECT `+courseSelect+` FROM course c LEFT JOIN course_type t ON t.id = c.type_id WHERE c.id = ?`, id))
	if db.IsNoRows(err) {
		return c, httpx.Fail("content.course.not_found")
	}
	return c, err
}

// Course returns a course by id.
func (s *Service) Course(ctx context.Context, id int64) (_ Course, err error) {
	defer errs.Wrap(&err, "content: course %d", id)
	return oneCourse(ctx, s.db, id)
}

// AddCourse creates a course: audit pending, unpublished.
func (s *Service) AddCourse(ctx context.Context, f CourseForm) (_ int64, err error) {
	defer errs.Wrap(&err, "content: add course")
	var id int64
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := f.check(ctx, tx); err != nil {
			return err
		}
		fileID, err := s.cover(ctx, tx, f.Cover)
		if err != nil {
			return err
		}
		lecturer, err := s.link(ctx, tx, &f)
		if err != nil {
			return err
		}
		now, user := s.now().UTC(), userArg(ctx)
		if id, err = tx.Insert(ctx, `INSERT INTO course (name, cover_url, type_id, description, lecturer, lecturer_id, audit_status, published,
			created_by, created_at, updated_by, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?)`,
			f.Name, strings.TrimSpace(f.Cover), f.TypeID, f.Description, f.Lecturer, lecturer, AuditPending, user, now, user, now); err != nil {
			return err
		}
		if err := s.files.SetCover(ctx, tx, CourseRecordType, id, fileID); err != nil {
			return err
		}
		after, err := oneCourse(ctx, tx, id)
		if err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Change{Module: Screen, Action: audit.Create, TargetID: id, Target: f.Name, After: after})
	})
	return id, err
}

// EditCourse changes a course's fields; a changed course goes back to audit pending and unpublished.
func (s *Service) EditCourse(ctx context.Context, id int64, f CourseForm) (err error) {
	defer errs.Wrap(&err, "content: edit course %d", id)
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		cur, err := oneCourse(ctx, tx, id)
		if err != nil {
			return err
		}
		if err := f.check(ctx, tx); err != nil {
			return err
		}
		fileID, err := s.cover(ctx, tx, f.Cover)
		if err != nil {
			return err
		}
		lecturer, err := s.link(ctx, tx, &f)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE course SET name = ?, cover_url = ?, type_id = ?, description = ?, lecturer = ?, lecturer_id = ?,
			audit_status = ?, audit_remark = '', published = 0, updated_by = ?, updated_at = ? WHERE id = ?`,
			f.Name, strings.TrimSpace(f.Cover), f.TypeID, f.Description, f.Lecturer, lecturer, AuditPending, userArg(ctx), s.now().UTC(), id); err != nil {
			return err
		}
		if err := s.files.SetCover(ctx, tx, CourseRecordType, id, fileID); err != nil {
			return err
		}
		after, err := oneCourse(ctx, tx, id)
		if err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Change{Module: Screen, Action: audit.Update, TargetID: id, Target: f.Name, Before: cur, After: after})
	})
}

// AuditValues are the values of the audit dictionary (as text).
func (s *Service) auditValues(ctx context.Context, q db.Querier) (map[string]bool, error) {
	items, err := s.dict(ctx, q, AuditDict)
	if err != nil {
		return nil, err
	}
	out := map[string]bool{}
	for _, it := range items {
		out[fmt.Sprint(it.Value)] = true
	}
	return out, nil
}

// AuditDictItems are the items of the audit dictionary.
func (s *Service) AuditDictItems(ctx context.Context) (_ []DictItem, err error) {
	defer errs.Wrap(&err, "content: audit dict items")
	items, err := s.dict(ctx, s.db, AuditDict)
	if items == nil {
		items = []DictItem{}
	}
	return items, err
}

// Audit sets the audit state of courses (a value of the audit dictionary) with a remark; a course whose audit
// no longer passes is unpublished.
func (s *Service) Audit(ctx context.Context, ids []int64, status, remark string) (err error) {
	defer errs.Wrap(&err, "content: audit %v", ids)
	status, remark = strings.TrimSpace(status), strings.TrimSpace(remark)
	if utf8.RuneCountInString(remark) > MaxRemark {
		return httpx.Fail("content.remark_too_long", MaxRemark)
	}
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		values, err := s.auditValues(ctx, tx)
		if err != nil {
			return err
		}
		if !values[status] {
			return httpx.Fail("content.bad_audit", status)
		}
		action := "approve"
		if status != AuditPassed {
			action = "reject"
		}
		var changes []audit.Change
		for _, id := range uniq(ids) {
			cur, err := oneCourse(ctx, tx, id)
			if err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `UPDATE course SET audit_status = ?, audit_remark = ?,
				published = CASE WHEN ? = ? THEN published ELSE 0 END, updated_by = ?, updated_at = ? WHERE id = ?`,
				status, remark, status, AuditPassed, userArg(ctx), s.now().UTC(), id); err != nil {
				return err
			}
			after, err := oneCourse(ctx, tx, id)
			if err != nil {
				return err
			}
			changes = append(changes, audit.Change{Module: Screen, Action: action, TargetID: id, Target: cur.Name, Before: cur, After: after})
			if err := s.auditNotice(ctx, tx, after, status == AuditPassed); err != nil {
				return err
			}
		}
		return audit.RecordAll(ctx, tx, changes)
	})
}

// PublishCourses publishes (1) or withdraws (0) courses; only a course whose audit passed is published.
func (s *Service) PublishCourses(ctx context.Context, ids []int64, published int) (err error) {
	defer errs.Wrap(&err, "content: publish courses %v", ids)
	if published != 0 && published != 1 {
		return httpx.Fail("content.bad_published")
	}
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		var changes []audit.Change
		for _, id := range uniq(ids) {
			cur, err := oneCourse(ctx, tx, id)
			if err != nil {
				return err
			}
			if published == 1 && cur.AuditStatus != AuditPassed {
				return httpx.Fail("content.publish_unaudited")
			}
			if cur.Published == published {
				continue
			}
			if _, err := tx.Exec(ctx, `UPDATE course SET published = ?, updated_by = ?, updated_at = ? WHERE id = ?`,
				published, userArg(ctx), s.now().UTC(), id); err != nil {
				return err
			}
			action := "publish"
			if published == 0 {
				action = audit.Update
			}
			after := cur
			after.Published = published
			changes = append(changes, audit.Change{Module: Screen, Action: action, TargetID: id, Target: cur.Name, Before: cur, After: after})
		}
		return audit.RecordAll(ctx, tx, changes)
	})
}

// DeleteCourses removes courses and their covers; a course still in a topic refuses the whole call.
func (s *Service) DeleteCourses(ctx context.Context, ids []int64) (err error) {
	defer errs.Wrap(&err, "content: delete courses %v", ids)
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		var gone []audit.Change
		for _, id := range uniq(ids) {
			cur, err := oneCourse(ctx, tx, id)
			if err != nil {
				return err
			}
			var n int
			if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM course_special_course WHERE course_id = ?`, id).Scan(&n); err != nil {
				return err
			}
			if n > 0 {
				return httpx.Fail("content.course.in_topic", cur.Name)
			}
			if err := s.files.SetCover(ctx, tx, CourseRecordType, id, 0); err != nil {
				return err
			}
			if err := s.dropCourseWares(ctx, tx, id); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `DELETE FROM course WHERE id = ?`, id); err != nil {
				return err
			}
			gone = append(gone, audit.Change{Module: Screen, Action: audit.Delete, TargetID: id, Target: cur.Name, Before: cur})
		}
		return audit.RecordAll(ctx, tx, gone)
	})
}

/* ---------- topics ---------- */

// SpecialForm is what the topic dialog sends.
type SpecialForm struct {
	Name, Cover, Description string
	Level                    int
	ParentID                 int64
	Published                int
	CourseIDs                []int64
}

// MaxTopicCourses is how many courses a topic holds at most.
const MaxTopicCourses = 200

func (f *SpecialForm) check(ctx context.Context, tx *db.Tx, self int64) error {
	if err := checkName(&f.Name); err != nil {
		return err
	}
	f.Description = strings.TrimSpace(f.Description)
	if utf8.RuneCountInString(f.Description) > MaxDescription {
		return httpx.Fail("content.description_too_long", MaxDescription)
	}
	if f.Published != 0 && f.Published != 1 {
		return httpx.Fail("content.bad_published")
	}
	switch f.Level {
	case LevelFirst:
		f.ParentID = 0
	case LevelSecond:
		var level int
		err := tx.QueryRow(ctx, `SELECT level FROM course_special WHERE id = ?`, f.ParentID).Scan(&level)
		if db.IsNoRows(err) || (err == nil && (level != LevelFirst || f.ParentID == self)) {
			return httpx.Fail("content.special.bad_parent")
		}
		if err != nil {
			return err
		}
	default:
		return httpx.Fail("content.special.bad_level")
	}
	f.CourseIDs = uniq(f.CourseIDs)
	if len(f.CourseIDs) > MaxTopicCourses {
		return httpx.Fail("http.too_many", "courseIds", MaxTopicCourses)
	}
	for _, id := range f.CourseIDs {
		if _, err := oneCourse(ctx, tx, id); err != nil {
			if isFail(err, "content.course.not_found") {
				return httpx.Fail("content.course_unknown", id)
			}
			return err
		}
	}
	return nil
}

func oneSpecial(ctx context.Context, q db.Querier, id int64) (Special, error) {
	var sp Special
	err := q.QueryRow(ctx, `SELECT s.id, s.name, s.cover_url, s.level, s.parent_id, COALESCE(p.name, ''), s.description, s.published, s.updated_at
		FROM course_special s LEFT JOIN course_special p ON p.id = s.parent_id WHERE s.id = ?`, id).
		Scan(&sp.ID, &sp.Name, &sp.Cover, &sp.Level, &sp.ParentID, &sp.ParentName, &sp.Description, &sp.Published, &sp.UpdatedAt)
	if db.IsNoRows(err) {
		return sp, httpx.Fail("content.special.not_found")
	}
	if err != nil {
		return sp, err
	}
	sp.CourseIDs, err = int64s(ctx, q, `SELECT course_id FROM course_special_course WHERE special_id = ? ORDER BY sort, course_id`, id)
	if sp.CourseIDs == nil {
		sp.CourseIDs = []int64{}
	}
	return sp, err
}

// Special returns a topic with its courses.
func (s *Service) Special(ctx context.Context, id int64) (_ Special, err error) {
	defer errs.Wrap(&err, "content: special %d", id)
	return oneSpecial(ctx, s.db, id)
}

func setSpecialCourses(ctx context.Context, tx *db.Tx, id int64, courses []int64) error {
	if _, err := tx.Exec(ctx, `DELETE FROM course_special_course WHERE special_id = ?`, id); err != nil {
		return err
	}
	for i, c := range courses {
		if _, err := tx.Exec(ctx, `INSERT INTO course_special_course (special_id, course_id, sort) VALUES (?, ?, ?)`, id, c, i+1); err != nil {
			return err
		}
	}
	return nil
}

// AddSpecial creates a topic with its courses.
func (s *Service) AddSpecial(ctx context.Context, f SpecialForm) (_ int64, err error) {
	defer errs.Wrap(&err, "content: add special")
	var id int64
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := f.check(ctx, tx, 0); err != nil {
			return err
		}
		fileID, err := s.cover(ctx, tx, f.Cover)
		if err != nil {
			return err
		}
		now, user := s.now().UTC(), userArg(ctx)
		if id, err = tx.Insert(ctx, `INSERT INTO course_special (name, cover_url, level, parent_id, description, published,
			created_by, created_at, updated_by, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			f.Name, strings.TrimSpace(f.Cover), f.Level, f.ParentID, f.Description, f.Published, user, now, user, now); err != nil {
			return err
		}
		if err := setSpecialCourses(ctx, tx, id, f.CourseIDs); err != nil {
			return err
		}
		if err := s.files.SetCover(ctx, tx, SpecialRecordType, id, fileID); err != nil {
			return err
		}
		after, err := oneSpecial(ctx, tx, id)
		if err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Change{Module: Screen, Action: audit.Create, TargetID: id, Target: f.Name, After: after})
	})
	return id, err
}

// EditSpecial changes a topic and replaces its courses.
func (s *Service) EditSpecial(ctx context.Context, id int64, f SpecialForm) (err error) {
	defer errs.Wrap(&err, "content: edit special %d", id)
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		cur, err := oneSpecial(ctx, tx, id)
		if err != nil {
			return err
		}
		if err := f.check(ctx, tx, id); err != nil {
			return err
		}
		if cur.Level == LevelFirst && f.Level != LevelFirst {
			var kids int
			if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM course_special WHERE parent_id = ?`, id).Scan(&kids); err != nil {
				return err
			}
			if kids > 0 {
				return httpx.Fail("content.special.level_change")
			}
		}
		fileID, err := s.cover(ctx, tx, f.Cover)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE course_special SET name = ?, cover_url = ?, level = ?, parent_id = ?, description = ?,
			published = ?, updated_by = ?, updated_at = ? WHERE id = ?`,
			f.Name, strings.TrimSpace(f.Cover), f.Level, f.ParentID, f.Description, f.Published, userArg(ctx), s.now().UTC(), id); err != nil {
			return err
		}
		if err := setSpecialCourses(ctx, tx, id, f.CourseIDs); err != nil {
			return err
		}
		if err := s.files.SetCover(ctx, tx, SpecialRecordType, id, fileID); err != nil {
			return err
		}
		after, err := oneSpecial(ctx, tx, id)
		if err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Change{Module: Screen, Action: audit.Update, TargetID: id, Target: f.Name, Before: cur, After: after})
	})
}

// DeleteSpecials removes topics (with their course lists and covers); a first-level topic whose second-level
// topics are not deleted with it refuses the whole call.
func (s *Service) DeleteSpecials(ctx context.Context, ids []int64) (err error) {
	defer errs.Wrap(&err, "content: delete specials %v", ids)
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		deleting := map[int64]bool{}
		for _, id := range ids {
			deleting[id] = true
		}
		var gone []audit.Change
		ids = uniq(ids)
		for _, id := range ids {
			cur, err := oneSpecial(ctx, tx, id)
			if err != nil {
				return err
			}
			kids, err := int64s(ctx, tx, `SELECT id FROM course_special WHERE parent_id = ?`, id)
			if err != nil {
				return err
			}
			for _, k := range kids {
				if !deleting[k] {
					return httpx.Fail("content.special.has_children", cur.Name)
				}
			}
			gone = append(gone, audit.Change{Module: Screen, Action: audit.Delete, TargetID: id, Target: cur.Name, Before: cur})
		}
		// second-level topics first: nothing points at a deleted row
		for _, level := range []int{LevelSecond, LevelFirst} {
			for _, c := range gone {
				if c.Before.(Special).Level != level {
					continue
				}
				id := c.TargetID.(int64)
				if err := s.files.SetCover(ctx, tx, SpecialRecordType, id, 0); err != nil {
					return err
				}
				if _, err := tx.Exec(ctx, `DELETE FROM course_special_course WHERE special_id = ?`, id); err != nil {
					return err
				}
				if _, err := tx.Exec(ctx, `DELETE FROM course_special WHERE id = ?`, id); err != nil {
					return err
				}
			}
		}
		return audit.RecordAll(ctx, tx, gone)
	})
}

/* ---------- the selector ---------- */

// offered is the condition of a course the selector offers: published, audit passed.
const offered = `c.published = 1 AND c.audit_status = '` + AuditPassed + `'`

func pageArgs(size, index int) (int, int) {
	if size <= 0 {
		size = SelectorPageSize
	}
	if index <= 0 {
		index = 1
	}
	return size, index
}

func (s *Service) cards(ctx context.Context, countSQL, pageSQL string, args []any, size, index int, cardType func(level int) int) ([]Card, int, error) {
	var total int
	if err := s.db.QueryRow(ctx, countSQL, args...).Scan(&total); err != nil {
		return nil, 0, err
	}
	out := []Card{}
	if total == 0 || (index-1)*size >= total {
		return out, total, nil
	}
	rows, err := s.db.Query(ctx, pageSQL+` LIMIT `+strconv.Itoa(size)+` OFFSET `+strconv.Itoa((index-1)*size), args...)
	if err != nil {
		return nil, 0, err
	}
	defer rows.Close()
	for rows.Next() {
		var c Card
		var level int
		if err := rows.Scan(&c.ID, &c.Name, &c.Cover, &level); err != nil {
			return nil, 0, err
		}
		c.Type = cardType(level)
		out = append(out, c)
	}
	return out, total, rows.Err()
}

func courseCard(int) int { return CardCourse }

// topicCard: a first-level topic is a card of type 2 (it holds courses), a second-level one of type 1.
func topicCard(level int) int {
	if level == LevelFirst {
		return CardFirstTop
	}
	return CardCourse
}

func nameCond(name string) (string, []any) {
	name = strings.TrimSpace(name)
	if name == "" {
		return "", nil
	}
	return ` AND LOWER(c.name) LIKE LOWER(?) ESCAPE '!'`, []any{"%" + escapeLike(name) + "%"}
}

func escapeLike(s string) string {
	r := strings.NewReplacer("!", "!!", "%", "!%", "_", "!_")
	return r.Replace(s)
}

// LessonList is getLessonList: the offered courses whose name holds name, a page of size from index.
func (s *Service) LessonList(ctx context.Context, name string, size, index int) (_ CardPage, err error) {
	defer errs.Wrap(&err, "content: lesson list")
	size, index = pageArgs(size, index)
	cond, args := nameCond(name)
	cards, total, err := s.cards(ctx, `SELECT COUNT(*) FROM course c WHERE `+offered+cond,
		`SELECT c.id, c.name, c.cover_url, 0 FROM course c WHERE `+offered+cond+` ORDER BY c.id DESC`, args, size, index, courseCard)
	return CardPage{Records: cards, Current: index, Size: size, Total: total}, err
}

// SpecialList is getSpecialList: the published topics of a level (0: both) whose name holds name.
func (s *Service) SpecialList(ctx context.Context, name string, level, size, index int) (_ CardPage, err error) {
	defer errs.Wrap(&err, "content: special list")
	size, index = pageArgs(size, index)
	cond, args := nameCond(name)
	if level != 0 {
		if level != LevelFirst && level != LevelSecond {
			return CardPage{}, httpx.Fail("content.special.bad_level")
		}
		cond += ` AND c.level = ?`
		args = append(args, level)
	}
	cards, total, err := s.cards(ctx, `SELECT COUNT(*) FROM course_special c WHERE c.published = 1`+cond,
		`SELECT c.id, c.name, c.cover_url, c.level FROM course_special c WHERE c.published = 1`+cond+` ORDER BY c.id DESC`, args, size, index, topicCard)
	return CardPage{Records: cards, Current: index, Size: size, Total: total}, err
}

// FirstLesson is getFirstLesson: the offered courses of a published first-level topic, in the topic's order.
func (s *Service) FirstLesson(ctx context.Context, specialID int64, size, index int) (_ FirstLessonPage, err error) {
	defer errs.Wrap(&err, "content: first lesson %d", specialID)
	size, index = pageArgs(size, index)
	sp, err := oneSpecial(ctx, s.db, specialID)
	if err != nil {
		return FirstLessonPage{}, err
	}
	if sp.Published != 1 {
		return FirstLessonPage{}, httpx.Fail("content.special.not_found")
	}
	if sp.Level != LevelFirst {
		return FirstLessonPage{}, httpx.Fail("content.not_first_level")
	}
	from := ` FROM course_special_course sc JOIN course c ON c.id = sc.course_id WHERE sc.special_id = ? AND ` + offered
	cards, total, err := s.cards(ctx, `SELECT COUNT(*)`+from, `SELECT c.id, c.name, c.cover_url, 0`+from+` ORDER BY sc.sort, c.id`,
		[]any{specialID}, size, index, courseCard)
	return FirstLessonPage{Data: cards, PageIndex: index, PageSize: size, Total: total}, err
}

// selectorMax is how many entries a selector list answers at most (narrow it by name).
const selectorMax = 200

func (s *Service) options(ctx context.Context, query string, args ...any) ([]Option, error) {
	rows, err := s.db.Query(ctx, query+` LIMIT `+strconv.Itoa(selectorMax), args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Option{}
	for rows.Next() {
		var o Option
		if err := rows.Scan(&o.ID, &o.Name); err != nil {
			return nil, err
		}
		out = append(out, o)
	}
	return out, rows.Err()
}

// CurriculumSelector is getCurriculumSelector: courses (all: offeredOnly false, for the topic dialog) by name.
func (s *Service) CurriculumSelector(ctx context.Context, name string, offeredOnly bool) (_ []Option, err error) {
	defer errs.Wrap(&err, "content: curriculum selector")
	cond, args := nameCond(name)
	where := `1 = 1`
	if offeredOnly {
		where = offered
	}
	return s.options(ctx, `SELECT c.id, c.name FROM course c WHERE `+where+cond+` ORDER BY c.name, c.id`, args...)
}

// SpecialSelector is getSpecialSelector: topics of a level (0: both) by name (publishedOnly: the published ones).
func (s *Service) SpecialSelector(ctx context.Context, name string, level int, publishedOnly bool) (_ []Option, err error) {
	defer errs.Wrap(&err, "content: special selector")
	cond, args := nameCond(name)
	if publishedOnly {
		cond += ` AND c.published = 1`
	}
	if level != 0 {
		cond += ` AND c.level = ?`
		args = append(args, level)
	}
	return s.options(ctx, `SELECT c.id, c.name FROM course_special c WHERE 1 = 1`+cond+` ORDER BY c.name, c.id`, args...)
}

/* ---------- banners from the selector ---------- */

// BannerForm is the selector's output sent to POST /api/banner/add (addBannerLink).
type BannerForm struct {
	Type      string
	ID        int64 // the course (1) or topic (3, 4); a course of SpecialID for 3
	SpecialID int64
	Name      string
	Cover     string
	OrderDort int
	ClickURL  string
	CoverURL  string
	Content   string
}

// AddBanner adds a portal banner that opens the chosen course, topic or link.
func (s *Service) AddBanner(ctx context.Context, f BannerForm) (_ int64, err error) {
	defer errs.Wrap(&err, "content: add banner")
	if err := checkSort(f.OrderDort); err != nil {
		return 0, err
	}
	var title, image, link string
	switch f.Type {
	case "2":
		title, image, link = strings.TrimSpace(f.Content), strings.TrimSpace(f.CoverURL), strings.TrimSpace(f.ClickURL)
		if image == "" {
			return 0, httpx.Fail("content.cover_required")
		}
		if title == "" {
			return 0, httpx.Fail("content.banner.title_required")
		}
		if link == "" {
			return 0, httpx.Fail("content.banner.link_required")
		}
	case "1", "3", "4":
		if f.ID == 0 {
			return 0, httpx.Fail("content.banner.content_required")
		}
		title, image = strings.TrimSpace(f.Name), strings.TrimSpace(f.Cover)
		if image == "" {
			return 0, httpx.Fail("content.cover_required")
		}
		if title == "" {
			return 0, httpx.Fail("content.banner.title_required")
		}
		var err error
		if link, err = s.target(ctx, s.db, f); err != nil {
			return 0, err
		}
	default:
		return 0, httpx.Fail("content.banner.bad_type")
	}
	return s.banners.AddBanner(ctx, title, image, link, f.OrderDort)
}

// target is the portal page a banner of a course or topic opens; the content must be offered.
func (s *Service) target(ctx context.Context, q db.Querier, f BannerForm) (string, error) {
	course := func(id int64, extra string, args ...any) (string, error) {
		var n int
		if err := q.QueryRow(ctx, `SELECT COUNT(*) FROM course c WHERE c.id = ? AND `+offered+extra, append([]any{id}, args...)...).Scan(&n); err != nil {
			return "", err
		}
		if n == 0 {
			return "", httpx.Fail("content.banner.not_offered")
		}
		return CourseLinkPrefix + strconv.FormatInt(id, 10), nil
	}
	topic := func(id int64, level int) (string, error) {
		var n int
		if err := q.QueryRow(ctx, `SELECT COUNT(*) FROM course_special WHERE id = ? AND published = 1 AND level = ?`, id, level).Scan(&n); err != nil {
			return "", err
		}
		if n == 0 {
			return "", httpx.Fail("content.banner.not_offered")
		}
		return SpecialLinkPrefix + strconv.FormatInt(id, 10), nil
	}
	switch {
	case f.Type == "1":
		return course(f.ID, "")
	case f.Type == "4":
		return topic(f.ID, LevelFirst)
	case f.SpecialID != 0: // 3: a course chosen inside a first-level topic
		return course(f.ID, ` AND EXISTS (SELECT 1 FROM course_special_course sc JOIN course_special sp ON sp.id = sc.special_id
			WHERE sc.course_id = c.id AND sc.special_id = ? AND sp.published = 1)`, f.SpecialID)
	default: // 3: a second-level topic
		return topic(f.ID, LevelSecond)
	}
}

// auditNotice tells the course's creator the audit's outcome with a message (kind course: code
// course:<id>:audit:<time>), unless the auditor is the creator or the course has none (demo data).
func (s *Service) auditNotice(ctx context.Context, tx *db.Tx, c Course, passed bool) error {
	if s.msgs == nil {
		return nil
	}
	var creator int64
	if err := tx.QueryRow(ctx, `SELECT COALESCE(created_by, 0) FROM course WHERE id = ?`, c.ID).Scan(&creator); err != nil {
		return fmt.Errorf("content: creator of course %d: %w", c.ID, err)
	}
	if p := auth.PrincipalFrom(ctx); creator == 0 || (p != nil && p.UserID == creator) {
		return nil
	}
	n := Notice{Code: fmt.Sprintf("course:%d:audit:%d", c.ID, s.now().UnixNano()), RefType: RefCourseAudit, RefID: c.ID, RefPath: "/course_manager"}
	if passed {
		n.TitleText = httpx.Say("content.audit.msg.passed", c.Name)
		n.ContentText = httpx.Say("content.audit.msg.passed.content", c.Name)
	} else {
		n.TitleText = httpx.Say("content.audit.msg.rejected", c.Name)
		n.ContentText = httpx.Say("content.audit.msg.rejected.content", c.Name, c.AuditRemark)
	}
	_, err := s.msgs.Notify(ctx, tx, []int64{creator}, n)
	return err
}

func init() {
	httpx.RegisterMessages(map[string][2]string{
		"content.audit.msg.passed":           {"课程「%s」已通过审核", "The course '%s' passed the audit"},
		"content.audit.msg.passed.content":   {"您提交的课程「%s」已通过审核，可以发布。", "Your course '%s' passed the audit and can be published."},
		"content.audit.msg.rejected":         {"课程「%s」未通过审核", "The course '%s' did not pass the audit"},
		"content.audit.msg.rejected.content": {"您提交的课程「%s」未通过审核，意见：%s。请修改后重新提交。", "Your course '%s' did not pass the audit: %s. Please change it and submit it again."},
	})
}
