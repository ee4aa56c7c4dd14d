package dict_test

import (
	"biddesk/internal/apptest"
	"bytes"
	"encoding/json"
	"net/url"
	"strings"
	"testing"
)

type dictRec struct {
	ID        int64  `json:"id"`
	ParentID  int64  `json:"parentId"`
	Key       string `json:"key"`
	Value     string `json:"value"`
	IsDefault int    `json:"isDefault"`
	Enabled   int    `json:"enabled"`
	Sort      int    `json:"sort"`
	ItemCount int    `json:"itemCount"`
}

type dictEntry struct {
	Key       string       `json:"key"`
	Value     any          `json:"value"`
	IsDefault int          `json:"isDefault"`
	ChildDict []*dictEntry `json:"childDict"`
}

// dictAdd adds a row and returns its id; it fails the test on a non-zero code.
func dictAdd(e *apptest.Env, tok string, form any) int64 {
	e.T.Helper()
	_, r := e.Call("POST", "/api/sys/dict/add", tok, form)
	var out struct {
		ID int64 `json:"id"`
	}
	if r.Code != 0 || json.Unmarshal(r.Data, &out) != nil || out.ID == 0 {
		e.T.Fatalf("dict add %v: %+v", form, r)
	}
	return out.ID
}

func dictItems(e *apptest.Env, tok string, pid int64) []dictRec {
	e.T.Helper()
	_, r := e.Call("GET", "/api/sys/dict/pNode?pid="+itoa(pid), tok, nil)
	var out []dictRec
	if r.Code != 0 || json.Unmarshal(r.Data, &out) != nil {
		e.T.Fatalf("pNode %d: %+v", pid, r)
	}
	return out
}

func commonItems(e *apptest.Env, tok, key string) []dictEntry {
	e.T.Helper()
	_, r := e.Call("GET", "/api/sys/common/dict/item?key="+url.QueryEscape(key), tok, nil)
	var out []dictEntry
	if r.Code != 0 || json.Unmarshal(r.Data, &out) != nil {
		e.T.Fatalf("common dict item %s: %+v", key, r)
	}
	return out
}

func groupID(e *apptest.Env, tok, code string) int64 {
	e.T.Helper()
	p := apptest.List[dictRec](e, "/api/sys/dict/list", tok, url.Values{"value": {code}})
	for _, g := range p.Records {
		if g.Value == code {
			return g.ID
		}
	}
	e.T.Fatalf("no dictionary %s", code)
	return 0
}

func TestDictListSearchesSortsAndPages(t *testing.T) {
	e := apptest.New(t)
	tok := e.Login("admin", "Admin@123").AccessToken
	// the groups every area seeds: counted, not assumed (an area's new dictionary changes the number)
	groups := e.Count(`SELECT COUNT(*) FROM sys_dict WHERE parent_id = 0`)
	p := apptest.List[dictRec](e, "/api/sys/dict/list", tok, url.Values{})
	if p.Total != groups || len(p.Records) != 10 || p.Current != 1 || p.Limit != 10 || p.Pages != (groups+9)/10 {
		t.Fatalf("groups: %+v", p)
	}
	if g := p.Records[0]; g.Key != "用户状态" || g.Value != "user_state" || g.ParentID != 0 || g.ItemCount != 2 || g.Enabled != 1 {
		t.Errorf("first group: %+v", g)
	}
	var last2 []string
	rows, err := e.App.DB.Query(t.Context(), `SELECT dict_value FROM sys_dict WHERE parent_id = 0 ORDER BY dict_value DESC LIMIT 2`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var v string
		if err := rows.Scan(&v); err != nil {
			t.Fatal(err)
		}
		last2 = append(last2, v)
	}
	rows.Close()
	for _, c := range []struct {
		name string
		q    url.Values
		want string
	}{
		{"keywords match names and codes", url.Values{"keywords": {"状态"}}, "user_state,audit_state,ca_state,course_audit"},
		{"keywords ignore case", url.Values{"keywords": {"GENDER"}}, "gender"},
		{"by name", url.Values{"key": {"学历"}}, "education"},
		{"the underscore matches itself", url.Values{"value": {"_state"}}, "user_state,audit_state,ca_state"},
		{"sorted by code, descending", url.Values{"sort": {"value"}, "order": {"desc"}, "limit": {"2"}}, strings.Join(last2, ",")},
		{"a later page", url.Values{"sort": {"key"}, "limit": {"5"}, "current": {"3"}}, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			got := []string{}
			page := apptest.List[dictRec](e, "/api/sys/dict/list", tok, c.q)
			for _, g := range page.Records {
				got = append(got, g.Value)
			}
			if c.want == "" {
				if len(got) != min(5, max(groups-10, 0)) || page.Pages != (groups+4)/5 {
					t.Errorf("%v: %v pages %d", c.q, got, page.Pages)
				}
				return
			}
			if strings.Join(got, ",") != c.want {
				t.Errorf("%v: %v, want %s", c.q, got, c.want)
			}
		})
	}
	for _, bad := range []string{"sort=dict_key", "sort=password_hash", "order=sideways", "limit=500", "current=0", "enabled=2"} {
		if _, r := e.Call("GET", "/api/sys/dict/list?"+bad, tok, nil); r.Code != 1 || r.Message == "" {
			t.Errorf("%s: %+v", bad, r)
		}
	}
	if _, r := e.Call("GET", "/api/sys/dict/list?sort=password_hash", tok, nil); r.Message != "不支持按该字段排序" {
		t.Errorf("tampered sort: %+v", r)
	}
}

func TestDictAddEditValidatesAndKeepsOneDefault(t *testing.T) {
	e := apptest.New(t)
	tok := e.Login("admin", "Admin@123").AccessToken

	for _, c := range []struct {
		form map[string]any
		msg  string
	}{
		{map[string]any{"value": "x"}, "请填写字典名称"},
		{map[string]any{"key": "  ", "value": "x"}, "请填写字典名称"},
		{map[string]any{"key": "项目阶段"}, "请填写字典值"},
		{map[string]any{"key": strings.Repeat("长", 101), "value": "x"}, "字典名称长度不能超过100"},
		{map[string]any{"key": "x", "value": strings.Repeat("v", 101)}, "字典值长度不能超过100"},
		{map[string]any{"key": "x", "value": "x", "enabled": 2}, "启用状态只能是0（停用）或1（启用）"},
		{map[string]any{"key": "x", "value": "x", "isDefault": 3}, "是否默认只能是0或1"},
		{map[string]any{"key": "x", "value": "x", "sort": -1}, "排序不能为负数"},
		{map[string]any{"key": "x", "value": "x", "sort": "abc"}, "参数 sort 必须是整数"},
		{map[string]any{"key": "x", "value": "x", "parentId": 99999}, "上级字典不存在"},
		{map[string]any{"key": "另一个用户状态", "value": "user_state"}, "字典编码「user_state」已存在"},
	} {
		if _, r := e.Call("POST", "/api/sys/dict/add", tok, c.form); r.Code != 1 || r.Message != c.msg {
			t.Errorf("add %v: %+v, want %s", c.form, r, c.msg)
		}
	}
	// English messages follow Accept-Language.
	if _, r := e.Call("POST", "/api/sys/dict/add", tok, map[string]any{"value": "x"}, "Accept-Language", "en"); r.Message != "Please fill in the dictionary key (display text)" {
		t.Errorf("english: %+v", r)
	}

	gid := dictAdd(e, tok, map[string]any{"key": "项目阶段", "value": "project_stage", "sort": 9})
	a := dictAdd(e, tok, map[string]any{"parentId": gid, "key": "立项", "value": "1", "isDefault": 1, "sort": 1})
	b := dictAdd(e, tok, url.Values{"parentId": {itoa(gid)}, "key": {"投标"}, "value": {"2"}, "sort": {"2"}})
	// the same value under another group is fine; under the same group it is not
	dictAdd(e, tok, map[string]any{"parentId": groupID(e, tok, "yes_no"), "key": "未知", "value": "9"})
	if _, r := e.Call("POST", "/api/sys/dict/add", tok, map[string]any{"parentId": gid, "key": "重复", "value": "2"}); r.Message != "同一字典下已有值为「2」的字典项" {
		t.Errorf("duplicate sibling value: %+v", r)
	}
	// an item's value may equal a group's code
	dictAdd(e, tok, map[string]any{"parentId": gid, "key": "编码同名", "value": "gender", "enabled": 0, "sort": 3})

	// a new default clears the others, on add and on edit
	c := dictAdd(e, tok, map[string]any{"parentId": gid, "key": "中标", "value": "4", "isDefault": 1, "sort": 4})
	defaults := func() []int64 {
		var out []int64
		for _, it := range dictItems(e, tok, gid) {
			if it.IsDefault == 1 {
				out = append(out, it.ID)
			}
		}
		return out
	}
	if d := defaults(); len(d) != 1 || d[0] != c {
		t.Errorf("defaults after add: %v, want [%d]", d, c)
	}
	if _, r := e.Call("PUT", "/api/sys/dict/edit", tok, map[string]any{"id": b, "key": "投标中", "value": "2", "isDefault": 1, "sort": 2}); r.Code != 0 {
		t.Fatalf("edit: %+v", r)
	}
	if d := defaults(); len(d) != 1 || d[0] != b {
		t.Errorf("defaults after edit: %v, want [%d]", d, b)
	}
	if _, r := e.Call("PUT", "/api/sys/dict/edit", tok, map[string]any{"id": a, "key": "立项", "value": "2"}); r.Message != "同一字典下已有值为「2」的字典项" {
		t.Errorf("edit to a sibling's value: %+v", r)
	}
	if _, r := e.Call("PUT", "/api/sys/dict/edit", tok, map[string]any{"id": gid, "key": "项目阶段", "value": "gender"}); r.Message != "字典编码「gender」已存在" {
		t.Errorf("edit to another group's code: %+v", r)
	}
	if _, r := e.Call("PUT", "/api/sys/dict/edit", tok, map[string]any{"key": "x", "value": "y"}); r.Message != "缺少参数 id" {
		t.Errorf("edit without id: %+v", r)
	}
	if _, r := e.Call("PUT", "/api/sys/dict/edit", tok, map[string]any{"id": 424242, "key": "x", "value": "y"}); r.Message != "字典不存在" {
		t.Errorf("edit unknown: %+v", r)
	}

	// one and pNode
	_, r := e.Call("GET", "/api/sys/dict/one?id="+itoa(b), tok, nil)
	var one dictRec
	if r.Code != 0 || json.Unmarshal(r.Data, &one) != nil || one.Key != "投标中" || one.ParentID != gid || one.IsDefault != 1 || one.Sort != 2 {
		t.Errorf("one: %+v %+v", r, one)
	}
	if _, r := e.Call("GET", "/api/sys/dict/one", tok, nil); r.Message != "缺少参数 id" {
		t.Errorf("one without id: %+v", r)
	}
	if _, r := e.Call("GET", "/api/sys/dict/pNode", tok, nil); r.Message != "缺少参数 pid" {
		t.Errorf("pNode without pid: %+v", r)
	}
	items := dictItems(e, tok, gid)
	keys := []string{}
	for _, it := range items {
		keys = append(keys, it.Key)
	}
	if strings.Join(keys, ",") != "立项,投标中,编码同名,中标" {
		t.Errorf("items in order: %v", keys)
	}
	if groups := dictItems(e, tok, 0); len(groups) != e.Count(`SELECT COUNT(*) FROM sys_dict WHERE parent_id = 0`) {
		t.Errorf("pNode 0 lists the groups: %d", len(groups))
	}
}

func TestDictCacheFollowsEveryWrite(t *testing.T) {
	e := apptest.New(t)
	tok := e.Login("admin", "Admin@123").AccessToken
	staff := e.Login("staff", "Staff@123").AccessToken
	gid := groupID(e, tok, "user_state")

	if got := commonItems(e, staff, "用户状态"); len(got) != 2 || got[0].Key != "可用" || got[0].Value != float64(1) || got[0].IsDefault != 1 {
		t.Fatalf("item by key: %+v", got)
	}
	if got := commonItems(e, staff, "license_type"); len(got) != 5 || got[0].Value != "business" || got[0].ChildDict != nil {
		t.Errorf("item by code (no childDict): %+v", got)
	}
	if got := commonItems(e, staff, "no such dictionary"); len(got) != 0 {
		t.Errorf("unknown key: %+v", got)
	}
	if _, r := e.Call("GET", "/api/sys/common/dict/item", staff, nil); r.Message != "缺少参数 key" {
		t.Errorf("item without key: %+v", r)
	}
	// the generic call: id 1853 / commID 185301 plus key answers the same items; other pairs are named
	_, r := e.Call("GET", "/api/sys/common/dict?id=1853&commID=185301&key=gender", staff, nil)
	var generic []dictEntry
	if r.Code != 0 || json.Unmarshal(r.Data, &generic) != nil || len(generic) != 2 || generic[0].Key != "男" {
		t.Errorf("generic dict: %+v %s", r, r.Data)
	}
	if _, r := e.Call("GET", "/api/sys/common/dict?id=1853&commID=9&key=gender", staff, nil); r.Code != 1 || r.Message != "未知的通用字典查询（id 1853，commID 9）" {
		t.Errorf("generic dict, unknown pair: %+v", r)
	}
	if _, r := e.Call("GET", "/api/sys/common/dict?key=gender", staff, nil); r.Code != 1 {
		t.Errorf("generic dict without id: %+v", r)
	}

	// add: the cache shows it at once; numeric values arrive as numbers, codes with a leading zero as text
	id := dictAdd(e, tok, map[string]any{"parentId": gid, "key": "锁定", "value": "2", "sort": 5})
	dictAdd(e, tok, map[string]any{"parentId": gid, "key": "冻结", "value": "03", "sort": 6})
	got := commonItems(e, staff, "user_state")
	if len(got) != 4 || got[2].Key != "锁定" || got[2].Value != float64(2) || got[3].Value != "03" {
		t.Fatalf("after add: %+v", got)
	}
	// item2 nests: an item under 锁定
	dictAdd(e, tok, map[string]any{"parentId": id, "key": "临时锁定", "value": "21"})
	_, r = e.Call("GET", "/api/sys/common/dict/item2?key=user_state", staff, nil)
	var nested []dictEntry
	if r.Code != 0 || json.Unmarshal(r.Data, &nested) != nil || len(nested) != 4 || len(nested[2].ChildDict) != 1 || nested[2].ChildDict[0].Key != "临时锁定" {
		t.Errorf("item2: %+v %s", r, r.Data)
	}
	// changeEnable hides and shows
	if _, r := e.Call("POST", "/api/sys/dict/changeEnable", tok, map[string]any{"id": id, "enabled": 0}); r.Code != 0 {
		t.Fatalf("changeEnable: %+v", r)
	}
	if got := commonItems(e, staff, "user_state"); len(got) != 3 {
		t.Errorf("after disable: %+v", got)
	}
	for _, c := range []struct {
		body map[string]any
		msg  string
	}{
		{map[string]any{"id": id, "enabled": 5}, "启用状态只能是0（停用）或1（启用）"},
		{map[string]any{"id": id}, "缺少参数 enabled"},
		{map[string]any{"enabled": 1}, "缺少参数 id"},
		{map[string]any{"id": 424242, "enabled": 1}, "字典不存在"},
	} {
		if _, r := e.Call("POST", "/api/sys/dict/changeEnable", tok, c.body); r.Code != 1 || r.Message != c.msg {
			t.Errorf("changeEnable %v: %+v", c.body, r)
		}
	}
	e.Call("POST", "/api/sys/dict/changeEnable", tok, url.Values{"id": {itoa(id)}, "enabled": {"1"}})
	// edit renames
	e.Call("PUT", "/api/sys/dict/edit", tok, map[string]any{"id": id, "key": "已锁定", "value": "2", "sort": 5})
	if got := commonItems(e, staff, "用户状态"); len(got) != 4 || got[2].Key != "已锁定" {
		t.Errorf("after edit: %+v", got)
	}
	// delete: a row with items is refused, with its items it goes; the group keeps its items
	if _, r := e.Call("DELETE", "/api/sys/dict/del", tok, map[string]any{"id": id}); r.Code != 1 || r.Message != "字典「已锁定」下还有字典项，请先删除字典项" {
		t.Errorf("delete with items: %+v", r)
	}
	if _, r := e.Call("DELETE", "/api/sys/dict/del?ids="+itoa(gid), tok, nil); r.Code != 1 || r.Message != "字典「用户状态」下还有字典项，请先删除字典项" {
		t.Errorf("delete a group with items: %+v", r)
	}
	child := dictItems(e, tok, id)[0].ID
	if _, r := e.Call("DELETE", "/api/sys/dict/del?ids="+itoa(id)+","+itoa(child), tok, nil); r.Code != 0 {
		t.Errorf("delete with its items: %+v", r)
	}
	if _, r := e.Call("DELETE", "/api/sys/dict/del", tok, nil); r.Message != "缺少参数 ids" {
		t.Errorf("delete nothing: %+v", r)
	}
	if _, r := e.Call("DELETE", "/api/sys/dict/del", tok, map[string]any{"ids": []int64{424242}}); r.Message != "字典不存在" {
		t.Errorf("delete unknown: %+v", r)
	}
	if got := commonItems(e, staff, "user_state"); len(got) != 3 {
		t.Errorf("after delete: %+v", got)
	}
	// the session's dictData and reloadDictCache agree; a change made behind the server's back shows after reload
	if _, err := e.App.DB.Exec(t.Context(), `UPDATE sys_dict SET dict_key = '可以' WHERE parent_id = ? AND dict_value = '1'`, gid); err != nil {
		t.Fatal(err)
	}
	if got := commonItems(e, staff, "user_state"); got[0].Key != "可用" {
		t.Errorf("cache before reload: %+v", got)
	}
	_, r = e.Call("POST", "/api/sys/dict/reloadDictCache", tok, nil)
	var data []dictEntry
	if r.Code != 0 || json.Unmarshal(r.Data, &data) != nil || len(data) != e.Count(`SELECT COUNT(*) FROM sys_dict WHERE parent_id = 0 AND enabled = 1`) || data[0].Key != "用户状态" || data[0].ChildDict[0].Key != "可以" {
		t.Errorf("reload: %+v", r)
	}
	if got := commonItems(e, staff, "user_state"); got[0].Key != "可以" {
		t.Errorf("cache after reload: %+v", got)
	}
	if su := e.Login("admin", "Admin@123"); len(su.DictData) != len(data) || su.DictData[0].ChildDict[0].Key != "可以" {
		t.Errorf("login dictData: %+v", su.DictData)
	}
}

func TestDictExportsAreRealWorkbooks(t *testing.T) {
	e := apptest.New(t)
	tok := e.Login("admin", "Admin@123").AccessToken
	const path = "/api/sys/dict/exportDict"
	resp, body := e.Fetch(path+"?ticket="+e.Ticket(tok, path)+"&keywords=state", "")
	if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/vnd.openxmlformats") {
		t.Fatalf("export: HTTP %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	if cd := resp.Header.Get("Content-Disposition"); !strings.Contains(cd, "filename*=UTF-8''%E5%AD%97%E5%85%B8_") || !strings.Contains(cd, ".xlsx") {
		t.Errorf("Content-Disposition %q", cd)
	}
	rows := apptest.SheetRows(t, body)
	if strings.Join(rows[0], "|") != "字典名称|字典编码|字典项数|状态|排序" || len(rows) != 4 || rows[1][1] != "user_state" || rows[1][2] != "2" || rows[1][3] != "启用" {
		t.Errorf("groups export: %q", rows)
	}

	gid := groupID(e, tok, "audit_state")
	resp, body = e.Fetch("/api/sys/dict/exportDictItem?pid="+itoa(gid), tok, "Accept-Language", "en")
	rows = apptest.SheetRows(t, body)
	if resp.StatusCode != 200 || strings.Join(rows[0], "|") != "Dictionary|Code|Item|Value|Default|State|Order" || len(rows) != 4 ||
		strings.Join(rows[1], "|") != "审核状态|audit_state|待审核|0|Yes|Enabled|0" || rows[3][2] != "已驳回" {
		t.Errorf("items export: %q", rows)
	}
	// every item, with formulas neutralised
	dictAdd(e, tok, map[string]any{"parentId": gid, "key": "=HYPERLINK(\"x\")", "value": "9"})
	_, body = e.Fetch("/api/sys/dict/exportDictItem?AccessToken="+tok, "")
	rows = apptest.SheetRows(t, body)
	if len(rows) != 1+e.Count(`SELECT COUNT(*) FROM sys_dict WHERE parent_id <> 0`) {
		t.Errorf("all items: %d rows", len(rows))
	}
	found := false
	for _, row := range rows {
		if len(row) > 2 && row[2] == "'=HYPERLINK(\"x\")" {
			found = true
		}
	}
	if !found {
		t.Errorf("formula not neutralised: %q", rows)
	}
	_, body = e.Fetch("/api/sys/dict/exportDict?format=csv", tok)
	if !bytes.HasPrefix(body, []byte("\xef\xbb\xbf字典名称,字典编码")) {
		t.Errorf("csv: %q", body[:min(len(body), 80)])
	}
	if _, r := e.Call("GET", "/api/sys/dict/exportDictItem?sort=password_hash", tok, nil); r.Message != "不支持按该字段排序" {
		t.Errorf("tampered export sort: %+v", r)
	}
}

func TestDictManagementNeedsTheFunctionCode(t *testing.T) {
	e := apptest.New(t)
	for _, who := range [][2]string{{"staff", "Staff@123"}, {"libadmin", "Library@123"}} {
		tok := e.Login(who[0], who[1]).AccessToken
		for _, c := range [][2]string{
			{"GET", "/api/sys/dict/list"}, {"GET", "/api/sys/dict/pNode?pid=0"}, {"GET", "/api/sys/dict/one?id=1"},
			{"POST", "/api/sys/dict/add"}, {"PUT", "/api/sys/dict/edit"}, {"DELETE", "/api/sys/dict/del"},
			{"POST", "/api/sys/dict/changeEnable"}, {"POST", "/api/sys/dict/reloadDictCache"},
			{"GET", "/api/sys/dict/exportDict"}, {"GET", "/api/sys/dict/exportDictItem"},
		} {
			resp, r := e.Call(c[0], c[1], tok, map[string]any{"id": 1, "ids": []int{1}, "key": "x", "value": "y", "enabled": 0})
			if resp.StatusCode != 403 || r.Code != 403 {
				t.Errorf("%s %s %s: HTTP %d %+v", who[0], c[0], c[1], resp.StatusCode, r)
			}
		}
		// the common calls need only a session
		if _, r := e.Call("GET", "/api/sys/common/dict/item?key=gender", tok, nil); r.Code != 0 {
			t.Errorf("%s common item: %+v", who[0], r)
		}
	}
	for _, p := range []string{"/api/sys/common/dict/item?key=gender", "/api/sys/common/dict/item2?key=gender", "/api/sys/dict/list"} {
		if resp, r := e.Call("GET", p, "", nil); resp.StatusCode != 401 || r.Code != 10005 {
			t.Errorf("anonymous %s: %d %+v", p, resp.StatusCode, r)
		}
	}
	var n int
	if err := e.App.DB.QueryRow(t.Context(), `SELECT COUNT(*) FROM sys_dict WHERE dict_key = 'x'`).Scan(&n); err != nil || n != 0 {
		t.Errorf("a refused call wrote: %d %v", n, err)
	}
}

// The unique index holds even when the service's check is bypassed (two writes racing).
func TestDictSiblingValuesAreUniqueInTheSchema(t *testing.T) {
	e := apptest.New(t)
	_, err := e.App.DB.Exec(t.Context(), `INSERT INTO sys_dict (parent_id, dict_key, dict_value) VALUES (0, '重复', 'user_state')`)
	if err == nil {
		t.Fatal("a second dictionary with the code user_state was stored")
	}
}
