package app

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"sort"
	"strings"
	"time"

	"biddesk/internal/access"
	"biddesk/internal/auth"
	"biddesk/internal/platform/db"
)

// The demo company's past (issue 28): about 150 employees' accounts and a year of what they did, shaped like a
// working company's — busy weekdays, quiet weekends and holidays, busier month ends and tender seasons (March-April,
// September-November) — so that every trend of the statistics has a believable shape instead of one spike today.
// Written as plain SQL rows of the tables the areas write (login_log, file_download, sys_file, lib_record,
// business_log, lib_ca_loan), then folded into the statistics rollups as a statistics call would fold them.
// Config.DemoWithoutHistory leaves all of it out (the Go tests, which count sign-ins, downloads and records).

// demoAccounts is how many employees' accounts the history adds.
const demoAccounts = 150

type demoAccount struct {
	id                     int64
	login, name, unit, emp string
	created                time.Time
	left                   time.Time // the day the account was disabled (zero: still in use)
	activity               float64   // the chance of a sign-in on a busy weekday
}

type demoFile struct {
	id, recordID int64
	recordType   string
	created      time.Time
}

type demoHistory struct {
	a        *App
	rng      *rand.Rand
	loc      *time.Location
	now      time.Time
	today    time.Time // midnight today, in loc
	adminID  int64
	people   []*demoAccount
	byUnit   map[string][]*demoAccount // accounts by unit code
	days     []time.Time               // the sampler's days (the last three years)
	cumul    []float64                 // their cumulative weights
	files    []demoFile
	holidays map[string]bool
}

// seedDemoHistory writes the demo company's past; it runs last, over the demo data of every area.
func (a *App) seedDemoHistory(ctx context.Context) error {
	if a.Config.DemoWithoutHistory {
		return nil
	}
	now := time.Now()
	loc := time.Local
	t := now.In(loc)
	h := &demoHistory{a: a, rng: rand.New(rand.NewPCG(28, 2026)), loc: loc, now: now,
		today: time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, loc), byUnit: map[string][]*demoAccount{}}
	h.holidays = demoHolidays()
	h.sampler(3 * 365)
	if err := a.DB.QueryRow(ctx, `SELECT id FROM sys_user WHERE login_code = 'admin'`).Scan(&h.adminID); err != nil {
		return fmt.Errorf("demo history: the admin account: %w", err)
	}
	steps := []struct {
		name string
		fn   func(context.Context) error
	}{
		{"accounts", h.accounts},
		{"library records", h.records},
		{"earlier records", h.backdate},
		{"changes", h.changes},
		{"CA key loans", h.loans},
		{"sign-ins and downloads", h.activity},
	}
	for _, s := range steps {
		if err := s.fn(ctx); err != nil {
			return fmt.Errorf("demo history: %s: %w", s.name, err)
		}
	}
	// what every statistics call would do first: fold the events into the daily and monthly rollups
	if err := a.stats.Refresh(ctx); err != nil {
		return fmt.Errorf("demo history: statistics rollups: %w", err)
	}
	return nil
}

/* ---------- the shape of a year ---------- */

// demoHolidays are the public holidays of the years around now (New Year, the Spring Festival, Labour Day, the
// National Day week): days as quiet as a Sunday.
func demoHolidays() map[string]bool {
	out := map[string]bool{}
	span := func(from string, days int) {
		d, _ := time.Parse("2006-01-02", from)
		for i := range days {
			out[d.AddDate(0, 0, i).Format("2006-01-02")] = true
		}
	}
	for y := time.Now().Year() - 3; y <= time.Now().Year()+1; y++ {
		span(fmt.Sprintf("%d-01-01", y), 1)
		span(fmt.Sprintf("%d-05-01", y), 5)
		span(fmt.Sprintf("%d-10-01", y), 7)
	}
	for _, d := range []string{"2023-01-21", "2024-02-10", "2025-01-28", "2026-02-15", "2027-02-05"} { // the Spring Festival weeks
		span(d, 8)
	}
	return out
}

// weight is how busy a day is: 1 on an ordinary weekday.
func (h *demoHistory) weight(d time.Time) float64 {
	if h.holidays[d.Format("2006-01-02")] {
		return 0.05
	}
	w := 1.0
	switch d.Weekday() {
	case time.Saturday:
		w = 0.12
	case time.Sunday:
		w = 0.06
	}
	return w * h.season(d)
}

// season is the factor of the time of year and month: the tender seasons and the last days of a month (reports,
// deadlines) are busier, midsummer and the weeks around the Spring Festival quieter.
func (h *demoHistory) season(d time.Time) float64 {
	f := 1.0
	switch d.Month() {
	case time.March, time.April:
		f = 1.45
	case time.September, time.October, time.November:
		f = 1.35
	case time.July, time.August:
		f = 0.8
	case time.January, time.February:
		f = 0.85
	}
	if last := time.Date(d.Year(), d.Month()+1, 0, 0, 0, 0, 0, d.Location()).Day(); d.Day() > last-4 {
		f *= 1.3
	}
	return f
}

// sampler prepares day() over the last n days before today.
func (h *demoHistory) sampler(n int) {
	var sum float64
	for i := n; i >= 1; i-- {
		d := h.today.AddDate(0, 0, -i)
		sum += h.weight(d)
		h.days = append(h.days, d)
		h.cumul = append(h.cumul, sum)
	}
}

// day draws a past day no earlier than from (and before today), the busier the likelier.
func (h *demoHistory) day(from time.Time) time.Time {
	lo := sort.Search(len(h.days), func(i int) bool { return !h.days[i].Before(from) })
	if lo >= len(h.days) {
		return h.today.AddDate(0, 0, -1)
	}
	base := 0.0
	if lo > 0 {
		base = h.cumul[lo-1]
	}
	x := base + h.rng.Float64()*(h.cumul[len(h.cumul)-1]-base)
	return h.days[min(sort.SearchFloat64s(h.cumul, x), len(h.days)-1)]
}

// at is a time of day d: office hours on a working day (a morning peak), any daytime on a quiet one.
func (h *demoHistory) at(d time.Time) time.Time {
	var minutes float64
	if h.weight(d) < 0.5 {
		minutes = 9*60 + h.rng.Float64()*8*60
	} else {
		minutes = 8*60 + 50 + h.rng.NormFloat64()*45
		if h.rng.IntN(3) == 0 {
			minutes = 13*60 + 30 + h.rng.Float64()*4*60
		}
		minutes = math.Max(7*60+30, math.Min(minutes, 21*60))
	}
	return d.Add(time.Duration(minutes*60+h.rng.Float64()*60) * time.Second)
}

// ago is midnight n days before today.
func (h *demoHistory) ago(n int) time.Time { return h.today.AddDate(0, 0, -n) }

func (h *demoHistory) poisson(mean float64) int {
	l, k, p := math.Exp(-mean), 0, 1.0
	for {
		p *= h.rng.Float64()
		if p <= l {
			return k
		}
		k++
	}
}

/* ---------- accounts ---------- */

// accounts gives every third demo employee (about 150, in units all over the company) a staff account: one argon2id
// hash of a random password nobody knows serves them all (nobody signs in to them). A few have been disabled, a few
// never signed in; most were opened one to three years ago, some during the year.
func (h *demoHistory) accounts(ctx context.Context) error {
	pw, err := randomPassword()
	if err != nil {
		return err
	}
	hash, err := auth.HashPassword(pw + pw) // longer than any password a person types; never shown
	if err != nil {
		return err
	}
	rows, err := h.a.DB.Query(ctx, `SELECT e.code, e.name, e.unit_code, e.phone, e.email FROM employee e
		WHERE e.in_status = 1 AND NOT EXISTS (SELECT 1 FROM sys_user u WHERE u.employee_code = e.code) ORDER BY e.code`)
	if err != nil {
		return err
	}
	type emp struct{ code, name, unit, phone, email string }
	var emps []emp
	for i := 0; rows.Next(); i++ {
		var e emp
		if err := rows.Scan(&e.code, &e.name, &e.unit, &e.phone, &e.email); err != nil {
			rows.Close()
			return err
		}
		if i%3 == 0 && len(emps) < demoAccounts {
			emps = append(emps, e)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	err = h.a.DB.InTx(ctx, func(tx *db.Tx) error {
		for k, e := range emps {
			p := &demoAccount{login: strings.ToLower(e.code), name: e.name, unit: e.unit, emp: e.code}
			switch {
			case k%5 == 0: // joined during the year
				p.created = h.at(h.ago(20 + h.rng.IntN(320)))
			default:
				p.created = h.at(h.ago(400 + h.rng.IntN(700)))
			}
			switch r := k % 20; {
			case r < 3:
				p.activity = 0.85 + h.rng.Float64()*0.1
			case r < 13:
				p.activity = 0.45 + h.rng.Float64()*0.2
			default:
				p.activity = 0.12 + h.rng.Float64()*0.15
			}
			state := 1
			if k%19 == 7 { // opened, never used
				p.activity = 0
			}
			if k%25 == 11 { // left the company: disabled
				p.left = h.ago(15 + h.rng.IntN(200))
				state = 0
			}
			id, err := tx.Insert(ctx, `INSERT INTO sys_user (login_code, user_name, password_hash, state, update_pwd, user_type, employee_code, unit_code,
				phone, email, created_at, updated_at) VALUES (?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?)`,
				p.login, p.name, hash, state, auth.SiteStaff, e.code, e.unit, e.phone, e.email, p.created.UTC(), p.created.UTC())
			if err != nil {
				return fmt.Errorf("account %s: %w", p.login, err)
			}
			p.id = id
			if _, err := tx.Exec(ctx, `INSERT INTO sys_user_role (user_id, role_id) SELECT CAST(? AS BIGINT), id FROM sys_role WHERE code = ?`, id, access.RoleStaff); err != nil {
				return err
			}
			h.people = append(h.people, p)
		}
		// the demo's named accounts have worked here for years too (their sign-ins go back a year; the accounts keep
		// their creation at seeding, so the account list, newest first, opens on them)
		for _, n := range []struct {
			login    string
			activity float64
		}{{"admin", 0.9}, {"libadmin", 0.8}, {"staff", 0.6}} {
			p := &demoAccount{login: n.login, activity: n.activity, created: h.at(h.ago(900 + h.rng.IntN(100)))}
			if err := tx.QueryRow(ctx, `SELECT id, user_name, unit_code, employee_code FROM sys_user WHERE login_code = ?`, n.login).Scan(&p.id, &p.name, &p.unit, &p.emp); err != nil {
				return fmt.Errorf("account %s: %w", n.login, err)
			}
			h.people = append(h.people, p)
		}
		return nil
	})
	if err != nil {
		return err
	}
	for _, p := range h.people {
		h.byUnit[p.unit] = append(h.byUnit[p.unit], p)
	}
	return nil
}

// staffOf answers the accounts of a unit and its subordinates (code prefix), the bid and market departments first.
func (h *demoHistory) staffOf(prefix string) []*demoAccount {
	var first, rest []*demoAccount
	for unit, ps := range h.byUnit {
		if unit == "" || !strings.HasPrefix(unit, prefix) {
			continue
		}
		for _, p := range ps {
			if p.activity == 0 || !p.left.IsZero() {
				continue
			}
			if len(unit) > len(prefix) && (strings.HasSuffix(unit, "003") || strings.HasSuffix(unit, "002")) {
				first = append(first, p)
			} else {
				rest = append(rest, p)
			}
		}
	}
	byID := func(s []*demoAccount) { sort.Slice(s, func(i, j int) bool { return s[i].id < s[j].id }) }
	byID(first)
	byID(rest)
	return append(first, rest...)
}

// alive tells whether p could act at t (the account existed and was not disabled yet).
func (p *demoAccount) alive(t time.Time) bool {
	return !t.Before(p.created) && (p.left.IsZero() || t.Before(p.left))
}

/* ---------- sign-ins and downloads ---------- */

var demoAgents = []struct{ agent, os string }{
	{"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/128.0.0.0 Safari/537.36", "Windows"},
	{"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0", "Windows"},
	{"Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15", "macOS"},
	{"Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0", "Windows"},
}

// activity writes a year of sign-ins (each account on a day with the chance its activity and the day's weight give;
// the busiest sign in again after lunch; now and then a mistyped password first) and the downloads of the signed-in
// (a few per sign-in, more in the tender seasons, the popular materials most), then the accounts' last sign-in and
// the records' download counts.
func (h *demoHistory) activity(ctx context.Context) error {
	type event struct {
		login, reason   string
		user            int64
		success         int
		ip, agent, os   string
		at              time.Time
		file            *demoFile
		downloadingUser int64
	}
	// the materials in order of popularity (the drawing favours the first), and the earliest each can be had
	// (the licences, plans and toolkits most wanted, the CA keys' scans and the announcements least)
	popular := map[string]float64{"license": 1.6, "plan": 1.5, "toolkit": 1.4, "expert": 1.2, "tender": 1.1, "contract": 1.0, "honor": 0.8, "announcement": 0.5, "cakey": 0.4}
	files := append([]demoFile(nil), h.files...)
	score := make(map[int64]float64, len(files))
	for _, f := range files {
		w := popular[strings.TrimPrefix(f.recordType, "library.")]
		score[f.id] = w * (0.3 + h.rng.Float64())
	}
	sort.SliceStable(files, func(i, j int) bool { return score[files[i].id] > score[files[j].id] })
	var signIns, downloads []event
	start := h.ago(364)
	for d := start; !d.After(h.today); d = d.AddDate(0, 0, 1) {
		w := h.weight(d)
		for i, p := range h.people {
			if p.activity == 0 {
				continue
			}
			chance := math.Min(0.97, p.activity*w)
			if h.rng.Float64() >= chance {
				continue
			}
			times := []time.Time{h.at(d)}
			if p.activity > 0.8 && w > 0.5 && h.rng.IntN(3) == 0 {
				times = append(times, d.Add(time.Duration(13*3600+h.rng.IntN(4*3600))*time.Second))
			}
			agent := demoAgents[(i+int(p.id))%len(demoAgents)]
			ip := fmt.Sprintf("10.%d.%d.%d", 16+int(p.id)%8, 1+int(p.id/7)%200, 10+int(p.id)%240)
			for _, t := range times {
				if !p.alive(t) || !t.Before(h.now) {
					continue
				}
				if h.rng.IntN(60) == 0 && t.Before(h.today) {
					signIns = append(signIns, event{login: p.login, user: p.id, reason: "bad_password", ip: ip, agent: agent.agent, os: agent.os, at: t.Add(-40 * time.Second)})
				}
				signIns = append(signIns, event{login: p.login, user: p.id, success: 1, ip: ip, agent: agent.agent, os: agent.os, at: t})
				if len(files) == 0 {
					continue
				}
				for range h.poisson(0.5 * h.season(d)) {
					at := t.Add(time.Duration(2+h.rng.IntN(180)) * time.Minute)
					if !at.Before(h.now) {
						continue
					}
					for try := 0; try < 6; try++ {
						f := &files[int(float64(len(files))*math.Pow(h.rng.Float64(), 1.6))]
						if f.created.Before(at) {
							downloads = append(downloads, event{file: f, downloadingUser: p.id, at: at})
							break
						}
					}
				}
			}
		}
	}
	sort.SliceStable(signIns, func(i, j int) bool { return signIns[i].at.Before(signIns[j].at) })
	sort.SliceStable(downloads, func(i, j int) bool { return downloads[i].at.Before(downloads[j].at) })
	return h.a.DB.InTx(ctx, func(tx *db.Tx) error {
		if err := insertRows(ctx, tx, `INSERT INTO login_log (login_code, user_id, success, reason, client_ip, user_agent, os, site, created_at) VALUES `,
			9, len(signIns), func(i int) []any {
				e := signIns[i]
				return []any{e.login, e.user, e.success, e.reason, e.ip, e.agent, e.os, auth.SiteStaff, e.at.UTC()}
			}); err != nil {
			return err
		}
		if err := insertRows(ctx, tx, `INSERT INTO file_download (file_id, user_id, record_type, record_id, created_at) VALUES `,
			5, len(downloads), func(i int) []any {
				e := downloads[i]
				return []any{e.file.id, e.downloadingUser, e.file.recordType, e.file.recordID, e.at.UTC()}
			}); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE sys_user SET last_login_at = (SELECT MAX(l.created_at) FROM login_log l WHERE l.user_id = sys_user.id AND l.success = 1)
			WHERE EXISTS (SELECT 1 FROM login_log l WHERE l.user_id = sys_user.id AND l.success = 1)`); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `UPDATE lib_record SET downloads = downloads + (SELECT COUNT(*) FROM file_download d WHERE d.record_id = lib_record.id
			AND d.record_type = 'library.' || lib_record.type) WHERE EXISTS (SELECT 1 FROM file_download d WHERE d.record_id = lib_record.id)`)
		return err
	})
}

// insertRows inserts n rows of width columns with multi-row statements of up to 400 rows.
func insertRows(ctx context.Context, tx *db.Tx, head string, width, n int, row func(int) []any) error {
	const batch = 400
	one := "(" + strings.TrimSuffix(strings.Repeat("?, ", width), ", ") + ")"
	for lo := 0; lo < n; lo += batch {
		hi := min(n, lo+batch)
		args := make([]any, 0, (hi-lo)*width)
		for i := lo; i < hi; i++ {
			args = append(args, row(i)...)
		}
		if _, err := tx.Exec(ctx, head+strings.TrimSuffix(strings.Repeat(one+", ", hi-lo), ", "), args...); err != nil {
			return err
		}
	}
	return nil
}
