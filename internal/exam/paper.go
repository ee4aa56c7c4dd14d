package exam

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"

	"biddesk/internal/audit"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/httpx"
)

// Limits of a paper.
const (
	MaxPaperQuestions = 300
	MaxRules          = 30
)

// SavePaper adds or changes a paper. A fixed paper names active questions once each with a positive score; a
// rule paper's rules must each be drawable from the bank as it is now (all rules together, none twice). The
// total is computed and the pass mark may not exceed it. A paper whose exams have attempts no longer changes.
func (s *Service) SavePaper(ctx context.Context, in PaperIn) (int64, error) {
	var err error
	if in.Name, err = text(in.Name, "exam.f.name", 100, true); err != nil {
		return 0, err
	}
	if in.Remark, err = text(in.Remark, "exam.f.remark", 500, false); err != nil {
		return 0, err
	}
	if in.MultiMode == "" {
		in.MultiMode = MultiAll
	}
	if !slices.Contains([]string{MultiAll, MultiPartial, MultiPerOption}, in.MultiMode) {
		return 0, httpx.Fail("exam.bad_value", httpx.Msg("exam.f.multiMode"))
	}
	id := in.ID
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		total, err := s.checkPaper(ctx, tx, &in)
		if err != nil {
			return err
		}
		if in.PassMark < 0 || in.PassMark > total {
			return httpx.Fail("exam.pass_above_total", in.PassMark, total)
		}
		now := s.now().UTC()
		if id == 0 {
			id, err = tx.Insert(ctx, `INSERT INTO exam_paper (name, kind, multi_mode, pass_mark, total, remark, created_by, created_at, updated_at)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, in.Name, in.Kind, in.MultiMode, in.PassMark, total, in.Remark, callerID(ctx), now, now)
			if err != nil {
				return err
			}
		} else {
			var used int
			if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM exam_attempt a JOIN exam_exam e ON e.id = a.exam_id WHERE e.paper_id = ?`, id).Scan(&used); err != nil {
				return err
			}
			if used > 0 {
				return httpx.Fail("exam.paper_taken", used)
			}
			res, err := tx.Exec(ctx, `UPDATE exam_paper SET name = ?, kind = ?, multi_mode = ?, pass_mark = ?, total = ?, remark = ?, updated_at = ? WHERE id = ?`,
				in.Name, in.Kind, in.MultiMode, in.PassMark, total, in.Remark, now, id)
			if err != nil {
				return err
			}
			if n, _ := res.RowsAffected(); n == 0 {
				return httpx.Fail("exam.paper_not_found")
			}
			for _, q := range []string{`DELETE FROM exam_paper_item WHERE paper_id = ?`, `DELETE FROM exam_paper_rule WHERE paper_id = ?`} {
				if _, err := tx.Exec(ctx, q, id); err != nil {
					return err
				}
			}
		}
		for i, it := range in.Items {
			if _, err := tx.Exec(ctx, `INSERT INTO exam_paper_item (paper_id, question_id, score, sort) VALUES (?, ?, ?, ?)`, id, it.QuestionID, it.Score, i); err != nil {
				return err
			}
		}
		for i, r := range in.Rules {
			var course any
			if r.CourseID != 0 {
				course = r.CourseID
			}
			if _, err := tx.Exec(ctx, `INSERT INTO exam_paper_rule (paper_id, sort, qtype, difficulty, tag, course_id, pick_count, score) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
				id, i, r.Type, r.Difficulty, r.Tag, course, r.Count, r.Score); err != nil {
				return err
			}
		}
		action := audit.Create
		if in.ID != 0 {
			action = audit.Update
		}
		return s.record(ctx, tx, audit.Change{Action: action, TargetID: id, Target: in.Name, After: in})
	})
	return id, wrap(err, "save paper %d", in.ID)
}

// checkPaper checks a paper's questions or rules and answers its total.
func (s *Service) checkPaper(ctx context.Context, tx *db.Tx, in *PaperIn) (float64, error) {
	total := 0.0
	switch in.Kind {
	case PaperFixed:
		in.Rules = nil
		if len(in.Items) == 0 {
			return 0, httpx.Fail("exam.paper_empty")
		}
		if len(in.Items) > MaxPaperQuestions {
			return 0, httpx.Fail("exam.too_many", httpx.Msg("exam.f.question"), MaxPaperQuestions)
		}
		seen := map[int64]bool{}
		for i, it := range in.Items {
			if seen[it.QuestionID] {
				return 0, httpx.Fail("exam.paper_twice", i+1)
			}
			seen[it.QuestionID] = true
			if it.Score <= 0 || it.Score > 1000 {
				return 0, httpx.Fail("exam.score_bad", i+1)
			}
			var n int
			if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM exam_question WHERE id = ? AND state = 'active'`, it.QuestionID).Scan(&n); err != nil {
				return 0, err
			}
			if n == 0 {
				return 0, httpx.Fail("exam.paper_question_missing", i+1)
			}
			total += it.Score
		}
	case PaperRules:
		in.Items = nil
		if len(in.Rules) == 0 {
			return 0, httpx.Fail("exam.paper_empty")
		}
		if len(in.Rules) > MaxRules {
			return 0, httpx.Fail("exam.too_many", httpx.Msg("exam.f.rule"), MaxRules)
		}
		count := 0
		for i := range in.Rules {
			r := &in.Rules[i]
			r.Tag = strings.TrimSpace(r.Tag)
			if !slices.Contains(Types, r.Type) {
				return 0, httpx.Fail("exam.rule_bad", i+1)
			}
			if r.Count < 1 || r.Score <= 0 || r.Score > 1000 || r.Difficulty < 0 || r.Difficulty > 5 {
				return 0, httpx.Fail("exam.rule_bad", i+1)
			}
			count += r.Count
			total += float64(r.Count) * r.Score
		}
		if count > MaxPaperQuestions {
			return 0, httpx.Fail("exam.too_many", httpx.Msg("exam.f.question"), MaxPaperQuestions)
		}
		bank, err := s.bankCandidates(ctx, tx)
		if err != nil {
			return 0, err
		}
		if _, short, ok := Draw(in.Rules, bank, rand.New(rand.NewPCG(1, 2))); !ok {
			return 0, httpx.Fail("exam.rule_short", short+1, in.Rules[short].Count)
		}
	default:
		return 0, httpx.Fail("exam.bad_value", httpx.Msg("exam.f.kind"))
	}
	return round2(total), nil
}

// Paper is one paper with its questions or rules (and how many bank questions match each rule now).
func (s *Service) Paper(ctx context.Context, id int64) (Paper, error) {
	p, err := s.paper(ctx, s.db, id)
	return p, wrap(err, "paper %d", id)
}

func (s *Service) paper(ctx context.Context, q db.Querier, id int64) (Paper, error) {
	var p Paper
	err := q.QueryRow(ctx, `SELECT p.id, p.name, p.kind, p.multi_mode, p.pass_mark, p.total, p.remark, p.updated_at,
		(SELECT COUNT(*) FROM exam_exam e WHERE e.paper_id = p.id) FROM exam_paper p WHERE p.id = ?`, id).
		Scan(&p.ID, &p.Name, &p.Kind, &p.MultiMode, &p.PassMark, &p.Total, &p.Remark, &p.UpdatedAt, &p.Exams)
	if db.IsNoRows(err) {
		return p, httpx.Fail("exam.paper_not_found")
	} else if err != nil {
		return p, err
	}
	p.Items, p.Rules = []PaperItem{}, []Rule{}
	if err := db.EachRow(ctx, q, `SELECT i.question_id, v.qtype, v.stem, i.score FROM exam_paper_item i JOIN exam_question qq ON qq.id = i.question_id
		JOIN exam_question_version v ON v.id = qq.current_version WHERE i.paper_id = ? ORDER BY i.sort`, []any{id}, func(r db.Row) error {
		var it PaperItem
		if err := r.Scan(&it.QuestionID, &it.Type, &it.Stem, &it.Score); err != nil {
			return err
		}
		p.Items = append(p.Items, it)
		return nil
	}); err != nil {
		return p, err
	}
	rules, err := s.rules(ctx, q, id)
	if err != nil {
		return p, err
	}
	bank, err := s.bankCandidates(ctx, q)
	if err != nil {
		return p, err
	}
	for _, r := range rules {
		n := 0
		for _, c := range bank {
			if r.matches(c) {
				n++
			}
		}
		p.Rules = append(p.Rules, Rule{RuleIn: r, Available: n})
		p.Count += r.Count
	}
	p.Count += len(p.Items)
	return p, nil
}

func (s *Service) rules(ctx context.Context, q db.Querier, paperID int64) ([]RuleIn, error) {
	var out []RuleIn
	err := db.EachRow(ctx, q, `SELECT qtype, difficulty, tag, COALESCE(course_id, 0), pick_count, score FROM exam_paper_rule WHERE paper_id = ? ORDER BY sort`,
		[]any{paperID}, func(r db.Row) error {
			var x RuleIn
			if err := r.Scan(&x.Type, &x.Difficulty, &x.Tag, &x.CourseID, &x.Count, &x.Score); err != nil {
				return err
			}
			out = append(out, x)
			return nil
		})
	return out, err
}

// Papers are every paper, newest first.
func (s *Service) Papers(ctx context.Context) ([]Paper, error) {
	ids, err := db.IDs(ctx, s.db, `SELECT id FROM exam_paper ORDER BY updated_at DESC, id DESC`)
	if err != nil {
		return nil, wrap(err, "papers")
	}
	out := []Paper{}
	for _, id := range ids {
		p, err := s.paper(ctx, s.db, id)
		if err != nil {
			return nil, wrap(err, "paper %d", id)
		}
		out = append(out, p)
	}
	return out, nil
}

// DeletePaper deletes a paper no exam uses.
func (s *Service) DeletePaper(ctx context.Context, id int64) error {
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		p, err := s.paper(ctx, tx, id)
		if err != nil {
			return err
		}
		if p.Exams > 0 {
			return httpx.Fail("exam.paper_used", p.Exams)
		}
		for _, q := range []string{`DELETE FROM exam_paper_item WHERE paper_id = ?`, `DELETE FROM exam_paper_rule WHERE paper_id = ?`, `DELETE FROM exam_paper WHERE id = ?`} {
			if _, err := tx.Exec(ctx, q, id); err != nil {
				return err
			}
		}
		return s.record(ctx, tx, audit.Change{Action: audit.Delete, TargetID: id, Target: p.Name})
	})
	return wrap(err, "delete paper %d", id)
}

// draw is the questions one taker gets of a paper, with their version (the current one) and score: a fixed
// paper's in order, a rule paper's drawn by its rules.
func (s *Service) draw(ctx context.Context, q db.Querier, paperID int64, rnd *rand.Rand) ([]Drawn, error) {
	var kind string
	if err := q.QueryRow(ctx, `SELECT kind FROM exam_paper WHERE id = ?`, paperID).Scan(&kind); err != nil {
		return nil, err
	}
	if kind == PaperFixed {
		var out []Drawn
		err := db.EachRow(ctx, q, `SELECT qq.id, qq.current_version, qq.qtype, i.score FROM exam_paper_item i JOIN exam_question qq ON qq.id = i.question_id
			WHERE i.paper_id = ? ORDER BY i.sort`, []any{paperID}, func(r db.Row) error {
			var d Drawn
			if err := r.Scan(&d.ID, &d.VersionID, &d.Type, &d.Score); err != nil {
				return err
			}
			out = append(out, d)
			return nil
		})
		return out, err
	}
	rules, err := s.rules(ctx, q, paperID)
	if err != nil {
		return nil, err
	}
	bank, err := s.bankCandidates(ctx, q)
	if err != nil {
		return nil, err
	}
	out, short, ok := Draw(rules, bank, rnd)
	if !ok {
		return nil, httpx.Fail("exam.rule_short", short+1, rules[short].Count)
	}
	return out, nil
}

// Preview is the paper as one taker might get it, with answers and explanations (the setter's view).
func (s *Service) Preview(ctx context.Context, id int64) (PaperPreview, error) {
	out := PaperPreview{Questions: []PreviewItem{}}
	drawn, err := s.draw(ctx, s.db, id, rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64())))
	if db.IsNoRows(err) {
		return out, httpx.Fail("exam.paper_not_found")
	} else if err != nil {
		return out, wrap(err, "preview paper %d", id)
	}
	for _, d := range drawn {
		q, err := scanQuestion(s.db.QueryRow(ctx, `SELECT `+questionSelect+` FROM exam_question q JOIN exam_question_version v ON v.id = ?
			LEFT JOIN course c ON c.id = q.course_id WHERE q.id = ?`, d.VersionID, d.ID))
		if err != nil {
			return out, wrap(err, "preview paper %d", id)
		}
		out.Questions = append(out.Questions, PreviewItem{Question: q, Score: d.Score})
		out.Total += d.Score
	}
	out.Total = round2(out.Total)
	return out, nil
}
