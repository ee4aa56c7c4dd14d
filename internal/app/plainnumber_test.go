package app_test

import (
	"encoding/json"
	"net/url"
	"strings"
	"testing"
	"time"
)

// notPlainDecimals are texts strconv (or a JSON number) would read as a number but a person's number field does
// not take: every number of a form or a dynamic table is a plain decimal (validate.Decimal / validate.WholeNumber).
var notPlainDecimals = []string{"NaN", "NAN", "nan", "Infinity", "-Inf", "0x1p-2", "0x10", "1_000", "1e5", "1E5", "+3", "1.", ".5", "1,000", "１２"}

// A demand's number field and a dynamic table's whole-number field take plain decimals only; a JSON number is
// kept as its plain decimal (1e5 as 100000); what is refused leaves nothing stored.
func TestNumbersArePlainDecimals(t *testing.T) {
	e := newEnv(t)
	admin := e.login("admin", "Admin@123").AccessToken

	t.Run("demand number field", func(t *testing.T) {
		clerk := e.grantRole(admin, "clerk", []string{}, []string{"gateway"}, nil)
		e.account(admin, "n1", "100201003", clerk)
		n1 := e.signIn("n1")
		id := e.demandAdd(admin, map[string]any{"title": "数字字段", "deadline": demandDeadline(72 * time.Hour), "audienceUnits": "100201",
			"fields": []map[string]any{{"key": "qty", "label": "数量", "type": "number", "required": true}}})
		submit := func(v any) envelope {
			return e.callR("POST", "/api/portal/demand/submit", n1, map[string]any{"collectionId": id, "content": "x", "values": map[string]any{"qty": v}})
		}
		for _, bad := range notPlainDecimals {
			if r := submit(bad); r.Code != 1 || r.Message != "「数量」请输入数字" {
				t.Errorf("qty %q: %+v", bad, r)
			}
		}
		if n := e.count(`SELECT COUNT(*) FROM demand_item WHERE collection_id = ?`, id); n != 0 {
			t.Fatalf("refused numbers left %d demands", n)
		}
		// Plain decimals are kept as written (trimmed); a JSON number is kept as its plain decimal.
		for good, stored := range map[string]string{`"12"`: "12", `"-0.5"`: "-0.5", `" 7 "`: "7", `3.25`: "3.25", `1e5`: "100000"} {
			before := e.count(`SELECT COUNT(*) FROM demand_item WHERE collection_id = ?`, id)
			if r := submit(json.RawMessage(good)); r.Code != 0 {
				t.Errorf("qty %s: %+v", good, r)
			}
			if n := e.count(`SELECT COUNT(*) FROM demand_item WHERE collection_id = ? AND field_values = ?`, id, `{"qty":"`+stored+`"}`); n != 1 ||
				e.count(`SELECT COUNT(*) FROM demand_item WHERE collection_id = ?`, id) != before+1 {
				t.Errorf("qty %s: not stored as %q", good, stored)
			}
		}
	})

	t.Run("dynamic table whole-number field", func(t *testing.T) {
		id := e.created(e.callR("POST", "/api/dtable/add", admin, map[string]any{"name": "数字表", "fields": projectFields()}), "add table")
		add := func(v any) envelope {
			return e.callR("POST", "/api/dtable/data/add", admin, map[string]any{"tableId": id, "values": map[string]any{"title": "t", "amount": v}})
		}
		for _, bad := range append(append([]string{}, notPlainDecimals...), "12.5", "12.0", "9007199254740993") {
			if r := add(bad); r.Code != 1 || !strings.Contains(r.Message, "金额") {
				t.Errorf("amount %q: %+v", bad, r)
			}
		}
		if r := add(json.RawMessage("1.5e0")); r.Code != 1 || !strings.Contains(r.Message, "金额") {
			t.Errorf("amount 1.5 as a JSON number: %+v", r)
		}
		if n := list[dtRow](e, "/api/dtable/data/list", admin, url.Values{"tableId": {itoa(id)}}).Total; n != 0 {
			t.Fatalf("refused numbers left %d rows", n)
		}
		// A refused default value, and a list filter, follow the same rule.
		bad := projectFields()
		bad[1].DefaultValue = "0x10"
		e.dtRefused(e.callR("POST", "/api/dtable/add", admin, map[string]any{"name": "坏默认值", "fields": bad}), "a hexadecimal default", "金额")
		e.dtRefused(e.callR("GET", "/api/dtable/data/list?tableId="+itoa(id)+"&amount=%2B3", admin, nil), "a filter of +3", "金额")
		e.dtOK(add("-42"), "a plain negative whole number")
		e.dtOK(e.callR("POST", "/api/dtable/data/add", admin, map[string]any{"tableId": id, "values": map[string]any{"title": "u", "amount": json.RawMessage("1e5")}}), "a JSON whole number")
		if p := list[dtRow](e, "/api/dtable/data/list", admin, url.Values{"tableId": {itoa(id)}, "amount": {"-42"}}); p.Total != 1 {
			t.Fatalf("filter -42: %+v", p)
		}
		if p := list[dtRow](e, "/api/dtable/data/list", admin, url.Values{"tableId": {itoa(id)}, "amount": {"100000"}}); p.Total != 1 {
			t.Fatalf("filter 100000: %+v", p)
		}
	})
}
