package apptest

import (
	"context"
	"encoding/json"
	"strings"
)

// Answer sends a call (see Env.Call) and answers its envelope alone.
func (e *Env) Answer(method, path, token string, body any) Envelope {
	e.T.Helper()
	_, r := e.Call(method, path, token, body)
	return r
}

// OK fails the test unless the answer r (of what) succeeded.
func (e *Env) OK(r Envelope, what string) {
	e.T.Helper()
	if r.Code != 0 {
		e.T.Fatalf("%s: code %d %s", what, r.Code, r.Message)
	}
}

// RefusedWith fails the test unless the answer r (of what) is a refusal whose message holds want ("" for any).
func (e *Env) RefusedWith(r Envelope, what, want string) {
	e.T.Helper()
	if r.Code == 0 || (want != "" && !strings.Contains(r.Message, want)) {
		e.T.Fatalf("%s: want a refusal mentioning %q, got code %d %q", what, want, r.Code, r.Message)
	}
}

// Created is the id an add call answered (r, of what); it fails the test unless the call succeeded with one.
func (e *Env) Created(r Envelope, what string) int64 {
	e.T.Helper()
	e.OK(r, what)
	var out struct {
		ID int64 `json:"id"`
	}
	if json.Unmarshal(r.Data, &out) != nil || out.ID == 0 {
		e.T.Fatalf("%s: no id in %s", what, r.Data)
	}
	return out.ID
}

// RoleIDOf is the id of the role code, read from the database.
func (e *Env) RoleIDOf(code string) int64 {
	e.T.Helper()
	var id int64
	if err := e.App.DB.QueryRow(context.Background(), `SELECT id FROM sys_role WHERE code = ?`, code).Scan(&id); err != nil {
		e.T.Fatal(err)
	}
	return id
}

// TableExists tells whether the database holds a table of that name.
func (e *Env) TableExists(name string) bool {
	e.T.Helper()
	var n int
	q := `SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = ?`
	if e.App.DB.Dialect == "postgres" {
		q = `SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = ?`
	}
	if err := e.App.DB.QueryRow(context.Background(), q, name).Scan(&n); err != nil {
		e.T.Fatal(err)
	}
	return n == 1
}

// DTField is a dynamic table's field as its definition calls send and answer it.
type DTField struct {
	ID            int64  `json:"id,omitempty"`
	FieldName     string `json:"fieldName"`
	Name          string `json:"name"`
	Type          string `json:"type"`
	ShowType      string `json:"showType,omitempty"`
	IsDict        int    `json:"isDict"`
	DictGroupCode string `json:"dictGroupCode,omitempty"`
	ChoiceSingle  int    `json:"choiceSingle"`
	Required      int    `json:"required"`
	Unique        int    `json:"unique"`
	DefaultValue  string `json:"defaultValue,omitempty"`
	InList        int    `json:"inList"`
	Searchable    int    `json:"searchable"`
	Sortable      int    `json:"sortable"`
	Removed       int    `json:"removed,omitempty"`
}

// DTRow is a dynamic table's row as its list answers it.
type DTRow struct {
	ID     int64             `json:"id"`
	Values map[string]any    `json:"values"`
	Labels map[string]string `json:"labels"`
}

// ProjectFields are the fields of a dynamic table of projects: a unique title, a whole-number amount (default 7),
// a due time, an owner (one account), the units taking part (several) and a gender from the dictionary.
func ProjectFields() []DTField {
	return []DTField{
		{FieldName: "title", Name: "项目名称", Type: "varchar", Required: 1, Unique: 1, InList: 1, Searchable: 1, Sortable: 1, ChoiceSingle: 1},
		{FieldName: "amount", Name: "金额", Type: "int", InList: 1, Sortable: 1, Searchable: 1, ChoiceSingle: 1, DefaultValue: "7"},
		{FieldName: "due", Name: "截止时间", Type: "datetime", InList: 1, Searchable: 1, ChoiceSingle: 1},
		{FieldName: "owner", Name: "负责人", Type: "varchar", ShowType: "single_user_choice", InList: 1, Searchable: 1, ChoiceSingle: 1},
		{FieldName: "units", Name: "参与单位", Type: "varchar", ShowType: "multiple_organ_choice", InList: 1, ChoiceSingle: 0},
		{FieldName: "gender", Name: "性别", Type: "varchar", IsDict: 1, DictGroupCode: "gender", InList: 1, Searchable: 1, ChoiceSingle: 1},
	}
}
