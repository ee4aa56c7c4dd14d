package apptest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"mime/multipart"
	"net/textproto"
	"strings"
	"time"

	"biddesk/internal/tasks"
)

// StartJobs starts the instance's job engine, named instance, with short intervals (a poll of 50 ms, retries
// after 20 ms), stopped when the test ends. apptest.New does not start it: a test of work in the background does.
func (e *Env) StartJobs(instance string) {
	e.T.Helper()
	e.App.Tasks.Engine().Tune(tasks.Options{Instance: instance, Poll: 50 * time.Millisecond, Backoff: 20 * time.Millisecond})
	if err := e.App.StartJobs(context.Background()); err != nil {
		e.T.Fatal(err)
	}
	e.T.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		_ = e.App.StopJobs(ctx)
	})
}

// Upload posts a multipart body (field file named name, and the other fields as name/value pairs) and decodes the
// envelope.
func (e *Env) Upload(path, token, name string, content []byte, fields ...string) Envelope {
	e.T.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	for i := 0; i+1 < len(fields); i += 2 {
		_ = mw.WriteField(fields[i], fields[i+1])
	}
	h := textproto.MIMEHeader{}
	h.Set("Content-Disposition", fmt.Sprintf(`form-data; name="file"; filename="%s"`, strings.ReplaceAll(name, `"`, `\"`)))
	h.Set("Content-Type", "application/octet-stream")
	w, err := mw.CreatePart(h)
	if err != nil {
		e.T.Fatal(err)
	}
	_, _ = w.Write(content)
	_ = mw.Close()
	resp, raw := e.Send("POST", path, token, &buf, mw.FormDataContentType(), nil)
	var env Envelope
	if err := json.Unmarshal(raw, &env); err != nil {
		e.T.Fatalf("%s: HTTP %d %q", path, resp.StatusCode, raw)
	}
	return env
}

// Job is a job as GET /api/sys/job/get answers it.
type Job struct {
	ID          int64           `json:"id"`
	Kind        string          `json:"kind"`
	Name        string          `json:"name"`
	Title       string          `json:"title"`
	State       string          `json:"state"`
	Done        int64           `json:"done"`
	Total       int64           `json:"total"`
	Attempt     int             `json:"attempt"`
	MaxAttempts int             `json:"maxAttempts"`
	Message     string          `json:"message"`
	Result      json.RawMessage `json:"result"`
}

// WaitJob polls GET /api/sys/job/get as token's owner until the job has ended (at most two minutes).
func (e *Env) WaitJob(token string, id int64) Job {
	e.T.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for {
		var j Job
		e.Done("GET", fmt.Sprintf("/api/sys/job/get?id=%d", id), token, nil, &j)
		if j.State != tasks.JobQueued && j.State != tasks.JobRunning {
			return j
		}
		if time.Now().After(deadline) {
			e.T.Fatalf("job %d still %s", id, j.State)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
