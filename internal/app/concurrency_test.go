package app_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestConcurrentWrites: many clients writing dictionary entries and library records at once, through
// the real handlers (issue 12, point 5): no error, no call that hangs, every acknowledged write
// stored. The suite runs 24 writers for 3 s; `make load-writes` runs 64 for 60 s
// (BIDDESK_LOAD_WRITERS, BIDDESK_LOAD_SECONDS) and also holds p99 under a second.
func TestConcurrentWrites(t *testing.T) {
	writers, seconds, load := 24, 3, false
	if v, err := strconv.Atoi(os.Getenv("BIDDESK_LOAD_WRITERS")); err == nil && v > 0 {
		writers, load = v, true
	}
	if v, err := strconv.Atoi(os.Getenv("BIDDESK_LOAD_SECONDS")); err == nil && v > 0 {
		seconds, load = v, true
	}
	e := newEnv(t)
	tok := e.login("admin", "Admin@123").AccessToken
	gid := e.Added("POST", "/api/sys/dict/add", tok, map[string]any{"key": "并发写入", "value": "load_writes"})

	client := &http.Client{
		Timeout:   2 * time.Minute, // a call that hangs counts as an error, not as a stuck test
		Transport: &http.Transport{MaxIdleConnsPerHost: writers, MaxIdleConns: writers},
	}
	defer client.CloseIdleConnections()
	// post sends one write and returns the new id (0 for an edit) or why it failed.
	post := func(method, path string, body any) (int64, time.Duration, error) {
		raw, _ := json.Marshal(body)
		req, _ := http.NewRequest(method, e.srv.URL+path, strings.NewReader(string(raw)))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", "Bearer "+tok)
		start := time.Now()
		resp, err := client.Do(req)
		if err != nil {
			return 0, time.Since(start), err
		}
		out, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		took := time.Since(start)
		var env struct {
			Code    int    `json:"code"`
			Message string `json:"message"`
			Data    struct {
				ID int64 `json:"id"`
			} `json:"data"`
		}
		if resp.StatusCode != 200 || json.Unmarshal(out, &env) != nil || env.Code != 0 {
			return 0, took, fmt.Errorf("%s %s: HTTP %d %.200s", method, path, resp.StatusCode, out)
		}
		return env.Data.ID, took, nil
	}

	type result struct {
		dict, records []int64
		dictKey       map[int64]string // the last acknowledged key of each entry
		took          []time.Duration
		errs          []error
	}
	results := make([]result, writers)
	startGun := make(chan struct{})
	deadline := time.Now().Add(time.Duration(seconds) * time.Second)
	var wg sync.WaitGroup
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := &results[w]
			r.dictKey = map[int64]string{}
			<-startGun
			for i := 0; time.Now().Before(deadline); i++ {
				tag := fmt.Sprintf("w%d-%d", w, i)
				var id int64
				var took time.Duration
				var err error
				switch {
				case i%6 == 5 && len(r.dict) > 0: // rename the worker's last entry
					last := r.dict[len(r.dict)-1]
					key := "改 " + tag // and a value unique in the dictionary: the entry's id
					_, took, err = post("PUT", "/api/sys/dict/edit", map[string]any{"id": last, "key": key, "value": "v-" + strconv.FormatInt(last, 10)})
					if err == nil {
						r.dictKey[last] = key
					}
				case i%3 == 0:
					key := "词条 " + tag
					id, took, err = post("POST", "/api/sys/dict/add", map[string]any{"parentId": gid, "key": key, "value": "x-" + tag})
					if err == nil {
						r.dict = append(r.dict, id)
						r.dictKey[id] = key
					}
				case i%3 == 1:
					id, took, err = post("POST", "/api/library/license/add", map[string]any{"title": "并发证照 " + tag, "licenseType": "business", "holder": "并发公司", "number": tag, "validTo": "2031-01-01"})
					if err == nil {
						r.records = append(r.records, id)
					}
				default:
					id, took, err = post("POST", "/api/library/contract/add", map[string]any{"title": "并发合同 " + tag, "client": "并发客户", "amount": "1000.50", "signDate": "2024-01-02"})
					if err == nil {
						r.records = append(r.records, id)
					}
				}
				r.took = append(r.took, took)
				if err != nil {
					r.errs = append(r.errs, err)
				}
			}
		}()
	}
	began := time.Now()
	close(startGun)
	wg.Wait()
	elapsed := time.Since(began)

	var took []time.Duration
	var errs []error
	dictKey := map[int64]string{}
	var records []int64
	for _, r := range results {
		took = append(took, r.took...)
		errs = append(errs, r.errs...)
		records = append(records, r.records...)
		for id, k := range r.dictKey {
			dictKey[id] = k
		}
	}
	slices.Sort(took)
	pct := func(p float64) time.Duration {
		if len(took) == 0 {
			return 0
		}
		return took[min(len(took)-1, int(float64(len(took))*p))]
	}
	p50, p99, worst := pct(0.50), pct(0.99), pct(1)

	// every acknowledged write is stored: the entries with their last key, the records
	stored := map[int64]string{}
	rows, err := e.app.DB.Query(t.Context(), `SELECT id, dict_key FROM sys_dict WHERE parent_id = ?`, gid)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var id int64
		var k string
		if err := rows.Scan(&id, &k); err != nil {
			t.Fatal(err)
		}
		stored[id] = k
	}
	rows.Close()
	missing := 0
	for id, k := range dictKey {
		if stored[id] != k {
			missing++
			if missing <= 5 {
				t.Errorf("dictionary entry %d: stored key %q, acknowledged %q", id, stored[id], k)
			}
		}
	}
	var libStored int
	if err := e.app.DB.QueryRow(t.Context(), `SELECT COUNT(*) FROM lib_record WHERE deleted_at IS NULL AND (title LIKE '并发证照 %' OR title LIKE '并发合同 %')`).Scan(&libStored); err != nil {
		t.Fatal(err)
	}
	for _, id := range records {
		var n int
		if err := e.app.DB.QueryRow(t.Context(), `SELECT COUNT(*) FROM lib_record WHERE id = ? AND deleted_at IS NULL`, id).Scan(&n); err != nil || n != 1 {
			missing++
			if missing <= 5 {
				t.Errorf("library record %d acknowledged but not stored (%v)", id, err)
			}
		}
	}
	t.Logf("%s, %d writers for %s: %d requests (%.0f/s), %d errors; latency p50 %s, p99 %s, max %s; acknowledged %d dictionary entries and %d library records, %d missing (stored: %d entries, %d records)",
		e.app.DB.Dialect, writers, elapsed.Round(time.Millisecond), len(took), float64(len(took))/elapsed.Seconds(), len(errs),
		p50.Round(time.Millisecond), p99.Round(time.Millisecond), worst.Round(time.Millisecond),
		len(dictKey), len(records), missing, len(stored), libStored)
	for i, err := range errs {
		if i == 10 {
			t.Errorf("... and %d more errors", len(errs)-10)
			break
		}
		t.Error(err)
	}
	if len(dictKey) == 0 || len(records) == 0 {
		t.Fatalf("nothing acknowledged: %d entries, %d records", len(dictKey), len(records))
	}
	if len(stored) != len(dictKey) || libStored != len(records) {
		t.Errorf("stored %d entries and %d records, acknowledged %d and %d", len(stored), libStored, len(dictKey), len(records))
	}
	// The latency is a figure of the load run (make load-writes), not of the suite, which may share a loaded
	// machine: there a call that hangs is an error through the client's timeout, however long the others took.
	if load && p99 >= time.Second {
		t.Errorf("p99 %s, want under 1s", p99)
	}
}
