package stats

import (
	"context"
	"database/sql"

	"biddesk/internal/org"
	"biddesk/internal/platform/errs"
)

// Login is /personnel_login (GET /api/dataHumanResources/statistics): sign-ins per period, active accounts
// (signed in within the range) and accounts never signed in, by unit; with byPerson (or at a unit without
// subordinates) the unit's people.
func (s *Service) Login(ctx context.Context, lang string, f Filter) (_ *Report, err error) {
	defer errs.Wrap(&err, "stats: login")
	c, err := s.resolve(ctx, lang, f)
	if err != nil {
		return nil, err
	}
	r := c.report()
	cond, cargs := c.where("u.unit_code")
	rcond, rargs := c.where("s.unit_code")
	span := []any{c.from, c.to}
	d0, d1 := c.days2()
	labels := c.labels()
	b := c.dayBucket("s.day")
	src, sargs := c.rolled("stat_login", "unit_code, n", c.period == Month)
	srcAll, sargsAll := c.rolled("stat_login", "unit_code, n", true)
	var signIns Series
	var accounts, counts, active map[string][]int64
	// by unit: accounts and never signed in (sys_user), sign-ins (the rollup) and the accounts that signed in
	// within the range (one seek per account)
	if err := parallel(
		func() (err error) {
			signIns, err = c.series("signIns", c.tr("stats.c.signIns"), labels,
				`SELECT `+b+`, CAST(SUM(s.n) AS BIGINT) FROM `+src+` WHERE s.day >= ? AND s.day <= ? AND `+rcond+` GROUP BY `+b,
				append(append(sargs, d0, d1), rargs...)...)
			return err
		},
		func() (err error) {
			accounts, err = c.groups(2, `SELECT u.unit_code, COUNT(*), SUM(CASE WHEN u.last_login_at IS NULL THEN 1 ELSE 0 END)
				FROM sys_user u WHERE u.deleted_at IS NULL AND `+cond+` GROUP BY u.unit_code`, cargs...)
			return err
		},
		func() (err error) {
			counts, err = c.groups(1, `SELECT s.unit_code, CAST(SUM(s.n) AS BIGINT) FROM `+srcAll+` WHERE s.day >= ? AND s.day <= ? AND `+rcond+`
				GROUP BY s.unit_code`, append(append(sargsAll, d0, d1), rargs...)...)
			return err
		},
		func() (err error) {
			active, err = c.groups(1, `SELECT u.unit_code, COUNT(*) FROM sys_user u WHERE u.deleted_at IS NULL AND `+cond+`
				AND EXISTS (SELECT 1 FROM login_log l WHERE l.user_id = u.id AND l.created_at >= ? AND l.created_at < ? AND l.success = 1)
				GROUP BY u.unit_code`, append(append([]any{}, cargs...), span...)...)
			return err
		},
	); err != nil {
		return nil, err
	}
	r.Charts = append(r.Charts, Chart{Key: "trend", Title: c.tr("stats.t.loginTrend"), Kind: "line", Labels: labels, Series: []Series{signIns}})

	logins := map[string][]int64{}
	for code, v := range counts {
		logins[code] = []int64{v[0], 0}
	}
	for code, v := range active {
		if logins[code] == nil {
			logins[code] = []int64{0, 0}
		}
		logins[code][1] = v[0]
	}
	byUnit := map[string][]int64{}
	var total [4]int64
	for code, v := range accounts {
		byUnit[code] = []int64{v[0], 0, 0, v[1]}
	}
	for code, v := range logins {
		cur := byUnit[code]
		if cur == nil {
			cur = make([]int64, 4)
			byUnit[code] = cur
		}
		cur[1], cur[2] = v[0], v[1]
	}
	for _, v := range byUnit {
		for i := range total {
			total[i] += v[i]
		}
	}
	r.Summary = []Stat{c.stat("accounts", total[0]), c.stat("signIns", total[1]), c.stat("active", total[2]), c.stat("never", total[3])}

	if f.ByPerson || (c.unit != nil && c.unit.Leaf) {
		t, err := c.loginPeople(cond, cargs)
		if err != nil {
			return nil, err
		}
		r.Tables = append(r.Tables, t)
		return r, nil
	}
	bars, err := c.bars()
	if err != nil {
		return nil, err
	}
	cols := []Column{c.col("accounts", true), c.col("signIns", true), c.col("active", true), c.col("never", true)}
	ch, t := c.unitTable("loginUnits", bars, fold(bars, byUnit, 4), cols, []int{1, 2, 3})
	r.Charts = append(r.Charts, ch)
	r.Tables = append(r.Tables, t)
	return r, nil
}

// loginPeople is the table of the unit's people: sign-ins in the range and the last sign-in, most first.
func (c *call) loginPeople(cond string, cargs []any) (Table, error) {
	t := Table{Key: "loginPeople", Title: c.tr("stats.t.loginPeople"), Columns: []Column{
		c.col("loginCode", false), c.col("userName", false), c.col("unitName", false), c.col("signIns", true), c.col("lastLogin", false)}}
	t.Rows = []map[string]any{}
	args := append([]any{c.from, c.to}, cargs...)

	err := forEach(c, `SELECT u.login_code, u.user_name, COALESCE(`+org.LabelSQL("o")+`, ''), u.last_login_at,
		(SELECT COUNT(*) FROM login_log l WHERE l.user_id = u.id AND l.created_at >= ? AND l.created_at < ? AND l.success = 1) AS n
		FROM sys_user u LEFT JOIN org_unit o ON o.full_unit_code = u.unit_code
		WHERE u.deleted_at IS NULL AND `+cond+` ORDER BY n DESC, u.login_code LIMIT `+itoa(MaxRows), args, func(row func(...any) error) error {
		var code, name, unit string
		var last sql.NullTime
		var n int64
		if err := row(&code, &name, &unit, &last, &n); err != nil {
			return err
		}
		lastText := ""
		if last.Valid {
			lastText = last.Time.In(c.s.Loc).Format("2006-01-02 15:04")
		}
		t.Rows = append(t.Rows, map[string]any{"loginCode": code, "userName": name, "unitName": unit, "signIns": n, "lastLogin": lastText})
		return nil
	})
	return t, err
}
