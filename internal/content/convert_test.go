package content_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"biddesk/internal/app"
	"biddesk/internal/apptest"
	"biddesk/internal/platform/config"
	"biddesk/internal/platform/office"
	"biddesk/internal/tasks"
)

const tinyPDF = "%PDF-1.4\n1 0 obj<</Type /Catalog /Pages 2 0 R>>endobj\n2 0 obj<</Type /Pages /Kids [3 0 R 4 0 R] /Count 2>>endobj\n" +
	"3 0 obj<</Type /Page /Parent 2 0 R /MediaBox [0 0 200 200]>>endobj\n4 0 obj<</Type /Page /Parent 2 0 R /MediaBox [0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n"

// fakeOffice writes a stand-in for LibreOffice into dir: each run appends a line to runs; it writes a two-page PDF
// into --outdir, or fails (exit 1, no PDF) when fail is set. The conversion machinery around it is the real one.
func fakeOffice(t *testing.T, fail bool) (prog, runs string) {
	t.Helper()
	dir := t.TempDir()
	runs = filepath.Join(dir, "runs")
	pdf := filepath.Join(dir, "out.pdf")
	if err := os.WriteFile(pdf, []byte(tinyPDF), 0o600); err != nil {
		t.Fatal(err)
	}
	body := "#!/bin/sh\necho run >> '" + runs + "'\n"
	if fail {
		body += "echo 'soffice crashed' >&2\nexit 1\n"
	} else {
		body += "out=''\nwhile [ $# -gt 0 ]; do if [ \"$1\" = --outdir ]; then out=\"$2\"; fi; shift; done\ncp '" + pdf + "' \"$out/deck.pdf\"\n"
	}
	prog = filepath.Join(dir, "soffice")
	if err := os.WriteFile(prog, []byte(body), 0o700); err != nil {
		t.Fatal(err)
	}
	return prog, runs
}

func runCount(t *testing.T, runs string) int {
	t.Helper()
	b, err := os.ReadFile(runs)
	if os.IsNotExist(err) {
		return 0
	}
	if err != nil {
		t.Fatal(err)
	}
	return strings.Count(string(b), "run")
}

type ware struct {
	ID          int64  `json:"id"`
	State       string `json:"state"`
	Message     string `json:"message"`
	Pages       int    `json:"pages"`
	DownloadURL string `json:"downloadUrl"`
}

func putDeck(e *apptest.Env, tok string) ware {
	e.T.Helper()
	r := e.Upload("/api/curriculum/uploadPPTToPDF", tok, "培训.pptx", office.TestDeck(2))
	var w ware
	if r.Code != 0 || json.Unmarshal(r.Data, &w) != nil || w.State != "converting" {
		e.T.Fatalf("upload: %+v", r)
	}
	return w
}

func waitConversion(e *apptest.Env, tok string, id int64) ware {
	e.T.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for {
		var w ware
		e.Done("GET", fmt.Sprintf("/api/curriculum/getCoursewareState?id=%d", id), tok, nil, &w)
		if w.State != "converting" {
			return w
		}
		if time.Now().After(deadline) {
			e.T.Fatalf("courseware %d still converting", id)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func jobOf(e *apptest.Env, ware int64) int64 {
	e.T.Helper()
	var id int64
	if err := e.App.DB.QueryRow(context.Background(), `SELECT job_id FROM course_ware WHERE id = ?`, ware).Scan(&id); err != nil {
		e.T.Fatal(err)
	}
	return id
}

// A deck uploaded through one instance is converted by another when the first stops before running it: the
// conversion is a job in the shared database, not a goroutine of the instance that took the upload.
func TestAConversionEnqueuedOnOneInstanceIsDoneByAnother(t *testing.T) {
	prog, runs := fakeOffice(t, false)
	a := apptest.New(t, func(c *config.Config) { c.OfficePath = prog })
	admin := a.As("admin").Token
	w := putDeck(a, admin) // instance A never starts its engine
	job := jobOf(a, w.ID)
	if err := a.App.Close(); err != nil {
		t.Fatal(err)
	}
	if n := runCount(t, runs); n != 0 {
		t.Fatalf("A converted before it closed: %d runs", n)
	}

	bApp, err := app.Open(context.Background(), a.Config, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { bApp.Close() })
	b := apptest.Serve(t, bApp)
	b.StartJobs("instance-b")
	tok := b.Login("admin", a.Password("admin")).AccessToken
	done := waitConversion(b, tok, w.ID)
	if done.State != "ready" || done.Pages != 2 || done.DownloadURL == "" {
		t.Fatalf("converted: %+v", done)
	}
	if n := runCount(t, runs); n != 1 {
		t.Fatalf("LibreOffice ran %d times, want once", n)
	}
	j := b.WaitJob(tok, job)
	if j.State != tasks.JobDone || j.Kind != "content.convert" || j.Title != "培训.pptx" || j.Name != "课件转换" {
		t.Fatalf("job: %+v", j)
	}
	var inst string
	if err := bApp.DB.QueryRow(context.Background(), `SELECT instance FROM sys_job WHERE id = ?`, job).Scan(&inst); err != nil || inst != "instance-b" {
		t.Fatalf("ran on %q (%v)", inst, err)
	}
	resp, body := b.Fetch(done.DownloadURL, tok)
	if resp.StatusCode != 200 || !strings.HasPrefix(string(body), "%PDF-") {
		t.Fatalf("download: %d", resp.StatusCode)
	}
	// the job is its owner's only
	b.Refused("GET", fmt.Sprintf("/api/sys/job/get?id=%d", job), b.Login("staff", a.Password("staff")).AccessToken, nil, "任务不存在")
}

// A converter that keeps failing is tried three times (the job's attempts), then the courseware is failed with
// a message that says why, and the job reads failed.
func TestAFailingConverterIsRetriedThenFailedClearly(t *testing.T) {
	prog, runs := fakeOffice(t, true)
	e := apptest.New(t, func(c *config.Config) { c.OfficePath = prog })
	e.StartJobs("only")
	admin := e.As("admin").Token
	w := putDeck(e, admin)
	done := waitConversion(e, admin, w.ID)
	if done.State != "failed" || done.Message != "课件转换失败，请检查文件是否完好" || done.DownloadURL != "" {
		t.Fatalf("failed: %+v", done)
	}
	if n := runCount(t, runs); n != 3 {
		t.Fatalf("LibreOffice ran %d times, want 3 (two retries)", n)
	}
	j := e.WaitJob(admin, jobOf(e, w.ID))
	if j.State != tasks.JobFailed || j.Attempt != 3 || j.MaxAttempts != 3 || j.Message != "课件转换失败，请检查文件是否完好" {
		t.Fatalf("job: %+v", j)
	}
	// the English reader reads it in English
	_, r := e.Call("GET", fmt.Sprintf("/api/sys/job/get?id=%d", j.ID), admin, nil, "Accept-Language", "en")
	var en apptest.Job
	if json.Unmarshal(r.Data, &en) != nil || en.Message != "The conversion failed; please check that the file is intact" || en.Name != "Courseware conversion" {
		t.Fatalf("in English: %s", r.Data)
	}
}
