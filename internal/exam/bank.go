package exam

import (
	"context"
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"time"

	"biddesk/internal/audit"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/httpx"
)

// Limits of a question.
const (
	MaxOptions = 8
	MaxTags    = 10
	MaxBlanks  = 20
	MaxImages  = 9
)

var blankMark = regexp.MustCompile(`_{3,}|（\s*）|\(\s*\)`)

// checked is a question form made ready to write: trimmed, its key in canonical JSON, its normalised stem.
type checked struct {
	QuestionIn
	key  string
	norm string
	tags string
}

// validate checks a question form on its own (no database): the type, the stem, the options of a choice, the
// answer's form for the type and that it names options that exist, the blanks, difficulty and tags.
func validate(in QuestionIn) (checked, error) {
	c := checked{QuestionIn: in}
	if !slices.Contains(Types, in.Type) {
		return c, httpx.Fail("exam.type_bad", in.Type)
	}
	var err error
	if c.Stem, err = text(in.Stem, "exam.f.stem", 4000, true); err != nil {
		return c, err
	}
	if c.Explanation, err = text(in.Explanation, "exam.f.explanation", 4000, false); err != nil {
		return c, err
	}
	if c.Difficulty == 0 {
		c.Difficulty = 3
	}
	if c.Difficulty < 1 || c.Difficulty > 5 {
		return c, httpx.Fail("exam.difficulty_bad")
	}
	if len(in.Images) > MaxImages {
		return c, httpx.Fail("exam.too_many", httpx.Msg("exam.f.images"), MaxImages)
	}
	var tags []string
	for _, t := range in.Tags {
		if t = strings.TrimSpace(strings.ReplaceAll(t, ",", "")); t != "" && !slices.Contains(tags, t) {
			if len([]rune(t)) > 30 {
				return c, httpx.Fail("exam.too_long", httpx.Msg("exam.f.tag"), 30)
			}
			tags = append(tags, t)
		}
	}
	if len(tags) > MaxTags {
		return c, httpx.Fail("exam.too_many", httpx.Msg("exam.f.tag"), MaxTags)
	}
	c.Tags, c.tags = tags, strings.Join(tags, ",")
	choice := in.Type == TypeSingle || in.Type == TypeMultiple
	if choice {
		if len(in.Options) < 2 || len(in.Options) > MaxOptions {
			return c, httpx.Fail("exam.options_count", MaxOptions)
		}
		c.Options = make([]Option, len(in.Options))
		for i, o := range in.Options {
			o.Key, o.Text = strings.ToUpper(strings.TrimSpace(o.Key)), strings.TrimSpace(o.Text)
			if o.Key == "" {
				o.Key = string(rune('A' + i))
			}
			if o.Text == "" && o.Image == 0 {
				return c, httpx.Fail("exam.option_empty", o.Key)
			}
			if len([]rune(o.Text)) > 1000 {
				return c, httpx.Fail("exam.too_long", httpx.Msg("exam.f.option"), 1000)
			}
			if slices.ContainsFunc(c.Options[:i], func(p Option) bool { return p.Key == o.Key }) {
				return c, httpx.Fail("exam.option_twice", o.Key)
			}
			c.Options[i] = o
		}
	} else {
		c.Options = []Option{}
	}
	if in.Review && in.Type != TypeFill {
		c.Review = false
	}
	if len(in.Answer) == 0 || string(in.Answer) == "null" {
		return c, httpx.Fail("exam.answer_missing")
	}
	k, ok := parseKey(in.Type, in.Answer)
	if !ok {
		return c, httpx.Fail("exam.answer_bad", httpx.Msg("exam.type."+in.Type))
	}
	has := func(key string) bool {
		return slices.ContainsFunc(c.Options, func(o Option) bool { return o.Key == key })
	}
	switch in.Type {
	case TypeSingle:
		k.Choice = strings.ToUpper(strings.TrimSpace(k.Choice))
		if !has(k.Choice) {
			return c, httpx.Fail("exam.answer_no_option", k.Choice)
		}
		c.key = jsonText(k.Choice)
	case TypeMultiple:
		for i := range k.Choices {
			k.Choices[i] = strings.ToUpper(strings.TrimSpace(k.Choices[i]))
			if !has(k.Choices[i]) {
				return c, httpx.Fail("exam.answer_no_option", k.Choices[i])
			}
		}
		slices.Sort(k.Choices)
		k.Choices = slices.Compact(k.Choices)
		if len(k.Choices) < 2 {
			return c, httpx.Fail("exam.multiple_two")
		}
		c.key = jsonText(k.Choices)
	case TypeJudge:
		c.key = jsonText(k.Judge)
	case TypeFill:
		if len(k.Blanks) > MaxBlanks {
			return c, httpx.Fail("exam.too_many", httpx.Msg("exam.f.blank"), MaxBlanks)
		}
		if n := len(blankMark.FindAllString(c.Stem, -1)); n > 0 && n != len(k.Blanks) {
			return c, httpx.Fail("exam.blanks_count", n, len(k.Blanks))
		}
		for i, alts := range k.Blanks {
			for j := range alts {
				alts[j] = strings.TrimSpace(alts[j])
			}
			k.Blanks[i] = slices.Compact(alts)
		}
		c.key = jsonText(k.Blanks)
	case TypeShort:
		c.key = jsonText(strings.TrimSpace(k.Text))
	}
	c.Answer = json.RawMessage(c.key)
	if c.Images == nil {
		c.Images = []int64{}
	}
	c.norm = normStem(c.Stem)
	if c.norm == "" {
		return c, httpx.Fail("exam.required", httpx.Msg("exam.f.stem"))
	}
	return c, nil
}

// checkRefs checks what a question names in the database: its course and its pictures.
func (s *Service) checkRefs(ctx context.Context, q db.Querier, c *checked) error {
	if c.CourseID != 0 {
		var n int
		if err := q.QueryRow(ctx, `SELECT COUNT(*) FROM course WHERE id = ?`, c.CourseID).Scan(&n); err != nil {
			return err
		}
		if n == 0 {
			return httpx.Fail("exam.course_not_found", c.CourseID)
		}
	}
	ids := slices.Clone(c.Images)
	for _, o := range c.Options {
		if o.Image != 0 {
			ids = append(ids, o.Image)
		}
	}
	for _, id := range ids {
		var n int
		if err := q.QueryRow(ctx, `SELECT COUNT(*) FROM sys_file WHERE id = ?`, id).Scan(&n); err != nil {
			return err
		}
		if n == 0 {
			return httpx.Fail("exam.image_not_found", id)
		}
	}
	return nil
}

// duplicate is the active question (other than id) whose normalised stem is norm: its id and stem.
func duplicate(ctx context.Context, q db.Querier, norm string, id int64) (int64, string, error) {
	var other int64
	var stem string
	err := q.QueryRow(ctx, `SELECT q.id, v.stem FROM exam_question q JOIN exam_question_version v ON v.id = q.current_version
		WHERE q.norm_stem = ? AND q.state = 'active' AND q.id <> ? ORDER BY q.id LIMIT 1`, norm, id).Scan(&other, &stem)
	if db.IsNoRows(err) {
		return 0, "", nil
	}
	return other, stem, err
}

// SaveQuestion adds a question, or edits one: an edit writes a new version (the attempts that saw the old one
// keep it). A stem that is, normalised, another active question's is refused, naming that question.
func (s *Service) SaveQuestion(ctx context.Context, in QuestionIn) (Saved, error) {
	c, err := validate(in)
	if err != nil {
		return Saved{}, err
	}
	var out Saved
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := tx.Lock(ctx, lockBank, c.norm); err != nil {
			return err
		}
		if err := s.checkRefs(ctx, tx, &c); err != nil {
			return err
		}
		if other, stem, err := duplicate(ctx, tx, c.norm, c.ID); err != nil {
			return err
		} else if other != 0 {
			return httpx.Fail("exam.duplicate", other, clip(stem, 40))
		}
		var before *Question
		if c.ID != 0 {
			q, err := s.question(ctx, tx, c.ID)
			if err != nil {
				return err
			}
			before = &q
		}
		out, err = s.writeQuestion(ctx, tx, c)
		if err != nil {
			return err
		}
		if err := s.linkPictures(ctx, tx, c, out.ID); err != nil {
			return err
		}
		action := audit.Create
		if before != nil {
			action = audit.Update
		}
		return s.record(ctx, tx, audit.Change{Action: action, TargetID: out.ID, Target: clip(c.Stem, 40), Before: before, After: c.QuestionIn})
	})
	return out, wrap(err, "save question %d", in.ID)
}

// writeQuestion writes a checked question: a new question with version 1, or a new version of c.ID.
func (s *Service) writeQuestion(ctx context.Context, tx *db.Tx, c checked) (Saved, error) {
	now := s.now().UTC()
	var course any
	if c.CourseID != 0 {
		course = c.CourseID
	}
	out := Saved{ID: c.ID, Version: 1}
	if c.ID == 0 {
		id, err := tx.Insert(ctx, `INSERT INTO exam_question (qtype, difficulty, tags, course_id, norm_stem, version_no, state, created_by, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, 1, 'active', ?, ?, ?)`, c.Type, c.Difficulty, c.tags, course, c.norm, callerID(ctx), now, now)
		if err != nil {
			return out, err
		}
		out.ID = id
	} else {
		if err := tx.QueryRow(ctx, `SELECT version_no + 1 FROM exam_question WHERE id = ?`, c.ID).Scan(&out.Version); err != nil {
			return out, err
		}
	}
	vid, err := tx.Insert(ctx, `INSERT INTO exam_question_version (question_id, version_no, qtype, stem, images, options, answer, explanation, review, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, out.ID, out.Version, c.Type, c.Stem, jsonText(c.Images), jsonText(c.Options), c.key, c.Explanation,
		db.Flag(c.Review), now)
	if err != nil {
		return out, err
	}
	out.VersionID = vid
	_, err = tx.Exec(ctx, `UPDATE exam_question SET qtype = ?, difficulty = ?, tags = ?, course_id = ?, norm_stem = ?, current_version = ?, version_no = ?,
		updated_at = ? WHERE id = ?`, c.Type, c.Difficulty, c.tags, course, c.norm, vid, out.Version, now, out.ID)
	return out, err
}

const questionSelect = `q.id, v.qtype, v.stem, v.images, v.options, v.answer, v.explanation, q.difficulty, q.tags, COALESCE(q.course_id, 0),
	COALESCE(c.name, ''), v.review, v.version_no, v.id, q.updated_at`

const questionFrom = `exam_question q JOIN exam_question_version v ON v.id = q.current_version LEFT JOIN course c ON c.id = q.course_id`

func scanQuestion(r interface{ Scan(...any) error }) (Question, error) {
	var q Question
	var images, options, answer, tags string
	var review int
	err := r.Scan(&q.ID, &q.Type, &q.Stem, &images, &options, &answer, &q.Explanation, &q.Difficulty, &tags, &q.CourseID, &q.CourseName,
		&review, &q.Version, &q.VersionID, &q.UpdatedAt)
	if err != nil {
		return q, err
	}
	q.Review = review == 1
	q.Answer = json.RawMessage(answer)
	_ = json.Unmarshal([]byte(images), &q.Images)
	_ = json.Unmarshal([]byte(options), &q.Options)
	if q.Images == nil {
		q.Images = []int64{}
	}
	if q.Options == nil {
		q.Options = []Option{}
	}
	q.Tags = splitTags(tags)
	if q.Tags == nil {
		q.Tags = []string{}
	}
	return q, nil
}

func (s *Service) question(ctx context.Context, q db.Querier, id int64) (Question, error) {
	out, err := scanQuestion(q.QueryRow(ctx, `SELECT `+questionSelect+` FROM `+questionFrom+` WHERE q.id = ? AND q.state = 'active'`, id))
	if db.IsNoRows(err) {
		return out, httpx.Fail("exam.question_not_found")
	}
	return out, err
}

// Question is one question of the bank, its current version.
func (s *Service) Question(ctx context.Context, id int64) (Question, error) {
	q, err := s.question(ctx, s.db, id)
	return q, wrap(err, "question %d", id)
}

// DeleteQuestion removes a question from the bank; a question a fixed paper holds is refused. The attempts
// that saw it keep its versions.
func (s *Service) DeleteQuestion(ctx context.Context, id int64) error {
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		q, err := s.question(ctx, tx, id)
		if err != nil {
			return err
		}
		var papers int
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM exam_paper_item WHERE question_id = ?`, id).Scan(&papers); err != nil {
			return err
		}
		if papers > 0 {
			return httpx.Fail("exam.question_used", papers)
		}
		if _, err := tx.Exec(ctx, `UPDATE exam_question SET state = 'deleted', updated_at = ? WHERE id = ?`, s.now().UTC(), id); err != nil {
			return err
		}
		return s.record(ctx, tx, audit.Change{Action: audit.Delete, TargetID: id, Target: clip(q.Stem, 40), Before: q})
	})
	return wrap(err, "delete question %d", id)
}

// recount sets an attempt's score, answers awaiting marking, state and pass from its items.
func recount(ctx context.Context, tx *db.Tx, attemptID int64) error {
	var score float64
	var pending int
	if err := tx.QueryRow(ctx, `SELECT COALESCE(SUM(score), 0), COALESCE(SUM(CASE WHEN review = 1 AND score IS NULL THEN 1 ELSE 0 END), 0)
		FROM exam_attempt_item WHERE attempt_id = ?`, attemptID).Scan(&score, &pending); err != nil {
		return err
	}
	var pass float64
	if err := tx.QueryRow(ctx, `SELECT e.pass_mark FROM exam_attempt a JOIN exam_exam e ON e.id = a.exam_id WHERE a.id = ?`, attemptID).Scan(&pass); err != nil {
		return err
	}
	state := AttemptMarked
	if pending > 0 {
		state = AttemptSubmitted
	}
	passed := db.Flag(pending == 0 && round2(score) >= pass)
	_, err := tx.Exec(ctx, `UPDATE exam_attempt SET score = ?, pending = ?, state = ?, passed = ? WHERE id = ? AND state <> 'open'`,
		round2(score), pending, state, passed, attemptID)
	return err
}

// importBatch writes checked questions, all or none; problems are reported against rows. It refuses duplicates
// of the bank and of each other.
func (s *Service) importQuestions(ctx context.Context, rows []importRow, rep *ImportReport, add func(row int, column, key string, args ...any), dryRun bool) error {
	norms := map[string]int{}
	courses := map[int64]bool{}
	if err := db.EachRow(ctx, s.db, `SELECT id FROM course`, nil, func(r db.Row) error {
		var id int64
		if err := r.Scan(&id); err != nil {
			return err
		}
		courses[id] = true
		return nil
	}); err != nil {
		return err
	}
	bank := map[string]int64{}
	if err := db.EachRow(ctx, s.db, `SELECT norm_stem, id FROM exam_question WHERE state = 'active'`, nil, func(r db.Row) error {
		var n string
		var id int64
		if err := r.Scan(&n, &id); err != nil {
			return err
		}
		bank[n] = id
		return nil
	}); err != nil {
		return err
	}
	var ok []checked
	bad := 0
	for _, r := range rows {
		if r.bad {
			bad++
			continue
		}
		c, err := validate(r.in)
		if err != nil {
			add(r.line, "", errKey(err), errArgs(err)...)
			bad++
			continue
		}
		if c.CourseID != 0 && !courses[c.CourseID] {
			add(r.line, "", "exam.course_not_found", c.CourseID)
			bad++
			continue
		}
		if id, dup := bank[c.norm]; dup {
			add(r.line, "", "exam.duplicate_bank", id)
			bad++
			continue
		}
		if at, dup := norms[c.norm]; dup {
			add(r.line, "", "exam.duplicate_file", at)
			bad++
			continue
		}
		norms[c.norm] = r.line
		ok = append(ok, c)
	}
	rep.Rows = len(rows)
	if bad > 0 || dryRun || len(ok) == 0 {
		return nil
	}
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		for _, c := range ok {
			if _, err := s.writeQuestion(ctx, tx, c); err != nil {
				return err
			}
		}
		return s.record(ctx, tx, audit.Change{Action: "import", Target: "题库导入", After: map[string]any{"added": len(ok)}})
	})
	if err != nil {
		return err
	}
	rep.Added, rep.Applied = len(ok), true
	return nil
}

func errKey(err error) string {
	if e, ok := err.(*httpx.Error); ok {
		return e.Key
	}
	return "exam.import_failed"
}

func errArgs(err error) []any {
	if e, ok := err.(*httpx.Error); ok {
		return e.Args
	}
	return nil
}

// BankCandidates are the active questions rules may draw.
func (s *Service) bankCandidates(ctx context.Context, q db.Querier) ([]Candidate, error) {
	var out []Candidate
	err := db.EachRow(ctx, q, `SELECT id, current_version, qtype, difficulty, tags, COALESCE(course_id, 0) FROM exam_question WHERE state = 'active' ORDER BY id`, nil,
		func(r db.Row) error {
			var c Candidate
			if err := r.Scan(&c.ID, &c.VersionID, &c.Type, &c.Diff, &c.Tags, &c.CourseID); err != nil {
				return err
			}
			out = append(out, c)
			return nil
		})
	return out, err
}

var _ = time.Now
