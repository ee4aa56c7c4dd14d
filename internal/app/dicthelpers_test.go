package app_test

// The dictionary helpers the assembly's tests still use (concurrency, lists); the dictionary's own tests are in
// internal/dict.

import (
	"encoding/json"
	"net/url"

	"biddesk/internal/apptest"
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
func (e *env) dictAdd(tok string, form any) int64 {
	e.t.Helper()
	_, r := e.call("POST", "/api/sys/dict/add", tok, form)
	var out struct {
		ID int64 `json:"id"`
	}
	if r.Code != 0 || json.Unmarshal(r.Data, &out) != nil || out.ID == 0 {
		e.t.Fatalf("dict add %v: %+v", form, r)
	}
	return out.ID
}

func (e *env) dictItems(tok string, pid int64) []dictRec {
	e.t.Helper()
	_, r := e.call("GET", "/api/sys/dict/pNode?pid="+itoa(pid), tok, nil)
	var out []dictRec
	if r.Code != 0 || json.Unmarshal(r.Data, &out) != nil {
		e.t.Fatalf("pNode %d: %+v", pid, r)
	}
	return out
}

func (e *env) commonItems(tok, key string) []dictEntry {
	e.t.Helper()
	_, r := e.call("GET", "/api/sys/common/dict/item?key="+url.QueryEscape(key), tok, nil)
	var out []dictEntry
	if r.Code != 0 || json.Unmarshal(r.Data, &out) != nil {
		e.t.Fatalf("common dict item %s: %+v", key, r)
	}
	return out
}

func (e *env) groupID(tok, code string) int64 {
	e.t.Helper()
	p := apptest.List[dictRec](e.Env, "/api/sys/dict/list", tok, url.Values{"value": {code}})
	for _, g := range p.Records {
		if g.Value == code {
			return g.ID
		}
	}
	e.t.Fatalf("no dictionary %s", code)
	return 0
}
