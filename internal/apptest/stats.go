package apptest

import (
	"encoding/json"
	"net/url"
	"testing"

	"biddesk/internal/stats"
)

// StatsReport GETs a statistics call (stats.PathPersonnel, ...) with the query q and decodes its report; it
// fails the test on a refusal.
func (e *Env) StatsReport(token, path string, q url.Values) *stats.Report {
	e.T.Helper()
	_, r := e.Call("GET", path+"?"+q.Encode(), token, nil)
	if r.Code != 0 {
		e.T.Fatalf("%s?%s: %+v", path, q.Encode(), r)
	}
	var rep stats.Report
	if err := json.Unmarshal(r.Data, &rep); err != nil {
		e.T.Fatal(err)
	}
	return &rep
}

// StatsChart is the chart key of a report; it fails the test when there is none.
func StatsChart(t testing.TB, r *stats.Report, key string) stats.Chart {
	t.Helper()
	for _, c := range r.Charts {
		if c.Key == key {
			return c
		}
	}
	t.Fatalf("no chart %q in %+v", key, r.Charts)
	return stats.Chart{}
}

// StatsTable is the table key of a report; it fails the test when there is none.
func StatsTable(t testing.TB, r *stats.Report, key string) stats.Table {
	t.Helper()
	for _, tb := range r.Tables {
		if tb.Key == key {
			return tb
		}
	}
	t.Fatalf("no table %q", key)
	return stats.Table{}
}
