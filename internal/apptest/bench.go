package apptest

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"biddesk/internal/org"
	"biddesk/internal/platform/db"
)

// SeedLibrary adds n published records of each type key, spread over the demo organisation's units, with
// expiry dates from two years ago to three years ahead, in batches of 200 records of each type per statement.
func SeedLibrary(b testing.TB, d *db.DB, n int, types ...string) {
	b.Helper()
	var units []string
	for _, u := range org.DemoUnits() {
		units = append(units, u.Code())
	}
	companies := []string{"华东物业服务有限公司", "城市设施管理有限公司", "智慧后勤科技有限公司", "远景保洁服务有限公司", "恒信信息技术有限公司"}
	words := []string{"营业执照", "物业服务", "质量管理体系认证", "安全生产许可证", "设施管理", "保洁服务", "信息技术服务", "后勤保障"}
	ctx := context.Background()
	now := time.Now().UTC()
	today := now.Truncate(24 * time.Hour)
	const batch = 200
	// the types interleaved, as records of every type arrive day by day
	err := d.InTx(ctx, func(tx *db.Tx) error {
		for start := 0; start < n; start += batch {
			var sb strings.Builder
			sb.WriteString(`INSERT INTO lib_record (type, title, code, holder, unit_code, valid_to, status, search_text, data, created_at, updated_at) VALUES `)
			args := make([]any, 0, batch*len(types)*9)
			for i := start; i < start+batch && i < n; i++ {
				for k, typ := range types {
					if i > start || k > 0 {
						sb.WriteString(", ")
					}
					sb.WriteString("(?, ?, ?, ?, ?, ?, 'published', ?, '{}', ?, ?)")
					title := fmt.Sprintf("%s%s第%d号", companies[i%len(companies)], words[i%len(words)], i)
					code := fmt.Sprintf("%s-%07d", strings.ToUpper(typ[:2]), i)
					validTo := today.AddDate(0, 0, i%1825-730).Format("2006-01-02")
					args = append(args, typ, title, code, companies[i%len(companies)], units[i%len(units)], validTo,
						strings.ToLower(title+" "+code), now.Add(time.Duration(i)*time.Second), now)
				}
			}
			if _, err := tx.Exec(ctx, sb.String(), args...); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	Settle(b, d)
}

// Settle brings a freshly seeded database to where autovacuum would have it by the time users arrive: fresh
// statistics and, on PostgreSQL, the visibility map that lets a count read an index alone.
func Settle(b testing.TB, d *db.DB) {
	b.Helper()
	analyze := "ANALYZE"
	if d.Dialect == db.Postgres {
		analyze = "VACUUM ANALYZE"
	}
	if _, err := d.Exec(context.Background(), analyze); err != nil {
		b.Fatal(err)
	}
}
