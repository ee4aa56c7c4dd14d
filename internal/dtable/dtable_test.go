package dtable_test

import (
	"context"
	"encoding/json"
	"net/url"
	"strings"
	"testing"

	"biddesk/internal/apptest"
)

type dtDef struct {
	ID         int64             `json:"id"`
	Name       string            `json:"name"`
	ReadRoles  []int64           `json:"readRoles"`
	WriteRoles []int64           `json:"writeRoles"`
	Fields     []apptest.DTField `json:"fields"`
	Rows       int               `json:"rows"`
}

func definition(e *apptest.Env, tok string, id int64) dtDef {
	e.T.Helper()
	_, r := e.Call("GET", "/api/dtable/one?id="+itoa(id), tok, nil)
	e.OK(r, "one")
	var d dtDef
	if err := json.Unmarshal(r.Data, &d); err != nil {
		e.T.Fatal(err)
	}
	return d
}

func TestDynamicTableDefinitionRowsAndRoles(t *testing.T) {
	e := apptest.New(t)
	admin := e.Login("admin", "Admin@123").AccessToken
	staff := e.Login("staff", "Staff@123").AccessToken
	staffRole := e.RoleIDOf("staff")

	// The definitions need the function code: staff holds none.
	_, r := e.Call("POST", "/api/dtable/add", staff, map[string]any{"name": "x", "fields": apptest.ProjectFields()})
	e.RefusedWith(r, "staff defines a table", "")

	// A display name is data: quotes and SQL in it are kept as text.
	hostileName := `项目'); DROP TABLE sys_user; --`
	id := e.Created(e.Answer("POST", "/api/dtable/add", admin, map[string]any{"name": hostileName, "fields": apptest.ProjectFields(), "readRoles": []int64{staffRole}}), "add table")
	if !e.TableExists("dt_"+itoa(id)) || !e.TableExists("sys_user") {
		t.Fatal("the real table was not created, or sys_user is gone")
	}
	def := definition(e, admin, id)
	if def.Name != hostileName || len(def.Fields) != 6 || len(def.ReadRoles) != 1 || def.ReadRoles[0] != staffRole {
		t.Fatalf("definition: %+v", def)
	}

	// Hostile field codes never reach SQL: they are refused by the pattern.
	for _, bad := range []string{`a; DROP TABLE sys_user--`, `x'y`, `c_1"`, "id", "sqlite_master)", strings.Repeat("a", 10000), "", "1abc", "current"} {
		fs := apptest.ProjectFields()
		fs[0].FieldName = bad
		_, r := e.Call("POST", "/api/dtable/add", admin, map[string]any{"name": "bad " + itoa(int64(len(bad))), "fields": fs})
		e.RefusedWith(r, "field code "+bad[:min(len(bad), 20)], "")
	}
	for what, mutate := range map[string]func(f []apptest.DTField) []apptest.DTField{
		"bad type":        func(f []apptest.DTField) []apptest.DTField { f[0].Type = "text; DROP"; return f },
		"bad show type":   func(f []apptest.DTField) []apptest.DTField { f[3].ShowType = "sql"; return f },
		"unknown dict":    func(f []apptest.DTField) []apptest.DTField { f[5].DictGroupCode = "nope' OR 1=1"; return f },
		"duplicate code":  func(f []apptest.DTField) []apptest.DTField { f[1].FieldName = "TITLE"; return f },
		"long title":      func(f []apptest.DTField) []apptest.DTField { f[0].Name = strings.Repeat("名", 10000); return f },
		"int user choice": func(f []apptest.DTField) []apptest.DTField { f[3].Type = "int"; return f },
		"bad default":     func(f []apptest.DTField) []apptest.DTField { f[1].DefaultValue = "seven"; return f },
		"no fields":       func(f []apptest.DTField) []apptest.DTField { return []apptest.DTField{} },
	} {
		_, r := e.Call("POST", "/api/dtable/add", admin, map[string]any{"name": "bad " + what, "fields": mutate(apptest.ProjectFields())})
		e.RefusedWith(r, what, "")
	}
	_, r = e.Call("POST", "/api/dtable/add", admin, map[string]any{"name": hostileName, "fields": apptest.ProjectFields()})
	e.RefusedWith(r, "same name", "已存在")

	// Rows: values bound, types checked, choices checked against the organisation and the people.
	add := func(tok string, values map[string]any) apptest.Envelope {
		_, r := e.Call("POST", "/api/dtable/data/add", tok, map[string]any{"tableId": id, "values": values})
		return r
	}
	evil := `O'Brien"; DELETE FROM sys_user; --`
	row1 := e.Created(add(admin, map[string]any{"title": evil, "amount": 120, "due": "2026-03-01 10:00:00",
		"owner": "staff", "units": "100104-100201003", "gender": "1"}), "add row")
	e.Created(add(admin, map[string]any{"title": strings.Repeat("长", 2000), "amount": "5"}), "2000 characters")
	e.Created(add(admin, map[string]any{"title": "gamma %_!", "owner": ""}), "defaults")
	for what, vals := range map[string]map[string]any{
		"10000 characters": {"title": strings.Repeat("x", 10000)},
		"int as text":      {"title": "a", "amount": "abc"},
		"fraction":         {"title": "a", "amount": 1.5},
		"huge int":         {"title": "a", "amount": 1e300},
		"bad date":         {"title": "a", "due": "tomorrow'--"},
		"object":           {"title": map[string]any{"$ne": 1}},
		"unknown field":    {"title": "a", "c_1": "x"},
		"sql field":        {"title": "a", "title = 'x'; --": "x"},
		"unknown person":   {"title": "a", "owner": "staff' OR '1'='1"},
		"two owners":       {"title": "a", "owner": "staff,admin"},
		"unknown unit":     {"title": "a", "units": "100104-nope"},
		"dict value":       {"title": "a", "gender": "9"},
		"missing required": {"amount": 3},
		"duplicate unique": {"title": evil},
	} {
		e.RefusedWith(add(admin, vals), what, "")
	}
	var n int
	if err := e.App.DB.QueryRow(context.Background(), `SELECT COUNT(*) FROM dt_`+itoa(id)).Scan(&n); err != nil || n != 3 {
		t.Fatalf("rows written: %d %v", n, err)
	}

	// The list: filters of the searchable fields, sorts of the sortable ones, labels of the choices.
	p := apptest.List[apptest.DTRow](e, "/api/dtable/data/list", staff, url.Values{"tableId": {itoa(id)}, "sort": {"amount"}, "order": {"desc"}})
	if p.Total != 3 || p.Records[0].ID != row1 {
		t.Fatalf("staff list: %+v", p)
	}
	r0 := p.Records[0]
	if r0.Values["title"] != evil || r0.Values["amount"] != float64(120) || r0.Values["units"] != "100104-100201003" ||
		r0.Labels["owner"] != "张晓东" || !strings.Contains(r0.Labels["units"], ",") || r0.Labels["gender"] != "男" {
		t.Fatalf("row: %+v", r0)
	}
	if p.Records[1].Values["amount"] != float64(7) {
		t.Fatalf("default amount: %+v", p.Records[1])
	}
	for q, want := range map[string]int{"title=brien": 1, "title=%25_!": 1, "amount=120": 1, "owner=staff": 1,
		"dueStart=2026-03-01&dueEnd=2026-03-01": 1, "dueStart=2026-03-02": 0, "title=' OR 1=1 --": 0} {
		vals, _ := url.ParseQuery(q)
		vals.Set("tableId", itoa(id))
		if got := apptest.List[apptest.DTRow](e, "/api/dtable/data/list", admin, vals).Total; got != want {
			t.Errorf("filter %s: %d rows, want %d", q, got, want)
		}
	}
	// On PostgreSQL the searched text field (title) has a trigram index over the live rows; a user choice has none.
	if e.App.DB.Dialect == "postgres" {
		var n int
		if err := e.App.DB.QueryRow(context.Background(), `SELECT COUNT(*) FROM pg_indexes WHERE tablename = ? AND indexname LIKE '%\_trgm' AND indexdef LIKE '%gin_trgm_ops%'`,
			"dt_"+itoa(id)).Scan(&n); err != nil || n != 1 {
			t.Fatalf("trigram indexes of dt_%d: %d %v", id, n, err)
		}
	}
	for _, q := range []string{"sort=units", "sort=c_1", "sort=title;DROP", "amount=abc", "dueStart=x"} {
		_, r := e.Call("GET", "/api/dtable/data/list?tableId="+itoa(id)+"&"+q, admin, nil)
		e.RefusedWith(r, q, "")
	}

	// Staff reads but may not write; a table without a staff role does not exist for them.
	e.RefusedWith(add(staff, map[string]any{"title": "by staff"}), "staff writes", "无权")
	_, r = e.Call("DELETE", "/api/dtable/data/del", staff, map[string]any{"tableId": id, "ids": []int64{row1}})
	e.RefusedWith(r, "staff deletes", "无权")
	other := e.Created(e.Answer("POST", "/api/dtable/add", admin, map[string]any{"name": "私有表", "fields": apptest.ProjectFields()[:1]}), "private")
	_, r = e.Call("GET", "/api/dtable/data/list?tableId="+itoa(other), staff, nil)
	e.RefusedWith(r, "staff reads a private table", "不存在")
	_, r = e.Call("GET", "/api/dtable/data/schema?tableId="+itoa(other), staff, nil)
	e.RefusedWith(r, "staff schema of a private table", "不存在")
	_, r = e.Call("GET", "/api/dtable/mine", staff, nil)
	if r.Code != 0 || strings.Contains(string(r.Data), "私有表") || !strings.Contains(string(r.Data), `"id":`+itoa(id)) {
		t.Fatalf("staff's tables: %s", r.Data)
	}
	// Granted the write role, staff writes.
	def = definition(e, admin, id)
	e.OK(e.Answer("PUT", "/api/dtable/edit", admin, map[string]any{"id": id, "name": def.Name, "writeRoles": []int64{staffRole}, "fields": def.Fields}), "grant write")
	e.Created(add(staff, map[string]any{"title": "by staff"}), "staff writes")

	// Edit a row; a unique value taken elsewhere is refused and nothing changes.
	e.OK(e.Answer("PUT", "/api/dtable/data/edit", admin, map[string]any{"tableId": id, "id": row1, "values": map[string]any{"amount": 99}}), "edit row")
	e.RefusedWith(e.Answer("PUT", "/api/dtable/data/edit", admin, map[string]any{"tableId": id, "id": row1, "values": map[string]any{"title": "by staff"}}), "edit to a taken value", "已存在")
	_, r = e.Call("GET", "/api/dtable/data/one?tableId="+itoa(id)+"&id="+itoa(row1), admin, nil)
	if r.Code != 0 || !strings.Contains(string(r.Data), `"amount":99`) || !strings.Contains(string(r.Data), "Brien") {
		t.Fatalf("one: %s", r.Data)
	}

	// Adding a field adds a column; removing one keeps its data until the removal is purged.
	def = definition(e, admin, id)
	fs := append([]apptest.DTField{}, def.Fields...)
	fs = append(fs, apptest.DTField{FieldName: "note", Name: "备注", Type: "varchar", InList: 1, ChoiceSingle: 1})
	var kept []apptest.DTField
	for _, f := range fs {
		if f.FieldName != "amount" {
			kept = append(kept, f)
		}
	}
	e.OK(e.Answer("PUT", "/api/dtable/edit", admin, map[string]any{"id": id, "name": def.Name, "writeRoles": []int64{staffRole}, "fields": kept}), "add note, remove amount")
	_, r = e.Call("GET", "/api/dtable/data/one?tableId="+itoa(id)+"&id="+itoa(row1), admin, nil)
	if r.Code != 0 || strings.Contains(string(r.Data), "amount") || !strings.Contains(string(r.Data), `"note":null`) {
		t.Fatalf("after the change: %s", r.Data)
	}
	e.RefusedWith(e.Answer("POST", "/api/dtable/data/add", admin, map[string]any{"tableId": id, "values": map[string]any{"title": "z", "amount": 1}}), "a removed field", "")
	def = definition(e, admin, id)
	var amount apptest.DTField
	for _, f := range def.Fields {
		if f.Removed == 1 {
			amount = f
		}
	}
	if amount.ID == 0 {
		t.Fatalf("no removed field: %+v", def.Fields)
	}
	// Restored, the data is back.
	restored := append(def.Fields[:0:0], def.Fields...)
	for i := range restored {
		if restored[i].ID == amount.ID {
			restored[i].FieldName, restored[i].Removed = "amount", 0
		}
	}
	e.OK(e.Answer("PUT", "/api/dtable/edit", admin, map[string]any{"id": id, "name": def.Name, "fields": restored}), "restore amount")
	_, r = e.Call("GET", "/api/dtable/data/one?tableId="+itoa(id)+"&id="+itoa(row1), admin, nil)
	if !strings.Contains(string(r.Data), `"amount":99`) {
		t.Fatalf("restored: %s", r.Data)
	}
	def = definition(e, admin, id)
	var without []apptest.DTField
	for _, f := range def.Fields {
		if f.ID != amount.ID {
			without = append(without, f)
		}
	}
	e.OK(e.Answer("PUT", "/api/dtable/edit", admin, map[string]any{"id": id, "name": def.Name, "fields": without}), "remove amount again")
	e.RefusedWith(e.Answer("POST", "/api/dtable/purgeField", admin, map[string]any{"id": id, "fieldId": def.Fields[0].ID}), "purge a live field", "")
	e.OK(e.Answer("POST", "/api/dtable/purgeField", admin, map[string]any{"id": id, "fieldId": amount.ID}), "purge amount")
	if len(definition(e, admin, id).Fields) != 6 {
		t.Fatal("the purged field is still defined")
	}

	// Export with the list's filters; delete all or none.
	resp, body := e.Send("GET", "/api/dtable/data/export?tableId="+itoa(id)+"&title=brien", admin, nil, "", nil)
	if resp.StatusCode != 200 || !strings.Contains(resp.Header.Get("Content-Type"), "spreadsheet") || len(body) < 100 {
		t.Fatalf("export: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	e.RefusedWith(e.Answer("DELETE", "/api/dtable/data/del", admin, map[string]any{"tableId": id, "ids": []int64{row1, 999999}}), "delete with a missing row", "")
	if apptest.List[apptest.DTRow](e, "/api/dtable/data/list", admin, url.Values{"tableId": {itoa(id)}}).Total != 4 {
		t.Fatal("a failed delete removed rows")
	}
	e.OK(e.Answer("DELETE", "/api/dtable/data/del", admin, map[string]any{"tableId": id, "ids": []int64{row1}}), "delete")
	if apptest.List[apptest.DTRow](e, "/api/dtable/data/list", admin, url.Values{"tableId": {itoa(id)}}).Total != 3 {
		t.Fatal("delete")
	}
	// Deleting the definition hides the table and keeps its rows.
	e.OK(e.Answer("DELETE", "/api/dtable/del", admin, map[string]any{"id": id}), "delete table")
	_, r = e.Call("GET", "/api/dtable/data/list?tableId="+itoa(id), admin, nil)
	e.RefusedWith(r, "a deleted table", "不存在")
	if !e.TableExists("dt_" + itoa(id)) {
		t.Fatal("the rows went with the definition")
	}
}
