package stats

import (
	"context"
	"sort"
	"strconv"
	"time"

	"biddesk/internal/org"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/errs"
	"biddesk/internal/platform/httpx"
)

// FunTraining is the menu code of /statistics_training.
const FunTraining = "statistics_training"

// CompletionPercent is the attendance at or above which a trainee completes a class: the sessions signed in
// (present or late) over the class's sessions.
const CompletionPercent = 80

const (
	PathTraining       = "/api/sys/statistics/training"
	PathTrainingExport = "/api/sys/statistics/exportTraining"
)

// minutes is the SQL of a session's length in minutes.
func (c *call) minutes(alias string) string {
	if c.s.db.Dialect == db.Postgres {
		return "CAST(EXTRACT(EPOCH FROM (" + alias + ".ends_at - " + alias + ".starts_at)) / 60 AS BIGINT)"
	}
	return "CAST(ROUND((julianday(" + alias + ".ends_at) - julianday(" + alias + ".starts_at)) * 1440) AS INTEGER)"
}

// materialized keeps a WITH query's rows computed once (SQLite would otherwise fold it into the outer query and
// compute each session's month and length per sign-in).
func (c *call) materialized() string { return "MATERIALIZED" }

// crossJoin is CROSS JOIN (the join's condition in WHERE): SQLite keeps the left table the outer loop, so a GROUP BY
// on its index's leading column reads the rows in order instead of sorting them; PostgreSQL plans it as any join.
func (c *call) crossJoin() string { return "CROSS JOIN" }

// hours turns minutes into hours with one decimal.
func hours(minutes int64) float64 { return float64((minutes*10+30)/60) / 10 }

// percent is part of whole in per cent with one decimal (0 when whole is 0).
func percent(part, whole int64) float64 {
	if whole == 0 {
		return 0
	}
	return float64((part*1000+whole/2)/whole) / 10
}

// Training is /statistics_training, the training of a year (a unit): per unit the trainees, the sessions they
// held a seat in that have started, those they signed in to (attendance), the trainees of the year's closed classes
// and those who completed them (attendance at least CompletionPercent), and the hours attended; per month the hours
// and sign-ins; per employee the hours and sessions; per lecturer the sessions and hours taught. A unit is the
// trainee's account's unit (a lecturer's: the class's organising unit). A lecturer's rating is the average of the
// lecturer stars of the evaluations given in the year (training_evaluation), with their count.
func (s *Service) Training(ctx context.Context, lang string, f Filter) (_ *Report, err error) {
	defer errs.Wrap(&err, "stats: training")
	year := s.now().In(s.Loc).Year()
	if f.Year != nil {
		year = *f.Year
	}
	if year < 2000 || year > 2200 {
		return nil, httpx.BadRequest("stats.bad_year")
	}
	f.StartTime = strconv.Itoa(year) + "-01-01"
	f.EndTime = strconv.Itoa(year) + "-12-31"
	f.Period = Month
	c, err := s.resolve(ctx, lang, f)
	if err != nil {
		return nil, err
	}
	r := c.report()
	cond, cargs := c.where("u.unit_code")
	now := s.now().UTC()
	cut := c.to
	if now.Before(cut) {
		cut = now
	}
	yearArgs := []any{c.from, c.to}
	attendedState := `g.state IN ('present', 'late')`
	first, last := f.StartTime, f.EndTime

	people := Table{Key: "trainingPeople", Title: c.tr("stats.t.trainingPeople"), NoTotal: true, Rows: []map[string]any{},
		Columns: []Column{c.col("login", false), c.col("name", false), c.col("unit", false), c.col("sessionsAttended", true), c.col("hours", true)}}
	lecturers := Table{Key: "trainingLecturers", Title: c.tr("stats.t.trainingLecturers"), NoTotal: true, Rows: []map[string]any{},
		Columns: []Column{c.col("lecturer", false), c.col("lecturerKind", false), c.col("classes", true), c.col("sessions", true), c.col("hours", true),
			c.col("evaluations", true), {Key: "rating", Title: c.tr("stats.c.rating"), Number: true, Distinct: true}}}
	type person struct {
		unitCode                                     string
		sessions, minutes, started, closed, complete int64
		employee, certified                          bool
	}
	users := map[int64]*person{}
	type perUser struct {
		user, a, b, c int64
	}
	var signed, seated []perUser
	var certifiedIDs []int64
	sessionCount := map[int64]int64{}
	sessionMonth := map[int64]string{}
	sessionMinutes := map[int64]int64{}
	scoped := !c.vis.All || c.unit != nil
	three := func(rows *[]perUser) func(scan func(...any) error) error {
		return func(scan func(...any) error) error {
			var p perUser
			if err := scan(&p.user, &p.a, &p.b, &p.c); err != nil {
				return err
			}
			*rows = append(*rows, p)
			return nil
		}
	}
	closed := `k.state IN ('closed', 'archived') AND k.start_date >= ? AND k.start_date <= ?`
	err = parallel(
		func() error { // the accounts in scope
			// (an employee: a staff account not deleted, counted by the certification rate)
			return forEach(c, `SELECT u.id, u.unit_code, CASE WHEN u.user_type = 'staff' AND u.deleted_at IS NULL THEN 1 ELSE 0 END FROM sys_user u WHERE `+cond,
				cargs, func(scan func(...any) error) error {
					var id int64
					p := &person{}
					if err := scan(&id, &p.unitCode, &p.employee); err != nil {
						return err
					}
					users[id] = p
					return nil
				})
		},
		func() error { // the accounts holding a live (not revoked) certificate issued in the year
			return forEach(c, `SELECT DISTINCT t.user_id FROM training_certificate t WHERE t.state = 'valid' AND t.issued_on >= ? AND t.issued_on <= ?`,
				[]any{first, last}, func(scan func(...any) error) error {
					var id int64
					if err := scan(&id); err != nil {
						return err
					}
					certifiedIDs = append(certifiedIDs, id)
					return nil
				})
		},
		func() error { // per account: sign-ins (present or late) of the year's sessions and their minutes
			// the seats' maintained counts (training_seat_count, migration 066) of the classes whose sessions all
			// start in the year, and the sign-ins themselves of the few classes with sessions in another year too
			in := func(col string) (string, []any) {
				if !scoped {
					return "", nil
				}
				return ` AND ` + col + ` IN (SELECT u.id FROM sys_user u WHERE ` + cond + `)`, cargs
			}
			in1, args1 := in("s.user_id")
			in2, args2 := in("g.user_id")
			args := append(append([]any{c.from, c.to}, args1...), c.to, c.from, c.from, c.to, c.from, c.to)
			return forEach(c, `WITH k AS `+c.materialized()+` (SELECT x.class_id, MIN(x.starts_at) AS a, MAX(x.starts_at) AS b FROM training_session x GROUP BY x.class_id)
				SELECT s.user_id, SUM(s.attended), SUM(s.minutes), 0 FROM training_seat_count s JOIN k ON k.class_id = s.class_id
				WHERE k.a >= ? AND k.b < ?`+in1+` GROUP BY s.user_id
				UNION ALL
				SELECT g.user_id, COUNT(*), SUM(`+c.minutes("x")+`), 0 FROM k JOIN training_session x ON x.class_id = k.class_id
				JOIN training_signin g ON g.session_id = x.id
				WHERE k.a < ? AND k.b >= ? AND (k.a < ? OR k.b >= ?) AND x.starts_at >= ? AND x.starts_at < ? AND `+attendedState+in2+`
				GROUP BY g.user_id`, append(args, args2...), three(&signed))
		},
		func() error { // per account: sessions started in the year of the classes they hold a seat in; seats in the year's closed classes and those completed
			// (the seat's maintained count of sign-ins, training_seat_count)
			seatIn, seatArgs := "", []any(nil)
			if scoped {
				seatIn, seatArgs = ` AND en.user_id IN (SELECT u.id FROM sys_user u WHERE `+cond+`)`, cargs
			}
			return forEach(c, `WITH t AS `+c.materialized()+` (SELECT x.class_id, SUM(CASE WHEN x.starts_at >= ? AND x.starts_at < ? THEN 1 ELSE 0 END) AS started,
					COUNT(*) AS total FROM training_session x GROUP BY x.class_id)
				SELECT en.user_id, SUM(t.started), SUM(CASE WHEN `+closed+` THEN 1 ELSE 0 END),
					SUM(CASE WHEN `+closed+` AND 100 * COALESCE(sc.attended, 0) >= ? * t.total THEN 1 ELSE 0 END)
				FROM training_enrolment en `+c.crossJoin()+` t JOIN training_class k ON k.id = en.class_id
				LEFT JOIN training_seat_count sc ON sc.class_id = en.class_id AND sc.user_id = en.user_id
				WHERE t.class_id = en.class_id AND en.state = 'enrolled' AND (t.started > 0 OR `+closed+`)`+seatIn+` GROUP BY en.user_id`,
				append([]any{c.from, cut, first, last, first, last, CompletionPercent, first, last}, seatArgs...), three(&seated))
		},
		func() error { // per session of the year: its month, length and sign-ins (of accounts in scope)
			// the whole company: the session's maintained count (training_session.attended, migration 066); a scope:
			// the sign-ins of the accounts in scope, by the index on the account
			with, n, join, args := "", `x.attended`, "", []any{}
			if scoped {
				with = `WITH n AS ` + c.materialized() + ` (SELECT g.session_id, COUNT(*) AS c FROM sys_user u JOIN training_signin g ON g.user_id = u.id
					WHERE ` + cond + ` AND ` + attendedState + ` GROUP BY g.session_id) `
				n, join, args = `COALESCE(n.c, 0)`, ` LEFT JOIN n ON n.session_id = x.id`, cargs
			}
			return forEach(c, with+`SELECT x.id, `+c.bucket("x.starts_at")+`, `+c.minutes("x")+`, `+n+`
				FROM training_session x`+join+` WHERE x.starts_at >= ? AND x.starts_at < ?`, append(args, yearArgs...), func(scan func(...any) error) error {
				var id, minutes, n int64
				var month string
				if err := scan(&id, &month, &minutes, &n); err != nil {
					return err
				}
				sessionCount[id], sessionMonth[id], sessionMinutes[id] = n, month, minutes
				return nil
			})
		},
		func() error { // per lecturer: sessions of the year that have ended, of classes of units in scope
			lcond, largs := c.where("k.unit_code")
			// the lecturer's ratings (evaluations, anonymous: only their count and average) given in the year
			return forEach(c, `SELECT l.name, l.kind, s.classes, s.n, s.m, COALESCE(ev.n, 0), COALESCE(ev.stars, 0) FROM (
				SELECT x.lecturer_id, COUNT(DISTINCT x.class_id) AS classes, COUNT(*) AS n, SUM(`+c.minutes("x")+`) AS m FROM training_session x
				JOIN training_class k ON k.id = x.class_id WHERE x.lecturer_id IS NOT NULL AND x.starts_at >= ? AND x.starts_at < ? AND x.ends_at <= ? AND `+lcond+`
				GROUP BY x.lecturer_id) s JOIN training_lecturer l ON l.id = s.lecturer_id
				LEFT JOIN (SELECT lecturer_id, COUNT(*) AS n, SUM(lecturer_stars) AS stars FROM training_evaluation
					WHERE lecturer_stars > 0 AND created_at >= ? AND created_at < ? GROUP BY lecturer_id) ev ON ev.lecturer_id = s.lecturer_id
				ORDER BY s.m DESC, l.name LIMIT `+itoa(MaxRows),
				append(append([]any{c.from, c.to, now}, largs...), c.from, c.to), func(scan func(...any) error) error {
					var name, kind string
					var classes, n, m, evaluations, stars int64
					if err := scan(&name, &kind, &classes, &n, &m, &evaluations, &stars); err != nil {
						return err
					}
					rating := any("")
					if evaluations > 0 {
						rating = float64((stars*100+evaluations/2)/evaluations) / 100
					}
					lecturers.Rows = append(lecturers.Rows, map[string]any{"lecturer": name, "lecturerKind": c.tr("stats.lecturer." + kind),
						"classes": classes, "sessions": n, "hours": hours(m), "evaluations": evaluations, "rating": rating})
					return nil
				})
		},
	)
	if err != nil {
		return nil, err
	}
	// fold per account into the units (accounts out of scope are left out)
	byUnitOf := map[string][]int64{} // trainees, seats, attended, minutes, closed seats, completed
	at := func(code string) []int64 {
		v := byUnitOf[code]
		if v == nil {
			v = make([]int64, 6)
			byUnitOf[code] = v
		}
		return v
	}
	for _, s := range signed {
		if p := users[s.user]; p != nil {
			p.sessions += s.a // a user may come twice: seats' counts, then sign-ins of classes across the year's end
			p.minutes += s.b
			v := at(p.unitCode)
			v[2] += s.a
			v[3] += s.b
		}
	}
	for _, s := range seated {
		if p := users[s.user]; p != nil {
			v := at(p.unitCode)
			if s.a > 0 {
				v[0]++
			}
			v[1] += s.a
			v[4] += s.b
			v[5] += s.c
		}
	}
	// the certification rate by unit: employees, those certified in the year
	byUnitCert := map[string][]int64{}
	for _, id := range certifiedIDs {
		if p := users[id]; p != nil {
			p.certified = true
		}
	}
	for _, p := range users {
		if !p.employee {
			continue
		}
		v := byUnitCert[p.unitCode]
		if v == nil {
			v = make([]int64, 3)
			byUnitCert[p.unitCode] = v
		}
		v[0]++
		if p.certified {
			v[1]++
		}
	}
	byMonth := map[string][]int64{}
	for id, n := range sessionCount {
		m := byMonth[sessionMonth[id]]
		if m == nil {
			m = make([]int64, 2)
			byMonth[sessionMonth[id]] = m
		}
		m[0] += n
		m[1] += n * sessionMinutes[id]
	}
	// per employee, most hours first: the first MaxRows with their names
	var ranked []int64
	for id, p := range users {
		if p.sessions > 0 {
			ranked = append(ranked, id)
		}
	}
	sort.Slice(ranked, func(i, j int) bool {
		a, b := users[ranked[i]], users[ranked[j]]
		if a.minutes != b.minutes {
			return a.minutes > b.minutes
		}
		return ranked[i] < ranked[j]
	})
	if len(ranked) > MaxRows {
		ranked = ranked[:MaxRows]
	}
	if len(ranked) > 0 {
		ids := make([]any, len(ranked))
		for i, id := range ranked {
			ids[i] = id
		}
		names := map[int64][3]string{}
		if err := forEach(c, `SELECT u.id, u.login_code, u.user_name, COALESCE(`+org.LabelSQL("un")+`, '') FROM sys_user u
			LEFT JOIN org_unit un ON un.full_unit_code = u.unit_code WHERE u.id IN (`+db.Placeholders(len(ids))+`)`, ids, func(scan func(...any) error) error {
			var id int64
			var n [3]string
			if err := scan(&id, &n[0], &n[1], &n[2]); err != nil {
				return err
			}
			names[id] = n
			return nil
		}); err != nil {
			return nil, err
		}
		for _, id := range ranked {
			p, n := users[id], names[id]
			people.Rows = append(people.Rows, map[string]any{"login": n[0], "name": n[1], "unit": n[2], "sessionsAttended": p.sessions, "hours": hours(p.minutes)})
		}
	}

	// per unit: trainees, seats, attended, attendance %, completion (closed classes), hours
	bars, err := c.bars()
	if err != nil {
		return nil, err
	}
	folded := fold(bars, byUnitOf, 6)
	totals := make([]int64, 6)
	for _, v := range folded {
		for i := range totals {
			totals[i] += v[i]
		}
	}
	rate := func(key string) Column {
		return Column{Key: key, Title: c.tr("stats.c." + key), Number: true, Distinct: true}
	}
	cols := []Column{c.col("trainees", true), c.col("seats", true), c.col("attended", true), rate("attendanceRate"),
		c.col("closedSeats", true), c.col("completed", true), rate("completionRate"), rate("hours")}
	// the chart: hours (whole), attendance and completion rates (whole per cent)
	chartVals := make([][]int64, len(bars))
	for i, v := range folded {
		chartVals[i] = []int64{v[0], v[1], v[2], int64(percent(v[2], v[1]) + 0.5), v[4], v[5], int64(percent(v[5], v[4]) + 0.5), (v[3] + 30) / 60}
	}
	uch, ut := c.unitTable("trainingUnits", bars, chartVals, cols, []int{3, 6})
	for _, row := range ut.Rows { // the table's rates and hours with their decimal
		code, _ := row["unitCode"].(string)
		for i, b := range bars {
			if b.Code == code && row["unitName"] == b.Name {
				v := folded[i]
				row["attendanceRate"], row["completionRate"], row["hours"] = percent(v[2], v[1]), percent(v[5], v[4]), hours(v[3])
			}
		}
	}
	hch := Chart{Key: "trainingUnitHours", Title: c.tr("stats.t.trainingUnitHours"), Kind: "bar", Labels: uch.Labels, Codes: uch.Codes,
		Series: []Series{{Key: "hours", Name: c.tr("stats.c.hours")}}}
	for _, row := range ut.Rows {
		h, _ := row["hours"].(float64)
		hch.Series[0].Values = append(hch.Series[0].Values, int64(h+0.5))
	}

	labels := c.labels()
	trend := Chart{Key: "trainingTrend", Title: c.tr("stats.t.trainingTrend"), Kind: "line", Labels: labels,
		Series: []Series{{Key: "attended", Name: c.tr("stats.c.attended"), Values: make([]int64, len(labels))},
			{Key: "hours", Name: c.tr("stats.c.hours"), Values: make([]int64, len(labels))}}}
	for i, l := range labels {
		if v := byMonth[l]; v != nil {
			trend.Series[0].Values[i], trend.Series[1].Values[i] = v[0], (v[1]+30)/60
		}
	}
	// per unit: employees, certified employees, certification rate (the chart: the rate in whole per cent)
	certFolded := fold(bars, byUnitCert, 3)
	var employees, certified int64
	certVals := make([][]int64, len(bars))
	for i, v := range certFolded {
		employees, certified = employees+v[0], certified+v[1]
		certVals[i] = []int64{v[0], v[1], int64(percent(v[1], v[0]) + 0.5)}
	}
	cch, ct := c.unitTable("trainingCertification", bars, certVals,
		[]Column{c.col("employees", true), c.col("certified", true), rate("certificationRate")}, []int{2})
	for _, row := range ct.Rows { // the table's rate with its decimal
		code, _ := row["unitCode"].(string)
		for i, b := range bars {
			if b.Code == code && row["unitName"] == b.Name {
				row["certificationRate"] = percent(certFolded[i][1], certFolded[i][0])
			}
		}
	}
	ct.Totals = nil
	r.Charts = append(r.Charts, uch, hch, trend, cch)
	r.Summary = []Stat{c.stat("trainees", totals[0]), c.stat("trainingHours", (totals[3]+30)/60),
		c.stat("attendanceRate", int64(percent(totals[2], totals[1])+0.5)), c.stat("completionRate", int64(percent(totals[5], totals[4])+0.5)),
		c.stat("certificationRate", int64(percent(certified, employees)+0.5))}
	ut.Totals = nil
	r.Tables = append(r.Tables, ut, people, lecturers, c.periodTable(trend, []Column{c.col("attended", true), c.col("hoursWhole", true)}), ct)
	return r, nil
}

// UseClock makes the service read the time from now (tests: what has started and ended by then).
func (s *Service) UseClock(now func() time.Time) { s.now = now }
