package exam

import (
	"context"
	"encoding/json"
	"regexp"
	"strconv"
	"strings"

	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/sheet"
)

// importRow is a question read from a sheet row or a pasted block; bad when reading it already failed.
type importRow struct {
	line int
	in   QuestionIn
	bad  bool
}

// optionKeys are the option columns of the template.
var optionKeys = []string{"A", "B", "C", "D", "E", "F", "G", "H"}

// bankSheet is the import template's sheet.
var bankSheet = func() sheet.Def {
	cols := []sheet.Column{
		{Key: "type", Title: "exam.col.type", Required: true, Max: 10, Example: "单选"},
		{Key: "stem", Title: "exam.col.stem", Required: true, Max: 4000, Example: "投标保证金一般不得超过招标项目估算价的（  ）。"},
	}
	examples := map[string]string{"A": "1%", "B": "2%", "C": "3%", "D": "5%"}
	for _, k := range optionKeys {
		cols = append(cols, sheet.Column{Key: "opt" + k, Title: "exam.col.opt" + k, Max: 1000, Example: examples[k]})
	}
	return sheet.Def{Name: "exam.sheet.bank", MaxRows: 10_000, Columns: append(cols,
		sheet.Column{Key: "answer", Title: "exam.col.answer", Required: true, Max: 2000, Example: "B"},
		sheet.Column{Key: "explanation", Title: "exam.col.explanation", Max: 4000, Example: "《招标投标法实施条例》第二十六条：不得超过2%。"},
		sheet.Column{Key: "difficulty", Title: "exam.col.difficulty", Max: 2, Example: "2"},
		sheet.Column{Key: "tags", Title: "exam.col.tags", Max: 300, Example: "招标投标法,保证金"},
		sheet.Column{Key: "course", Title: "exam.col.course", Max: 20, Example: ""},
	)}
}()

// typeNames reads a type as people write it.
var typeNames = map[string]string{
	"单选": TypeSingle, "单选题": TypeSingle, "单项选择": TypeSingle, "单项选择题": TypeSingle, "single": TypeSingle,
	"多选": TypeMultiple, "多选题": TypeMultiple, "多项选择": TypeMultiple, "多项选择题": TypeMultiple, "multiple": TypeMultiple,
	"判断": TypeJudge, "判断题": TypeJudge, "judge": TypeJudge, "true/false": TypeJudge,
	"填空": TypeFill, "填空题": TypeFill, "fill": TypeFill, "fill-in": TypeFill,
	"简答": TypeShort, "简答题": TypeShort, "问答": TypeShort, "short": TypeShort,
}

var judgeNames = map[string]bool{"对": true, "正确": true, "√": true, "true": true, "t": true, "是": true, "y": true,
	"错": false, "错误": false, "×": false, "false": false, "f": false, "否": false, "n": false}

// cellAnswer turns an answer cell into the key's JSON for type t: single "B"; multiple "ACD" or "A,C,D"; judge
// 对/错 (正确/错误, √/×, true/false); fill blanks split by | and each blank's alternatives by ; (full-width too);
// short the text. ok false when the cell cannot be read as the type's answer.
func cellAnswer(t, cell string) (json.RawMessage, bool) {
	cell = strings.TrimSpace(cell)
	if cell == "" {
		return nil, false
	}
	switch t {
	case TypeSingle:
		return json.RawMessage(jsonText(strings.ToUpper(Normalise(cell)))), true
	case TypeMultiple:
		var keys []string
		for _, r := range strings.ToUpper(Normalise(cell)) {
			if r >= 'A' && r <= 'Z' {
				keys = append(keys, string(r))
			} else if !strings.ContainsRune(",，、;；/", r) {
				return nil, false
			}
		}
		return json.RawMessage(jsonText(keys)), len(keys) > 0
	case TypeJudge:
		v, ok := judgeNames[Normalise(cell)]
		return json.RawMessage(jsonText(v)), ok
	case TypeFill:
		cell = strings.NewReplacer("｜", "|", "；", ";").Replace(cell)
		var blanks [][]string
		for _, b := range strings.Split(cell, "|") {
			var alts []string
			for _, a := range strings.Split(b, ";") {
				if a = strings.TrimSpace(a); a != "" {
					alts = append(alts, a)
				}
			}
			if len(alts) == 0 {
				return nil, false
			}
			blanks = append(blanks, alts)
		}
		return json.RawMessage(jsonText(blanks)), true
	case TypeShort:
		return json.RawMessage(jsonText(cell)), true
	}
	return nil, false
}

// rowQuestion builds the question of a row's values (the sheet's keys); problems go to add.
func rowQuestion(line int, get func(string) string, add func(row int, column, key string, args ...any)) importRow {
	r := importRow{line: line}
	t, ok := typeNames[strings.ToLower(strings.TrimSpace(get("type")))]
	if !ok {
		add(line, "exam.col.type", "exam.type_bad", get("type"))
		r.bad = true
		return r
	}
	r.in = QuestionIn{Type: t, Stem: get("stem"), Explanation: get("explanation")}
	if t == TypeSingle || t == TypeMultiple {
		for _, k := range optionKeys {
			if v := get("opt" + k); v != "" {
				r.in.Options = append(r.in.Options, Option{Key: k, Text: v})
			}
		}
	}
	if get("answer") == "" {
		add(line, "exam.col.answer", "exam.answer_missing")
		r.bad = true
		return r
	}
	ans, ok := cellAnswer(t, get("answer"))
	if !ok {
		add(line, "exam.col.answer", "exam.answer_bad", httpx.Msg("exam.type."+t))
		r.bad = true
		return r
	}
	r.in.Answer = ans
	if d := get("difficulty"); d != "" {
		n, err := strconv.Atoi(d)
		if err != nil {
			add(line, "exam.col.difficulty", "exam.difficulty_bad")
			r.bad = true
			return r
		}
		r.in.Difficulty = n
	}
	if tg := get("tags"); tg != "" {
		r.in.Tags = strings.FieldsFunc(tg, func(c rune) bool { return c == ',' || c == '，' || c == '、' || c == ';' || c == '；' })
	}
	if c := get("course"); c != "" {
		n, err := strconv.ParseInt(c, 10, 64)
		if err != nil || n <= 0 {
			add(line, "exam.col.course", "exam.course_not_found", c)
			r.bad = true
			return r
		}
		r.in.CourseID = n
	}
	return r
}

var (
	pasteHead   = regexp.MustCompile(`^\s*(?:\d+\s*[.、．)]\s*)?[\[【]\s*([^\]】]+?)\s*[\]】]\s*(.*)$`)
	pasteOption = regexp.MustCompile(`^\s*([A-Ha-h])\s*[.、．):：]\s*(.*)$`)
	pasteField  = regexp.MustCompile(`^\s*(答案|解析|难度|知识点|课程|answer|explanation|difficulty|tags|course)\s*[:：]\s*(.*)$`)
)

var pasteFields = map[string]string{"答案": "answer", "answer": "answer", "解析": "explanation", "explanation": "explanation",
	"难度": "difficulty", "difficulty": "difficulty", "知识点": "tags", "tags": "tags", "课程": "course", "course": "course"}

// parsePaste reads the plain-text paste format: questions apart by blank lines, each
//
//  1. [单选] 题干
//     A. 选项
//     B. 选项
//     答案：B
//     解析：…（optional: 难度：1-5，知识点：a,b，课程：id）
//
// A question's row is its number in the paste (1 the first).
func parsePaste(textIn string, add func(row int, column, key string, args ...any)) []importRow {
	var rows []importRow
	blocks := regexp.MustCompile(`\r?\n\s*\r?\n`).Split(strings.TrimSpace(strings.ReplaceAll(textIn, "\r\n", "\n")), -1)
	for i, b := range blocks {
		if strings.TrimSpace(b) == "" {
			continue
		}
		n := len(rows) + 1
		lines := strings.Split(b, "\n")
		m := pasteHead.FindStringSubmatch(lines[0])
		if m == nil {
			add(n, "exam.col.type", "exam.paste_head")
			rows = append(rows, importRow{line: n, bad: true})
			continue
		}
		vals := map[string]string{"type": m[1], "stem": m[2]}
		field := "stem"
		for _, l := range lines[1:] {
			if f := pasteField.FindStringSubmatch(l); f != nil {
				field = pasteFields[strings.ToLower(f[1])]
				vals[field] = strings.TrimSpace(f[2])
				continue
			}
			if o := pasteOption.FindStringSubmatch(l); o != nil && field != "explanation" {
				field = "opt" + strings.ToUpper(o[1])
				vals[field] = strings.TrimSpace(o[2])
				continue
			}
			vals[field] = strings.TrimSpace(vals[field] + "\n" + strings.TrimSpace(l))
		}
		_ = i
		rows = append(rows, rowQuestion(n, func(k string) string { return vals[k] }, add))
	}
	return rows
}

// ImportPaste imports the paste format's questions: all or nothing; dryRun only checks.
func (s *Service) ImportPaste(ctx context.Context, lang, textIn string, dryRun bool) (*ImportReport, error) {
	problems := sheet.NewProblems(lang)
	add := func(row int, column, key string, args ...any) {
		problems.Add("", row, httpx.Translate(lang, column), key, args...)
	}
	rows := parsePaste(textIn, add)
	rep := &ImportReport{DryRun: dryRun}
	if len(rows) == 0 {
		add(0, "", "exam.paste_empty")
	}
	if err := s.importQuestions(ctx, rows, rep, add, dryRun || !problems.Empty()); err != nil {
		return nil, wrap(err, "import paste")
	}
	if !problems.Empty() {
		rep.Added, rep.Applied = 0, false
	}
	rep.Problems = problems.List
	return rep, nil
}

// ImportSheet imports the rows of an uploaded workbook's bank sheet: all or nothing; dryRun only checks.
func (s *Service) ImportSheet(ctx context.Context, lang string, rows []sheet.Row, problems *sheet.Problems, dryRun bool) (*ImportReport, error) {
	label := httpx.Translate(lang, bankSheet.Name)
	add := func(row int, column, key string, args ...any) {
		problems.Add(label, row, httpx.Translate(lang, column), key, args...)
	}
	var list []importRow
	for _, r := range rows {
		if problems.Flagged(r.Line) {
			list = append(list, importRow{line: r.Line, bad: true})
			continue
		}
		list = append(list, rowQuestion(r.Line, r.Get, add))
	}
	rep := &ImportReport{DryRun: dryRun}
	if err := s.importQuestions(ctx, list, rep, add, dryRun || !problems.Empty()); err != nil {
		return nil, wrap(err, "import sheet")
	}
	if !problems.Empty() {
		rep.Added, rep.Applied = 0, false
	}
	rep.Problems = problems.List
	return rep, nil
}
