package stats

import (
	"biddesk/internal/platform/errs"
	"context"
	"time"
)

// FunDemand is the menu code of /demand_feedback.
const FunDemand = "demand_feedback"

// Demand states as demand collection records them (demand_item.state): submitted until the bid team answers,
// then one of the four answers.
var demandStates = []string{"submitted", "accepted", "in_progress", "done", "declined"}

// demandAnswered is the SQL of a demand that has an answer (every state but submitted).
const demandAnswered = `SUM(CASE WHEN i.state <> 'submitted' THEN 1 ELSE 0 END)`

// Demand is /demand_feedback: the demands collected in the range (demand_item.created_at, by the submitter's unit when
// they submitted), and of those how many have an answer now and how many are still open; per period, per unit, per
// collection and per state. Every row adds up: collected = answered + open.
func (s *Service) Demand(ctx context.Context, lang string, f Filter) (_ *Report, err error) {
	defer errs.Wrap(&err, "stats: demand")
	c, err := s.resolve(ctx, lang, f)
	if err != nil {
		return nil, err
	}
	r := c.report()
	cond, cargs := c.where("i.unit_code")
	items := ` FROM demand_item i WHERE i.deleted_at IS NULL AND i.created_at >= ? AND i.created_at < ? AND ` + cond
	args := append([]any{c.from, c.to}, cargs...)
	counts := `COUNT(*), ` + demandAnswered
	cols := []Column{c.col("collected", true), c.col("answered", true), c.col("open", true)}
	// collected, answered, open from (collected, answered)
	withOpen := func(m map[string][]int64) map[string][]int64 {
		for k, v := range m {
			m[k] = []int64{v[0], v[1], v[0] - v[1]}
		}
		return m
	}

	// per period
	b := c.bucket("i.created_at")
	byPeriod, err := c.groups(2, `SELECT `+b+`, `+counts+items+` GROUP BY `+b, args...)
	if err != nil {
		return nil, err
	}
	labels := c.labels()
	trend := c.labelled("demandTrend", labels, withOpen(byPeriod), cols)
	r.Charts = append(r.Charts, trend)

	// per unit
	byUnit, err := c.groups(2, `SELECT i.unit_code, `+counts+items+` GROUP BY i.unit_code`, args...)
	if err != nil {
		return nil, err
	}
	bars, err := c.bars()
	if err != nil {
		return nil, err
	}
	folded := fold(bars, withOpen(byUnit), 3)
	totals := make([]int64, 3)
	for _, v := range folded {
		for i := range totals {
			totals[i] += v[i]
		}
	}
	uch, ut := c.unitTable("demandUnits", bars, folded, cols, []int{0, 1, 2})
	r.Charts = append(r.Charts, uch)

	// per state
	byState, err := c.groups(1, `SELECT i.state, COUNT(*)`+items+` GROUP BY i.state`, args...)
	if err != nil {
		return nil, err
	}
	states := Chart{Key: "demandStates", Title: c.tr("stats.t.demandStates"), Kind: "bar", Series: []Series{{Key: "demands", Name: c.tr("stats.c.demands")}}}
	for _, st := range demandStates {
		states.Labels = append(states.Labels, c.tr("stats.state."+st))
		var n int64
		if v := byState[st]; v != nil {
			n = v[0]
		}
		states.Series[0].Values = append(states.Series[0].Values, n)
	}
	r.Charts = append(r.Charts, states)

	// per collection, most demands first
	coll := Table{Key: "demandCollections", Title: c.tr("stats.t.demandCollections"), Rows: []map[string]any{},
		Columns: append([]Column{c.col("collection", false), c.col("deadline", false)}, cols...)}
	if err := forEach(c, `SELECT dc.id, dc.title, dc.deadline, x.n, x.answered FROM (SELECT i.collection_id, COUNT(*) AS n, `+demandAnswered+` AS answered`+items+`
		GROUP BY i.collection_id) x JOIN demand_collection dc ON dc.id = x.collection_id ORDER BY x.n DESC, dc.id DESC LIMIT `+itoa(MaxRows), args,
		func(scan func(...any) error) error {
			var id int64
			var title string
			var deadline time.Time
			var n, answered int64
			if err := scan(&id, &title, &deadline, &n, &answered); err != nil {
				return err
			}
			coll.Rows = append(coll.Rows, map[string]any{"collectionId": id, "collection": title, "deadline": deadline.In(c.s.Loc).Format("2006-01-02 15:04"),
				"collected": n, "answered": answered, "open": n - answered})
			return nil
		}); err != nil {
		return nil, err
	}

	r.Summary = []Stat{c.stat("collected", totals[0]), c.stat("answered", totals[1]), c.stat("open", totals[2])}
	r.Tables = append(r.Tables, ut, coll, c.periodTable(trend, cols))
	return r, nil
}
