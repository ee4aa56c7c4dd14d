package content_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"testing"

	"biddesk/internal/apptest"
)

// TestPlayAddressesEndWithTheCourseAndTheLearnersAccess: a signed play address (getSig, getVideoInfo, the mobile
// getSig) is checked at each request against what getSig checks: the session that asked for it still open, its
// account usable and holding the portal's code, the courseware ready and its course still published and
// approved. Each case issues an address, plays it, takes one of these away and plays it again.
func TestPlayAddressesEndWithTheCourseAndTheLearnersAccess(t *testing.T) {
	e := apptest.New(t)
	admin := e.Login("admin", "Admin@123").AccessToken
	staffRole := e.RoleID(admin, "staff")
	typeID := e.AddCourseType(admin, 0, "吊销")

	type fixture struct {
		course, ware, learner int64
		login, web, h5        string
	}
	type tc struct {
		name   string
		mobile bool // the address comes from the mobile getSig (h5Token) instead of the web's
		revoke func(f fixture)
		plays  bool // after revoke
	}
	cases := []tc{
		{name: "nothing changes", plays: true, revoke: func(fixture) {}},
		{name: "course withdrawn", revoke: func(f fixture) {
			e.Done("PUT", "/api/course/publish", admin, map[string]any{"ids": []int64{f.course}, "published": 0}, nil)
		}},
		{name: "course audit failed", revoke: func(f fixture) {
			e.Done("PUT", "/api/course/audit", admin, map[string]any{"ids": []int64{f.course}, "auditStatus": "2", "remark": "撤回"}, nil)
		}},
		{name: "course deleted", revoke: func(f fixture) {
			e.Done("DELETE", "/api/course/del", admin, map[string]any{"ids": []int64{f.course}}, nil)
		}},
		{name: "courseware deleted", revoke: func(f fixture) {
			e.Done("DELETE", "/api/course/courseware/del", admin, map[string]any{"id": f.ware}, nil)
		}},
		{name: "learner disabled", revoke: func(f fixture) {
			e.Done("PUT", "/api/sys/user/changeState", admin, map[string]any{"ids": []int64{f.learner}, "state": 0}, nil)
		}},
		{name: "learner loses the portal role", revoke: func(f fixture) {
			e.Done("DELETE", "/api/user/role/user", admin, map[string]any{"userId": f.learner, "roleId": staffRole}, nil)
		}},
		{name: "learner signs out", revoke: func(f fixture) { e.Done("POST", "/api/logout", f.web, nil, nil) }},
		{name: "mobile: course withdrawn", mobile: true, revoke: func(f fixture) {
			e.Done("PUT", "/api/course/publish", admin, map[string]any{"ids": []int64{f.course}, "published": 0}, nil)
		}},
		{name: "mobile: learner disabled", mobile: true, revoke: func(f fixture) {
			e.Done("PUT", "/api/sys/user/changeState", admin, map[string]any{"ids": []int64{f.learner}, "state": 0}, nil)
		}},
		{name: "mobile: learner signs out", mobile: true, revoke: func(f fixture) {
			if _, r := e.H5Get("outLogin", f.h5); r.Code != 0 {
				t.Fatalf("outLogin: %+v", r)
			}
		}},
		// a push is a notice, not a grant: an offered course stays open to every portal user (the portal's course
		// page, banners), so a deleted push leaves the address alive (docs/content.md)
		{name: "push deleted", plays: true, revoke: func(f fixture) {
			var page struct {
				Records []struct {
					ID int64 `json:"id"`
				} `json:"records"`
			}
			e.Done("GET", "/api/course/push/query/list?current=1&size=100", admin, nil, &page)
			var ids []int64
			for _, r := range page.Records {
				ids = append(ids, r.ID)
			}
			e.Done("DELETE", "/api/course/push/del", admin, map[string]any{"ids": ids}, nil)
		}},
	}
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var f fixture
			f.course = e.AddCourse(admin, typeID, fmt.Sprintf("课程%d", i), true)
			_, w := e.PutWare("/api/curriculum/uploadPDF", admin, "讲义.pdf", []byte(apptest.TinyPDF), "courseId", fmt.Sprint(f.course))
			f.ware = w.ID
			e.Done("POST", "/api/course/push/add", admin, map[string]any{"title": fmt.Sprintf("推送%d", i),
				"items": []map[string]any{{"type": "1", "id": f.course}}, "organ": []map[string]any{{"fullUnitCode": "100201", "unitName": "x"}}}, nil)
			f.login = fmt.Sprintf("learner%d", i)
			f.learner = e.Account(admin, f.login, "100201", staffRole)
			var sig struct {
				URL string `json:"url"`
			}
			if c.mobile {
				e.SignIn(f.login) // clears the initial-password flag
				_, s := e.H5Login(f.login, "Start#2024")
				f.h5 = s.H5Token
				_, r := e.H5Get(fmt.Sprintf("getSig?id=%d", f.ware), f.h5)
				if r.Code != 0 || json.Unmarshal(r.Data, &sig) != nil {
					t.Fatalf("mobile getSig: %+v", r)
				}
			} else {
				f.web = e.SignIn(f.login)
				e.Done("GET", fmt.Sprintf("/api/curriculum/getSig?id=%d", f.ware), f.web, nil, &sig)
			}
			if resp, body := e.Send("GET", sig.URL, "", nil, "", nil); resp.StatusCode != http.StatusOK || string(body) != apptest.TinyPDF {
				t.Fatalf("before: HTTP %d", resp.StatusCode)
			}
			c.revoke(f)
			resp, body := e.Send("GET", sig.URL, "", nil, "", nil)
			if played := resp.StatusCode == http.StatusOK; played != c.plays {
				t.Fatalf("after: HTTP %d, played %v, want %v (%d bytes)", resp.StatusCode, played, c.plays, len(body))
			}
			if !c.plays && len(body) > 0 && string(body) == apptest.TinyPDF {
				t.Fatal("the file was served")
			}
		})
	}
}
