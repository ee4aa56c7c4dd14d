package app_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"biddesk/internal/platform/config"
)

// TestTheDemoCompanyHasLearningContent: with the demo's files, staff continues the web session into the learner
// page and finds courses pushed to them, topics and the offered courses with covers; a pushed course opens its PDF
// handout; both topic levels exist; a portal banner opens a topic or a course.
func TestTheDemoCompanyHasLearningContent(t *testing.T) {
	start := time.Now()
	e := newEnv(t, func(c *config.Config) { c.DemoWithoutFiles = false })
	t.Logf("demo with files seeded in %v", time.Since(start))
	web := e.login("staff", "Staff@123").AccessToken
	_, c := e.h5Handover(web)
	r, s := e.h5HandoverLogin(c.Code)
	if r.Code != 0 {
		t.Fatalf("hand-over: %+v", r)
	}
	var pushed []struct {
		Type  string `json:"type"`
		ID    int64  `json:"id"`
		Name  string `json:"name"`
		Cover string `json:"cover"`
		Link  string `json:"link"`
	}
	if _, r := e.H5Get("courses", s.H5Token); r.Code != 0 || json.Unmarshal(r.Data, &pushed) != nil || len(pushed) == 0 {
		t.Fatalf("pushed: %+v", r)
	}
	var course int64
	for _, p := range pushed {
		if p.Cover == "" || p.Name == "" {
			t.Errorf("pushed item without a cover or name: %+v", p)
		}
		if p.Type == "1" && course == 0 {
			course = p.ID
		}
	}
	var cat struct {
		Courses []struct {
			ID       int64  `json:"id"`
			Cover    string `json:"cover"`
			TypeName string `json:"typeName"`
		} `json:"courses"`
		Topics []struct {
			ID int64 `json:"id"`
		} `json:"topics"`
	}
	if _, r := e.H5Get("catalog", s.H5Token); r.Code != 0 || json.Unmarshal(r.Data, &cat) != nil || len(cat.Courses) < 10 || len(cat.Topics) == 0 {
		t.Fatalf("catalog: %+v", r)
	}
	for _, c := range cat.Courses {
		if c.Cover == "" || c.TypeName == "" {
			t.Errorf("course %d without a cover or type", c.ID)
		}
	}
	if n := e.Count(`SELECT COUNT(*) FROM course_special WHERE level = 2 AND published = 1`); n == 0 {
		t.Errorf("no second-level topic")
	}
	if n := e.Count(`SELECT COUNT(*) FROM course_type WHERE parent_id <> 0`); n == 0 {
		t.Errorf("no second-level course type")
	}
	var lc struct {
		Coursewares []struct {
			ID   int64  `json:"id"`
			Kind string `json:"kind"`
		} `json:"coursewares"`
	}
	if _, r := e.H5Get(fmt.Sprintf("course?id=%d", course), s.H5Token); r.Code != 0 || json.Unmarshal(r.Data, &lc) != nil || len(lc.Coursewares) == 0 {
		t.Fatalf("pushed course %d: %+v", course, r)
	}
	var sig struct {
		URL string `json:"url"`
	}
	if _, r := e.H5Get(fmt.Sprintf("getSig?id=%d", lc.Coursewares[0].ID), s.H5Token); r.Code != 0 || json.Unmarshal(r.Data, &sig) != nil {
		t.Fatalf("getSig: %+v", r)
	}
	if resp, body := e.send("GET", sig.URL, "", nil, "", nil); resp.StatusCode != 200 || !strings.HasPrefix(string(body), "%PDF-") {
		t.Fatalf("handout: %d", resp.StatusCode)
	}
	if n := e.Count(`SELECT COUNT(*) FROM portal_banner WHERE link_url LIKE '/gatewayCourse?%'`); n == 0 {
		t.Errorf("no banner opens learning content")
	}
	// the pushes told staff in the portal's messages
	if n := e.Count(`SELECT COUNT(*) FROM course_push`); n == 0 {
		t.Errorf("no push")
	}
}
