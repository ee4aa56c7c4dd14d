package app_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"biddesk/internal/platform/db"
)

// seedBigOrg adds a 10,000-unit tree below the subordinate-companies node (100 companies of
// 99 departments, nested codes) and 100,000 employees spread over the departments.
func seedBigOrg(b *testing.B, d *db.DB) {
	b.Helper()
	ctx := context.Background()
	err := d.InTx(ctx, func(tx *db.Tx) error {
		insert := func(stmt string, rows [][]any) error {
			const batch = 400
			for start := 0; start < len(rows); start += batch {
				end := min(start+batch, len(rows))
				var sb strings.Builder
				sb.WriteString(stmt)
				var args []any
				for i, r := range rows[start:end] {
					if i > 0 {
						sb.WriteString(", ")
					}
					sb.WriteString("(" + strings.TrimSuffix(strings.Repeat("?, ", len(r)), ", ") + ")")
					args = append(args, r...)
				}
				if _, err := tx.Exec(ctx, sb.String(), args...); err != nil {
					return err
				}
			}
			return nil
		}
		var units, emps [][]any
		var depts []string
		for c := 0; c < 100; c++ {
			cc := fmt.Sprintf("1003%03d", c)
			units = append(units, []any{cc, "1002", fmt.Sprintf("基准公司%03d", c), "华信服务集团,区域公司,基准公司", 3, 1, 1000 + c})
			for k := 0; k < 99; k++ {
				dc := fmt.Sprintf("%s%03d", cc, k)
				units = append(units, []any{dc, cc, fmt.Sprintf("基准部门%03d-%02d", c, k), "华信服务集团,区域公司,基准公司,基准部门", 4, 2, k})
				depts = append(depts, dc)
			}
		}
		for i := 0; i < 100_000; i++ {
			emps = append(emps, []any{fmt.Sprintf("BM%06d", i), fmt.Sprintf("基准员工%d", i), depts[i%len(depts)], fmt.Sprintf("138%08d", i), fmt.Sprintf("bm%06d@bench.cn", i)})
		}
		if err := insert(`INSERT INTO org_unit (full_unit_code, parent_full_unit_code, unit_name, full_unit_name, level, unit_type, sort) VALUES `, units); err != nil {
			return err
		}
		return insert(`INSERT INTO employee (code, name, unit_code, phone, email) VALUES `, emps)
	})
	if err != nil {
		b.Fatal(err)
	}
	if _, err := d.Exec(ctx, "ANALYZE"); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkOrgLookups measures the picker's calls over HTTP on a 10,000-unit tree with
// 100,000 employees: expanding a node, searching a unit name (with and without a data
// rule), and resolving 1000 pasted employee codes.
func BenchmarkOrgLookups(b *testing.B) {
	e := newEnv(b)
	seedBigOrg(b, e.app.DB)
	tok := e.login("admin", "Admin@123").AccessToken
	staff := e.login("staff", "Staff@123").AccessToken
	codes := make([]string, 1000)
	for i := range codes {
		codes[i] = fmt.Sprintf("BM%06d", i*97)
	}
	pasted, _ := json.Marshal(map[string]any{"employeeCodes": codes})
	sel := "/motivate/project/config/selectOrgCode?"
	for _, c := range []struct {
		name, method, path, token string
		body                      []byte
	}{
		{"expand/1002 (114 children)", "GET", sel + "fullUnitCode=1002", tok, nil},
		{"expand/company (99 departments)", "GET", sel + "fullUnitCode=1003050", tok, nil},
		{"search/name", "GET", sel + "unitName=" + url.QueryEscape("部门050-4"), tok, nil},
		{"search/name+data-rule", "GET", sel + "unitName=" + url.QueryEscape("部") + "&isDataRule=true&moduleName=library", staff, nil},
		{"tree/whole", "GET", "/api/dataHumanResources/tree", tok, nil},
		{"selector/1000-codes", "POST", "/api/employee/selector", tok, pasted},
	} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				req, _ := http.NewRequest(c.method, e.srv.URL+c.path, bytes.NewReader(c.body))
				req.Header.Set("Authorization", "Bearer "+c.token)
				if c.body != nil {
					req.Header.Set("Content-Type", "application/json")
				}
				resp, err := http.DefaultClient.Do(req)
				if err != nil || resp.StatusCode != 200 {
					b.Fatal(err)
				}
				resp.Body.Close()
			}
		})
	}
}
