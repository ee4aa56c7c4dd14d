package content

import (
	"biddesk/internal/platform/errs"
	"context"
	"fmt"
)

// What a learner may open besides what was pushed to him: every offered course and every published first-level
// topic (an offered course is open to every portal user; a push is a notice, not a grant). The portal's learning
// page and the mobile page show it under their pushed courses.

// MaxCatalog is how many courses and topics the catalogue lists at most (newest first).
const MaxCatalog = 60

// CatalogCourse is an offered course as a card with its type and lecturer.
type CatalogCourse struct {
	ID       int64  `json:"id"`
	Name     string `json:"name"`
	Cover    string `json:"cover"`
	TypeName string `json:"typeName"`
	Lecturer string `json:"lecturer"`
}

// Catalog is what a learner may open: the offered courses and the published first-level topics.
type Catalog struct {
	Courses []CatalogCourse `json:"courses"`
	Topics  []Card          `json:"topics"`
}

// Catalog lists the offered courses (newest update first) and the published first-level topics.
func (s *Service) Catalog(ctx context.Context) (_ Catalog, err error) {
	defer errs.Wrap(&err, "content: catalog")
	out := Catalog{Courses: []CatalogCourse{}, Topics: []Card{}}
	rows, err := s.db.Query(ctx, `SELECT c.id, c.name, c.cover_url, COALESCE(t.name, ''), c.lecturer FROM course c
		LEFT JOIN course_type t ON t.id = c.type_id WHERE `+offered+` ORDER BY c.updated_at DESC, c.id DESC LIMIT ?`, MaxCatalog)
	if err != nil {
		return out, fmt.Errorf("catalog courses: %w", err)
	}
	for rows.Next() {
		var c CatalogCourse
		if err := rows.Scan(&c.ID, &c.Name, &c.Cover, &c.TypeName, &c.Lecturer); err != nil {
			rows.Close()
			return out, err
		}
		out.Courses = append(out.Courses, c)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return out, err
	}
	rows, err = s.db.Query(ctx, `SELECT id, name, cover_url FROM course_special WHERE published = 1 AND level = ?
		ORDER BY updated_at DESC, id DESC LIMIT ?`, LevelFirst, MaxCatalog)
	if err != nil {
		return out, fmt.Errorf("catalog topics: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		c := Card{Type: CardFirstTop}
		if err := rows.Scan(&c.ID, &c.Name, &c.Cover); err != nil {
			return out, err
		}
		out.Topics = append(out.Topics, c)
	}
	return out, rows.Err()
}

// LearnerCourse is an offered course with its ready courseware (the mobile page's and the portal's course).
type LearnerCourse struct {
	CourseView
	Coursewares []Courseware `json:"coursewares"`
}

// LearnerCourse is an offered course with its ready courseware.
func (s *Service) LearnerCourse(ctx context.Context, id int64, lang string) (_ LearnerCourse, err error) {
	defer errs.Wrap(&err, "content: learner course %d", id)
	v, err := s.CourseView(ctx, id)
	if err != nil {
		return LearnerCourse{}, err
	}
	out := LearnerCourse{CourseView: v, Coursewares: []Courseware{}}
	all, err := s.Coursewares(ctx, id, lang)
	if err != nil {
		return LearnerCourse{}, err
	}
	for _, c := range all {
		if c.State == StateReady {
			out.Coursewares = append(out.Coursewares, c)
		}
	}
	return out, nil
}
