package dtable_test

import (
	"encoding/json"
	"net/url"
	"strings"
	"testing"

	"biddesk/internal/apptest"
)

// A dynamic table's whole-number field takes plain decimals only; a JSON number is kept as its plain decimal (1e5
// as 100000); what is refused leaves nothing stored. (A demand's number field: internal/demand.)
func TestDynamicTableNumbersArePlainDecimals(t *testing.T) {
	e := apptest.New(t)
	admin := e.Login("admin", "Admin@123").AccessToken

	t.Run("dynamic table whole-number field", func(t *testing.T) {
		id := e.Created(e.Answer("POST", "/api/dtable/add", admin, map[string]any{"name": "数字表", "fields": apptest.ProjectFields()}), "add table")
		add := func(e *apptest.Env, v any) apptest.Envelope {
			return e.Answer("POST", "/api/dtable/data/add", admin, map[string]any{"tableId": id, "values": map[string]any{"title": "t", "amount": v}})
		}
		t.Run("refused", func(t *testing.T) {
			bad := map[string]any{"1.5 as a JSON number": json.RawMessage("1.5e0")}
			for _, v := range append(append([]string{}, apptest.NotPlainDecimals...), "12.5", "12.0", "9007199254740993") {
				bad[v] = v
			}
			for name, v := range bad {
				t.Run(name, func(t *testing.T) {
					t.Parallel()
					if r := add(e.For(t), v); r.Code != 1 || !strings.Contains(r.Message, "金额") {
						t.Errorf("amount %v: %+v", v, r)
					}
				})
			}
		})
		if n := apptest.List[apptest.DTRow](e, "/api/dtable/data/list", admin, url.Values{"tableId": {itoa(id)}}).Total; n != 0 {
			t.Fatalf("refused numbers left %d rows", n)
		}
		// A refused default value, and a list filter, follow the same rule.
		bad := apptest.ProjectFields()
		bad[1].DefaultValue = "0x10"
		e.RefusedWith(e.Answer("POST", "/api/dtable/add", admin, map[string]any{"name": "坏默认值", "fields": bad}), "a hexadecimal default", "金额")
		e.RefusedWith(e.Answer("GET", "/api/dtable/data/list?tableId="+itoa(id)+"&amount=%2B3", admin, nil), "a filter of +3", "金额")
		e.OK(add(e, "-42"), "a plain negative whole number")
		e.OK(e.Answer("POST", "/api/dtable/data/add", admin, map[string]any{"tableId": id, "values": map[string]any{"title": "u", "amount": json.RawMessage("1e5")}}), "a JSON whole number")
		if p := apptest.List[apptest.DTRow](e, "/api/dtable/data/list", admin, url.Values{"tableId": {itoa(id)}, "amount": {"-42"}}); p.Total != 1 {
			t.Fatalf("filter -42: %+v", p)
		}
		if p := apptest.List[apptest.DTRow](e, "/api/dtable/data/list", admin, url.Values{"tableId": {itoa(id)}, "amount": {"100000"}}); p.Total != 1 {
			t.Fatalf("filter 100000: %+v", p)
		}
	})
}
