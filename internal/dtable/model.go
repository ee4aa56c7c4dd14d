// Package dtable holds the dynamic tables of /dtable: tables an administrator defines (fields described
// by the spec's dynamic-form field descriptor, section 3) and BidDesk creates for real.
//
// Nothing from input ever becomes an identifier: a table is dt_<id> and a column c_<n>, both numbers
// the service chose; a field's fieldName is only a key of the JSON the clients exchange, checked
// against a strict pattern, and its values always travel as bound parameters.
package dtable

import (
	"context"
	"regexp"
	"strconv"
	"time"
)

// Screen is the menu code of /dtable and the function code that defines tables.
const Screen = "dtable"

// Field types (the descriptor's type) and widgets (its showType).
const (
	TypeInt      = "int"
	TypeVarchar  = "varchar"
	TypeDatetime = "datetime"
	// TypeMoney is an exact amount of yuan with at most two decimals, stored as whole cents (BIGINT) and
	// answered as text ("1234.50"), never a float.
	TypeMoney = "money"
	// TypeDate is a date without time, stored and answered as text YYYY-MM-DD (no time zone to shift it).
	TypeDate = "date"

	SingleOrgan    = "single_organ_choice"
	MultipleOrgan  = "multiple_organ_choice"
	SingleUser     = "single_user_choice"
	MultipleUser   = "multiple_user_choice"
	OrganSeparator = "-" // multi-select organisation codes (spec section 3)
	ListSeparator  = "," // multi-select user codes, names and dictionary values
)

// Limits.
const (
	MaxFields     = 60
	MaxNameLen    = 50
	MaxRemarkLen  = 500
	MaxTextLen    = 2000 // a varchar value
	MaxChoices    = 200  // codes in one multi-select value
	MaxSafeInt    = 1<<53 - 1
	MaxRoles      = 100
	MaxImportRows = 5000
)

// fieldNamePattern: the key of a field in the clients' JSON; it never reaches SQL.
var fieldNamePattern = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]{0,39}$`)

// reservedNames are keys a row already uses.
var reservedNames = map[string]bool{"id": true, "createdAt": true, "updatedAt": true, "labels": true}

// Field is one field of a table: the spec's descriptor plus what the screen needs.
type Field struct {
	ID            int64  `json:"id"`
	FieldName     string `json:"fieldName"`
	Name          string `json:"name"`
	Type          string `json:"type" enum:"int,varchar,datetime,money,date"`
	ShowType      string `json:"showType"`
	IsDict        int    `json:"isDict"`
	DictGroupCode string `json:"dictGroupCode"`
	ChoiceSingle  int    `json:"choiceSingle"`
	Required      int    `json:"required"`
	Unique        int    `json:"unique"`
	DefaultValue  string `json:"defaultValue"`
	InList        int    `json:"inList"`
	Searchable    int    `json:"searchable"`
	Sortable      int    `json:"sortable"`
	Sort          int    `json:"sort"`
	// Removed: the field was taken off the table; its column and data stay until the removal is
	// confirmed (purge).
	Removed int `json:"removed"`

	col int
}

// column is the generated column name of a field.
func (f Field) column() string { return "c_" + strconv.Itoa(f.col) }

// textSearched: a searched plain text field, whose filter is "contains" (list.Text).
func (f Field) textSearched() bool {
	return f.Searchable == 1 && f.Type == TypeVarchar && !f.organ() && !f.user() && f.IsDict == 0
}

func (f Field) organ() bool { return f.ShowType == SingleOrgan || f.ShowType == MultipleOrgan }
func (f Field) user() bool  { return f.ShowType == SingleUser || f.ShowType == MultipleUser }
func (f Field) multi() bool {
	switch f.ShowType {
	case MultipleOrgan, MultipleUser:
		return true
	case SingleOrgan, SingleUser:
		return false
	}
	return f.IsDict == 1 && f.ChoiceSingle == 0
}

// Table is a definition as the designer sees it.
type Table struct {
	ID         int64     `json:"id"`
	Name       string    `json:"name"`
	Remark     string    `json:"remark"`
	ReadRoles  []int64   `json:"readRoles"`
	WriteRoles []int64   `json:"writeRoles"`
	Fields     []Field   `json:"fields"`
	Rows       int       `json:"rows"`
	CreatedAt  time.Time `json:"createdAt"`
	UpdatedAt  time.Time `json:"updatedAt"`
}

// Summary is a row of the definitions' list.
type Summary struct {
	ID         int64     `json:"id"`
	Name       string    `json:"name"`
	Remark     string    `json:"remark"`
	FieldCount int       `json:"fieldCount"`
	UpdatedAt  time.Time `json:"updatedAt"`
}

// Schema is what a table's screen is built from: the live fields, and what the caller may do.
type Schema struct {
	ID       int64   `json:"id"`
	Name     string  `json:"name"`
	Remark   string  `json:"remark"`
	Fields   []Field `json:"fields"`
	CanWrite bool    `json:"canWrite"`
}

// Row is one record of a dynamic table: values by fieldName (an int as a number, a datetime as
// RFC 3339 text, a money amount as exact text "1234.50", a date as YYYY-MM-DD, anything else as text; null when empty) and, for organisation, user and dictionary
// fields, the names they stand for joined with ','.
type Row struct {
	ID        int64             `json:"id"`
	Values    map[string]any    `json:"values"`
	Labels    map[string]string `json:"labels"`
	CreatedAt time.Time         `json:"createdAt"`
	UpdatedAt time.Time         `json:"updatedAt"`
}

// Caller is who calls the data of a table: a system administrator reads and writes every table,
// anyone else what their roles are granted.
type Caller struct {
	UserID   int64
	SysAdmin bool
	Roles    []int64
}

// Who tells the service who is calling (an adapter of internal/app over the access area).
type Who func(ctx context.Context) (Caller, error)

// Lookups are what a table's values are checked against and named by: organisation units (by
// full unit code), accounts (by login code, the shared user choice's value) and dictionary items (value -> display text of a group;
// ok false when the group does not exist).
type Lookups interface {
	UnitNames(ctx context.Context, codes []string) (map[string]string, error)
	UserNames(ctx context.Context, codes []string) (map[string]string, error)
	DictItems(ctx context.Context, group string) (items map[string]string, ok bool, err error)
	RoleExists(ctx context.Context, ids []int64) (bool, error)
}
