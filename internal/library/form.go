package library

import (
	"encoding/json"
	"errors"
	"math"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/validate"
)

// values is where a form's fields come from: a request (httpx.Input) or an import row.
type values interface {
	Has(name string) bool
	String(name string) string
	Strings(name string) []string
	Decode(name string, v any) error
}

// fileIn is a file a form links, with its role and place.
type fileIn struct {
	id   int64
	role string
	sort int
}

// Form is a record's fields as sent, checked for their own rules (references to dictionaries, units,
// employees, tags, accounts and files are checked by the service).
type Form struct {
	Type   *Type
	cols   map[string]any
	data   map[string]any
	tagIDs []int64
	files  []fileIn
	// Draft keeps a non-administrator's record out of review until it is submitted.
	Draft bool
	// kept lists the secret fields sent back as Masked: an edit keeps their stored values (keepSecrets).
	kept []string
}

// Default length limits when a text field names none.
const (
	defaultTextMax     = 200
	defaultTextareaMax = 2000
	maxRows            = 50
)

// fieldError names the field a check failed for: "<label>: <message>" in the caller's language.
func fieldError(lang string, f *Field, err error) error {
	var he *httpx.Error
	if !errors.As(err, &he) {
		return err
	}
	return httpx.Fail("lib.field", httpx.Translate(lang, f.Label), httpx.Translate(lang, he.Key, he.Args...))
}

// readForm reads and checks the fields of t from v. Read-only fields are ignored.
func readForm(t *Type, v values, lang string) (*Form, error) {
	f := &Form{Type: t, cols: map[string]any{}, data: map[string]any{}, Draft: boolText(v.String("draft"))}
	for i := range t.Fields {
		fd := &t.Fields[i]
		if fd.ReadOnly {
			continue
		}
		if err := f.read(fd, v); err != nil {
			return nil, fieldError(lang, fd, err)
		}
	}
	if err := f.checkPeriod(lang); err != nil {
		return nil, err
	}
	return f, nil
}

func boolText(s string) bool {
	b, _ := strconv.ParseBool(strings.TrimSpace(s))
	return b
}

func (f *Form) set(fd *Field, val any) {
	if fd.Column != "" {
		f.cols[fd.Column] = val
	} else if val != nil && val != "" {
		f.data[fd.Key] = val
	}
}

func (f *Form) read(fd *Field, v values) error {
	switch fd.Kind {
	case KindTags:
		ids, err := idList(v.Strings(fd.Key), fd.Key)
		if err != nil {
			return err
		}
		if fd.Required && len(ids) == 0 {
			return httpx.Fail("lib.required")
		}
		f.tagIDs = ids
		return nil
	case KindFiles:
		ids, err := fileIDs(v, fd.Key)
		if err != nil {
			return err
		}
		if fd.Required && len(ids) == 0 {
			return httpx.Fail("lib.required")
		}
		if fd.MaxFiles > 0 && len(ids) > fd.MaxFiles {
			return httpx.Fail("lib.too_many_files", fd.MaxFiles)
		}
		for i, id := range ids {
			f.files = append(f.files, fileIn{id: id, role: fd.Role, sort: i})
		}
		return nil
	case KindRows:
		rows, err := readRows(fd, v)
		if err != nil {
			return err
		}
		if fd.Required && len(rows) == 0 {
			return httpx.Fail("lib.required")
		}
		if len(rows) > 0 {
			f.data[fd.Key] = rows
		}
		return nil
	}
	// a single value (the lists above are arrays, which are not text)
	raw := strings.TrimSpace(v.String(fd.Key))
	if fd.Secret && raw == Masked {
		f.kept = append(f.kept, fd.Key) // the masked value a reader was shown, sent back unchanged
		return nil
	}
	if raw == "" {
		if fd.Required {
			return httpx.Fail("lib.required")
		}
		f.set(fd, emptyOf(fd))
		return nil
	}
	val, err := scalar(fd, raw)
	if err != nil {
		return err
	}
	f.set(fd, val)
	return nil
}

// emptyOf is what an empty field stores: NULL for dates, numbers and accounts, 0 for a switch, "" for text.
func emptyOf(fd *Field) any {
	switch fd.Kind {
	case KindDate, KindNumber, KindMoney, KindUser:
		return nil
	case KindSwitch:
		return 0
	}
	return ""
}

// scalar checks one non-empty value of a field and returns what is stored.
func scalar(fd *Field, raw string) (any, error) {
	switch fd.Kind {
	case KindText, KindTextarea:
		max := fd.Max
		if max == 0 {
			max = defaultTextMax
			if fd.Kind == KindTextarea {
				max = defaultTextareaMax
			}
		}
		if err := validate.MaxLength(raw, max); err != nil {
			return nil, err
		}
		if err := checkPattern(fd.Pattern, raw); err != nil {
			return nil, err
		}
		return raw, nil
	case KindRich:
		clean := SanitizeHTML(raw)
		if err := validate.MaxLength(clean, fd.Max); fd.Max > 0 && err != nil {
			return nil, err
		}
		if strings.TrimSpace(htmlText(clean)) == "" && !strings.Contains(clean, "<img") {
			if fd.Required {
				return nil, httpx.Fail("lib.required")
			}
			return "", nil
		}
		return clean, nil
	case KindNumber:
		if err := amount(raw, 0, fd.Max); err != nil {
			return nil, err
		}
		n, err := validate.WholeNumber(raw)
		if err != nil {
			return nil, err
		}
		return float64(n), nil
	case KindMoney:
		raw = validate.Ungroup(raw) // 1,280,000.00 as a spreadsheet shows it; 1,2,3 stays and is refused
		if err := amount(raw, 2, fd.Max); err != nil {
			return nil, err
		}
		n, err := validate.Decimal(raw)
		if err != nil {
			return nil, err
		}
		return math.Round(n*100) / 100, nil
	case KindDate:
		return parseDate(raw)
	case KindDict, KindEmployee, KindUnit:
		if err := validate.MaxLength(raw, 64); err != nil {
			return nil, err
		}
		return raw, nil
	case KindUser:
		// an account id, or its login code (what the user choice control holds)
		if id, err := strconv.ParseInt(raw, 10, 64); err == nil && id > 0 {
			return id, nil
		}
		if !validate.LoginCode(raw) {
			return nil, httpx.Fail("lib.bad_user")
		}
		return raw, nil
	case KindSwitch:
		switch raw {
		case "1", "true":
			return 1, nil
		case "0", "false":
			return 0, nil
		}
		return nil, httpx.Fail("lib.bad_switch")
	}
	return raw, nil
}

// amount applies spec section 5's number checks: at most decimals places, not negative, not above max (0: none).
func amount(raw string, decimals, max int) error {
	if err := validate.Decimals(raw, decimals); err != nil {
		return err
	}
	if err := validate.NonNegative(raw); err != nil {
		return err
	}
	if max > 0 {
		return validate.Max(raw, float64(max))
	}
	return nil
}

func checkPattern(kind, s string) error {
	switch kind {
	case "":
		return nil
	case "url":
		if !validate.LinkURL(s) {
			return httpx.Fail("lib.bad_url")
		}
		return nil
	case PatternIDCard:
		_, err := validate.IDCard(s)
		return err
	}
	return validate.Pattern(kind, s)
}

// dateLayouts are the forms a date may take: the form's, and what spreadsheets commonly show.
var dateLayouts = []string{dateLayout, "2006/1/2", "2006-1-2", "2006.1.2", "2006年1月2日", time.RFC3339}

// parseDate reads a date as YYYY-MM-DD: a day that exists, of a year validate.Date allows.
func parseDate(s string) (string, error) {
	// a spreadsheet serial day number (days since 1899-12-30)
	if n, err := validate.WholeNumber(s); err == nil && n > 0 && n < 200000 {
		t := time.Date(1899, 12, 30, 0, 0, 0, 0, time.UTC).AddDate(0, 0, int(n))
		return t.Format(dateLayout), validate.Year(t)
	}
	t, err := validate.Date(s, dateLayouts...)
	if err != nil {
		return "", err
	}
	return t.Format(dateLayout), nil
}

// checkPeriod refuses an end (valid_to) before the start (valid_from) of the type's period: a licence's validity,
// a contract's service period, an announcement's publication.
func (f *Form) checkPeriod(lang string) error {
	from, _ := f.cols[ColFrom].(string)
	to, _ := f.cols[ColTo].(string)
	if from == "" || to == "" || to >= from {
		return nil
	}
	fromField, toField := f.Type.column(ColFrom), f.Type.column(ColTo)
	return fieldError(lang, toField, httpx.Fail("lib.before_start", httpx.Msg(fromField.Label)))
}

func idList(raw []string, name string) ([]int64, error) {
	var out []int64
	seen := map[int64]bool{}
	for _, v := range raw {
		for _, part := range strings.Split(v, ",") {
			part = strings.TrimSpace(part)
			if part == "" {
				continue
			}
			id, err := httpx.ParseID(name, part)
			if err != nil {
				return nil, err
			}
			if !seen[id] {
				seen[id] = true
				out = append(out, id)
			}
		}
	}
	return out, nil
}

// fileIDs reads a files field: ids, or the file objects the upload control keeps ({id, ...}).
func fileIDs(v values, key string) ([]int64, error) {
	var objs []struct {
		ID json.Number `json:"id"`
	}
	if err := v.Decode(key, &objs); err == nil && len(objs) > 0 {
		raw := make([]string, 0, len(objs))
		for _, o := range objs {
			raw = append(raw, o.ID.String())
		}
		return idList(raw, key)
	}
	return idList(v.Strings(key), key)
}

// readRows reads a table of sub-fields (JSON array of objects).
func readRows(fd *Field, v values) ([]map[string]any, error) {
	var in []map[string]any
	if err := v.Decode(fd.Key, &in); err != nil {
		return nil, err
	}
	if len(in) > maxRows {
		return nil, httpx.Fail("lib.too_many_rows", maxRows)
	}
	out := []map[string]any{}
	for _, row := range in {
		rec := map[string]any{}
		blank := true
		for i := range fd.Columns {
			c := &fd.Columns[i]
			raw := strings.TrimSpace(textOf(row[c.Key]))
			if raw == "" {
				continue
			}
			blank = false
			val, err := scalar(c, raw)
			if err != nil {
				return nil, err
			}
			rec[c.Key] = val
		}
		if blank {
			continue
		}
		for i := range fd.Columns {
			if c := &fd.Columns[i]; c.Required && rec[c.Key] == nil {
				return nil, httpx.Fail("lib.row_required", len(out)+1)
			}
		}
		out = append(out, rec)
	}
	return out, nil
}

func textOf(v any) string {
	switch t := v.(type) {
	case nil:
		return ""
	case string:
		return t
	case float64:
		return strconv.FormatFloat(t, 'f', -1, 64)
	case bool:
		return strconv.FormatBool(t)
	}
	return ""
}

// searchText is what the keyword search reads: the title, code, holder and the type's text fields
// (and the text of its rows), lower-cased and bounded.
func (f *Form) searchText() string {
	var parts []string
	add := func(s string) {
		if s = strings.TrimSpace(s); s != "" {
			parts = append(parts, s)
		}
	}
	for _, c := range []string{ColTitle, ColCode, ColHolder} {
		s, _ := f.cols[c].(string)
		add(s)
	}
	for i := range f.Type.Fields {
		fd := &f.Type.Fields[i]
		switch {
		case fd.Column == "" && fd.Kind == KindText && !fd.Secret:
			s, _ := f.data[fd.Key].(string)
			add(s)
		case fd.Kind == KindRows:
			rows, _ := f.data[fd.Key].([]map[string]any)
			for _, r := range rows {
				for _, c := range fd.Columns {
					if c.Kind == KindText {
						s, _ := r[c.Key].(string)
						add(s)
					}
				}
			}
		}
	}
	s := strings.ToLower(strings.Join(parts, " "))
	if utf8.RuneCountInString(s) > 2000 {
		s = string([]rune(s)[:2000])
	}
	return s
}

// derive fills the columns a type computes: an expert's first expiry is the earliest validity of the
// qualifications.
func (f *Form) derive() {
	if f.Type.Messages {
		if k, _ := f.cols[ColCategory].(string); k == "" {
			f.cols[ColCategory] = MsgNotice // a message written in the library's form
		}
		return
	}
	if f.Type.Key != TypeExpert {
		return
	}
	// the gender follows from the ID card number (spec section 5): 1 male, 2 female (the dictionary gender)
	delete(f.data, "gender")
	if id, _ := f.data["idNumber"].(string); id != "" {
		if info, err := validate.IDCard(id); err == nil {
			f.data["gender"] = map[string]string{validate.Male: "1", validate.Female: "2"}[info.Gender]
		}
	}
	rows, _ := f.data["qualifications"].([]map[string]any)
	first := ""
	for _, r := range rows {
		if d, _ := r["validTo"].(string); d != "" && (first == "" || d < first) {
			first = d
		}
	}
	if first == "" {
		f.cols[ColTo] = nil
	} else {
		f.cols[ColTo] = first
	}
}
