package library

import (
	"biddesk/internal/org"
	"database/sql"
	"encoding/json"
	"strconv"
	"time"
)

// Review statuses of a record.
const (
	StatusDraft     = "draft"
	StatusPending   = "pending"
	StatusPublished = "published"
	StatusRejected  = "rejected"
)

// States of a CA key and of a message to-do.
const (
	StateIn     = "in"
	StateLent   = "lent"
	StateUnread = "unread"
	StateRead   = "read"
)

// Expiry marks of a record with an expiry date.
const (
	ExpiryExpired  = "expired"
	ExpiryExpiring = "expiring"
)

// Tag is a tag of the tag set.
type Tag struct {
	ID    int64  `json:"id"`
	Name  string `json:"name"`
	Color string `json:"color"`
}

// FileRef is a file linked to a record.
type FileRef struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
	Role string `json:"-"`
	URL  string `json:"url"`
}

// DownPath is the download call of a linked file (internal/files serves it).
const DownPath = "/api/sys/common/file/down"

// Record is one record of any type. Its JSON is flat: the shared metadata, then every field of the type
// by its key (a unit or an employee also with <key>Name, files and tags as lists).
type Record struct {
	ID            int64
	Type          *Type
	cols          map[string]any // shared column -> value (string, *float64, int, int64)
	Data          map[string]any
	Status        string
	State         string
	UnitName      string
	EmployeeName  string
	AssigneeName  string
	AssigneeLogin string
	ReviewReason  string
	CreatedBy     int64
	CreatedName   string
	CreatedAt     time.Time
	UpdatedAt     time.Time
	ReviewedAt    *time.Time
	Tags          []Tag
	Files         []FileRef
	// Expiry is expired or expiring (within the warning days) for a type with expiry dates; DaysLeft the
	// days until valid_to (negative once past).
	Expiry   string
	DaysLeft *int
	// Downloads counts the downloads of the record's files (read by the portal calls only).
	Downloads int64
	// Masked lists the fields masked for an external account (maskPersonal); nil otherwise.
	Masked []string
	// Social is an expert's continuous social-security months by city (social.go); nil for other types and for
	// reads that do not ask (the expert list and record fill it).
	Social []SocialRun
}

// Value returns the stored value of a field (a shared column or the data JSON).
func (r *Record) Value(f *Field) any {
	if f.Column != "" {
		return r.cols[f.Column]
	}
	return r.Data[f.Key]
}

// Text returns a field's value as text ("" when empty).
func (r *Record) Text(f *Field) string {
	switch v := r.Value(f).(type) {
	case nil:
		return ""
	case string:
		return v
	case *float64:
		if v == nil {
			return ""
		}
		return strconv.FormatFloat(*v, 'f', -1, 64)
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64)
	case int:
		return strconv.Itoa(v)
	case int64:
		return strconv.FormatInt(v, 10)
	}
	b, _ := json.Marshal(r.Value(f))
	return string(b)
}

// Title is the record's display name.
func (r *Record) Title() string { s, _ := r.cols[ColTitle].(string); return s }

// ValidTo is the record's valid_to date ("" when none).
func (r *Record) ValidTo() string { s, _ := r.cols[ColTo].(string); return s }

// ValidFrom is the record's valid_from column (a validity's or a service period's start).
func (r *Record) ValidFrom() string { s, _ := r.cols[ColFrom].(string); return s }

// Code is the record's code column (licence number, key number, ...).
func (r *Record) Code() string { s, _ := r.cols[ColCode].(string); return s }

// EmployeeCode is the record's holder or custodian employee.
func (r *Record) EmployeeCode() string { s, _ := r.cols[ColEmployee].(string); return s }

// UnitCode is the record's unit.
func (r *Record) UnitCode() string { s, _ := r.cols[ColUnit].(string); return s }

func (r *Record) filesOf(role string) []FileRef {
	out := []FileRef{}
	for _, f := range r.Files {
		if f.Role == role {
			out = append(out, f)
		}
	}
	return out
}

// MarshalJSON writes the flat shape the browser and the business log read.
func (r *Record) MarshalJSON() ([]byte, error) {
	out := map[string]any{
		"id": r.ID, "type": r.Type.Key, "status": r.Status, "state": r.State, "reviewReason": r.ReviewReason,
		"createdBy": r.CreatedBy, "createdByName": r.CreatedName, "createdAt": r.CreatedAt, "updatedAt": r.UpdatedAt,
		"reviewedAt": r.ReviewedAt,
	}
	if r.Type.Expiry {
		out["expiry"] = r.Expiry
		out["daysLeft"] = r.DaysLeft
	}
	for i := range r.Type.Fields {
		f := &r.Type.Fields[i]
		switch f.Kind {
		case KindFiles:
			out[f.Key] = r.filesOf(f.Role)
		case KindTags:
			if r.Tags == nil {
				out[f.Key] = []Tag{}
			} else {
				out[f.Key] = r.Tags
			}
		case KindUnit:
			out[f.Key] = r.Value(f)
			out[f.Key+"Name"] = r.UnitName
		case KindEmployee:
			out[f.Key] = r.Value(f)
			out[f.Key+"Name"] = r.EmployeeName
		case KindUser:
			out[f.Key] = r.Value(f)
			out[f.Key+"Name"] = r.AssigneeName
			out[f.Key+"Login"] = r.AssigneeLogin
		default:
			v := r.Value(f)
			if p, ok := v.(*float64); ok {
				if p == nil {
					v = nil
				} else {
					v = *p
				}
			}
			out[f.Key] = v
		}
	}
	if r.Social != nil {
		out["social"] = r.Social
	}
	if r.Masked != nil {
		out["masked"] = r.Masked
		delete(out, "createdBy")
		delete(out, "createdByName")
		delete(out, "reviewReason")
	}
	return json.Marshal(out)
}

// recordSelect reads a record with the names of its unit, employee, recipient and creator.
var recordSelect = `r.id, r.type, r.title, r.code, r.category, r.holder, r.unit_code, COALESCE(` + org.LabelSQL("u") + `, ''), r.employee_code,
	COALESCE(e.name, ''), r.amount, r.record_date, r.valid_from, r.valid_to, r.status, r.state, r.pinned, COALESCE(r.assignee_id, 0),
	COALESCE(au.user_name, ''), COALESCE(au.login_code, ''), r.data, r.review_reason, COALESCE(r.created_by, 0), COALESCE(cu.user_name, ''), r.created_at,
	r.updated_at, r.reviewed_at`

const recordFrom = `lib_record r LEFT JOIN org_unit u ON u.full_unit_code = r.unit_code AND r.unit_code <> ''
	LEFT JOIN employee e ON e.code = r.employee_code AND r.employee_code <> ''
	LEFT JOIN sys_user au ON au.id = r.assignee_id LEFT JOIN sys_user cu ON cu.id = r.created_by`

func scanRecord(row interface{ Scan(...any) error }) (*Record, error) {
	var r Record
	var typ, title, code, category, holder, unitCode, employee, data string
	var amount sql.NullFloat64
	var recDate, from, to sql.NullString
	var pinned int
	var assignee int64
	var reviewed sql.NullTime
	if err := row.Scan(&r.ID, &typ, &title, &code, &category, &holder, &unitCode, &r.UnitName, &employee, &r.EmployeeName, &amount,
		&recDate, &from, &to, &r.Status, &r.State, &pinned, &assignee, &r.AssigneeName, &r.AssigneeLogin, &data, &r.ReviewReason, &r.CreatedBy,
		&r.CreatedName, &r.CreatedAt, &r.UpdatedAt, &reviewed); err != nil {
		return nil, err
	}
	r.Type = TypeOf(typ)
	if r.Type == nil {
		r.Type = &Type{Key: typ}
	}
	var amt *float64
	if amount.Valid {
		v := amount.Float64
		amt = &v
	}
	r.cols = map[string]any{ColTitle: title, ColCode: code, ColCategory: category, ColHolder: holder, ColUnit: unitCode,
		ColEmployee: employee, ColAmount: amt, ColDate: recDate.String, ColFrom: from.String, ColTo: to.String, ColState: r.State,
		ColPinned: pinned, ColAssignee: assignee}
	if f := r.Type.column(ColAmount); f != nil && f.Kind == KindNumber && amt != nil {
		r.cols[ColAmount] = int64(*amt)
	}
	if f := r.Type.column(ColAssignee); f == nil || assignee == 0 {
		r.cols[ColAssignee] = nil
	}
	r.Data = map[string]any{}
	if data != "" {
		if err := json.Unmarshal([]byte(data), &r.Data); err != nil {
			return nil, err
		}
	}
	r.CreatedAt, r.UpdatedAt = r.CreatedAt.UTC(), r.UpdatedAt.UTC()
	if reviewed.Valid {
		t := reviewed.Time.UTC()
		r.ReviewedAt = &t
	}
	return &r, nil
}

// markExpiry sets Expiry and DaysLeft from valid_to, today and the warning days.
func (r *Record) markExpiry(today time.Time, warnDays int) {
	r.Expiry, r.DaysLeft = "", nil
	if !r.Type.Expiry || r.ValidTo() == "" {
		return
	}
	to, err := time.Parse(dateLayout, r.ValidTo())
	if err != nil {
		return
	}
	days := int(to.Sub(today).Hours() / 24)
	r.DaysLeft = &days
	switch {
	case days < 0:
		r.Expiry = ExpiryExpired
	case days <= warnDays:
		r.Expiry = ExpiryExpiring
	}
}

const dateLayout = "2006-01-02"

// Today is the date in the server's time zone, at midnight UTC (dates carry no zone).
func Today(now time.Time) time.Time {
	y, m, d := now.Local().Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

var jsonMarshal = json.Marshal

// RecordView describes what a Record writes (MarshalJSON): the fields every record has, then every field
// of its type by its key (units, employees and recipients also as <key>Name; files as [{id,name,url}];
// tags as [{id,name,color}]; docs/library.md lists them).
type RecordView struct {
	ID            int64       `json:"id"`
	Type          string      `json:"type"`
	Status        string      `json:"status" doc:"draft, pending, published or rejected"`
	State         string      `json:"state,omitempty" doc:"a CA key's in/lent, a message's unread/read"`
	ReviewReason  string      `json:"reviewReason,omitempty"`
	CreatedBy     int64       `json:"createdBy,omitempty"`
	CreatedByName string      `json:"createdByName,omitempty"`
	CreatedAt     time.Time   `json:"createdAt,omitzero"`
	UpdatedAt     time.Time   `json:"updatedAt,omitzero"`
	ReviewedAt    *time.Time  `json:"reviewedAt,omitempty"`
	Expiry        string      `json:"expiry,omitempty" doc:"expired, expiring or empty (types with expiry dates)"`
	DaysLeft      *int        `json:"daysLeft,omitempty" doc:"days until validTo, negative once past (types with expiry dates)"`
	Social        []SocialRun `json:"social,omitempty" doc:"experts: continuous social-security months by city, longest first, up to socialUpTo (default last month)"`
}

func (Record) OpenAPIAs() any          { return RecordView{} }
func (RecordView) OpenAPIName() string { return "LibRecord" }
func (RecordView) OpenAPIOpen()        {}
