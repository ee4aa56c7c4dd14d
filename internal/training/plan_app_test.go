package training_test

import (
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"biddesk/internal/apptest"
	"biddesk/internal/org"
	"biddesk/internal/training"
)

// TestPlansScreenCallsAndProgress: the yearly plans' screen (/training_plan): its own function code (a holder of
// training_class only reads the list for the class form, nothing more; without either code nothing), a plan saved
// with what it sets out to hold, a class linked to it, the progress (classes running or later, hours of ended
// sessions), the filters (year, a unit and its sub-units, words), bad planned numbers refused, export 'training plans',
// a plan with classes not deleted.
func TestPlansScreenCallsAndProgress(t *testing.T) {
	e := apptest.New(t)
	admin := e.Login("admin", "Admin@123").AccessToken
	classOnly := e.GrantRole(admin, "tclass", []string{"training", "training_class"}, []string{"training_class"}, nil)
	e.Account(admin, "tclass1", org.DemoPeople[org.DemoStaffEmployee].Unit, classOnly)
	classer := e.SignIn("tclass1")
	lib := e.Login("libadmin", "Library@123").AccessToken

	var mu = make(chan struct{}, 1)
	mu <- struct{}{}
	now := time.Date(2026, 3, 2, 9, 0, 0, 0, time.Local)
	e.App.Training().UseClock(func() time.Time { <-mu; defer func() { mu <- struct{}{} }(); return now })
	set := func(t time.Time) { <-mu; now = t; mu <- struct{}{} }

	unit := org.DemoPeople[org.DemoStaffEmployee].Unit
	parent := unit[:len(unit)-3]
	var plan struct{ ID int64 }
	form := map[string]any{"year": 2026, "unitCode": unit, "title": "2026年度新员工培训计划", "remark": "全年", "plannedClasses": 2, "plannedHours": 6}
	for _, c := range []struct {
		name, method, path, token string
		status                    int
	}{
		{"training_class may not add a plan", "POST", "/api/training/plan/add", classer, 403},
		{"training_class may not export plans", "GET", "/api/training/plan/export", classer, 403},
		{"no code: no list", "GET", "/api/training/plan/list", lib, 403},
		{"no code: no classes of a plan", "GET", "/api/training/class/list?planId=1", lib, 403},
		{"training_class reads the list (the class form)", "GET", "/api/training/plan/list", classer, 200},
	} {
		t.Run(c.name, func(t *testing.T) {
			if resp, _ := e.Call(c.method, c.path, c.token, form); resp.StatusCode != c.status {
				t.Errorf("%s %s: %d, want %d", c.method, c.path, resp.StatusCode, c.status)
			}
		})
	}
	bad := map[string]any{"year": 2026, "unitCode": unit, "title": "坏计划", "plannedClasses": -1}
	e.Refused("POST", "/api/training/plan/add", admin, bad, "计划班次和计划学时须在 0 到 10000 之间")
	e.Done("POST", "/api/training/plan/add", admin, form, &plan)
	var other struct{ ID int64 }
	e.Done("POST", "/api/training/plan/add", admin, map[string]any{"year": 2025, "unitCode": unit, "title": "2025年度计划"}, &other)

	var class struct{ ID int64 }
	e.Done("POST", "/api/training/class/add", admin, map[string]any{"name": "计划内培训班", "unitCode": unit, "startDate": "2026-03-02",
		"endDate": "2026-03-20", "mode": "onsite", "capacity": 5, "planId": plan.ID}, &class)
	e.Done("POST", "/api/training/session/add", admin, map[string]any{"classId": class.ID, "title": "第1讲", "startsAt": "2026-03-10 09:00", "endsAt": "2026-03-10 11:30"}, nil)
	e.Done("POST", "/api/training/session/add", admin, map[string]any{"classId": class.ID, "title": "第2讲", "startsAt": "2026-03-12 09:00", "endsAt": "2026-03-12 11:00"}, nil)
	list := func(query string) []training.Plan {
		t.Helper()
		var out []training.Plan
		e.Done("GET", "/api/training/plan/list"+query, admin, nil, &out)
		return out
	}
	if got := list("?year=2026&unitCode=" + parent + "&keyword=新员工"); len(got) != 1 || got[0].ID != plan.ID || got[0].Classes != 1 || got[0].ClassesHeld != 0 ||
		got[0].HoursHeld != 0 || got[0].PlannedClasses != 2 || got[0].PlannedHours != 6 || got[0].UnitLabel == "" {
		t.Errorf("the plan before it is held: %+v", got)
	}
	if got := list("?keyword=没有这样的计划"); len(got) != 0 {
		t.Errorf("keyword: %+v", got)
	}
	if got := list("?year=2025&unitCode=" + unit); len(got) != 1 || got[0].ID != other.ID {
		t.Errorf("year: %+v", got)
	}
	e.Done("PUT", "/api/training/class/state", admin, map[string]any{"id": class.ID, "state": "enrolling"}, nil)
	set(time.Date(2026, 3, 10, 8, 0, 0, 0, time.Local))
	e.Done("PUT", "/api/training/class/state", admin, map[string]any{"id": class.ID, "state": "running"}, nil)
	set(time.Date(2026, 3, 11, 8, 0, 0, 0, time.Local)) // the first session has ended
	if got := list("?year=2026&unitCode=" + unit); len(got) != 1 || got[0].ClassesHeld != 1 || got[0].HoursHeld != 2.5 {
		t.Errorf("the plan under way: %+v", got)
	}
	// the plan's classes: the class list by plan
	var classes struct{ Records []training.Class }
	e.Done("GET", "/api/training/class/list?planId="+strconv.FormatInt(plan.ID, 10), admin, nil, &classes)
	if len(classes.Records) != 1 || classes.Records[0].ID != class.ID || classes.Records[0].PlanTitle != "2026年度新员工培训计划" {
		t.Errorf("the plan's classes: %+v", classes.Records)
	}
	e.Refused("DELETE", "/api/training/plan/del?id="+strconv.FormatInt(plan.ID, 10), admin, nil, "培训计划「2026年度新员工培训计划」下还有1个培训班，不能删除")
	e.Done("DELETE", "/api/training/plan/del?id="+strconv.FormatInt(other.ID, 10), admin, nil, nil)
	if n := e.BizLog(training.FunPlan, ""); n < 3 {
		t.Errorf("business log lines of the plans: %d", n)
	}

	path := "/api/training/plan/export"
	resp, body := e.Fetch(path+"?ticket="+e.Ticket(admin, path)+"&year=2026&unitCode="+unit, "")
	if resp.StatusCode != 200 {
		t.Fatalf("export: %d", resp.StatusCode)
	}
	rows := apptest.SheetRows(t, body)
	if len(rows) != 2 || !slices.Equal(rows[0][:4], []string{"年度", "单位", "培训计划", "计划班次"}) || rows[1][2] != "2026年度新员工培训计划" ||
		!strings.Contains(strings.Join(rows[1], "|"), "|2|1|1|6|2.5|") {
		t.Errorf("export: %q", rows)
	}
}
