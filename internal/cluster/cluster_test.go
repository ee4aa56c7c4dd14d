package cluster_test

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // the PostgreSQL driver, for the test's own look into the database

	"biddesk/internal/apptest"
	"biddesk/internal/platform/config"
	"biddesk/internal/platform/office"
	"biddesk/internal/platform/storage/s3test"
)

// Two `biddesk serve` processes of the built binary on one PostgreSQL database and one S3-compatible store (issue
// 33, "Proof"):
//   - a file uploaded through A downloads byte-identical through B (and is in the bucket, not on A's disk);
//   - a sign-in on B ends the session the same account had on A (single session);
//   - a role change made on A takes effect on B (the delay is logged; the product's path is PostgreSQL's
//     notification, milliseconds);
//   - a scheduled task fires once across both (its schedule moved, through the task manager, to a second a few
//     seconds ahead; the task log holds one run of that time);
//   - a PPT-to-PDF conversion started on A finishes after A is killed with SIGKILL: B takes the job up (the job
//     engine's heartbeat, internal/tasks/instances.go) and converts it with LibreOffice.
//
// So that A, not B, is the one running the conversion when it is killed, B is stopped (SIGTERM) while the deck is
// uploaded to A and started again once A's converter has begun; A's converter is a stand-in that blocks until its
// parent dies (--office-path names it), B's is the real LibreOffice when installed (make system-deps installs it;
// otherwise a stand-in that writes a two-page PDF, and the test says so).
//
// Run by make test-cluster: BIDDESK_CLUSTER_BIN names the binary, BIDDESK_TEST_PG a PostgreSQL server
// (scripts/pgtest.sh) in which the test makes a database of its own. Plain `go test ./...` skips it.
func TestTwoInstances(t *testing.T) {
	bin := os.Getenv("BIDDESK_CLUSTER_BIN")
	if bin == "" {
		t.Skip("run by make test-cluster (BIDDESK_CLUSTER_BIN=bin/biddesk and BIDDESK_TEST_PG)")
	}
	if !filepath.IsAbs(bin) {
		bin = filepath.Join("..", "..", bin) // the test runs in internal/cluster; the path is the repository's
	}
	bin, _ = filepath.Abs(bin)
	if _, err := os.Stat(bin); err != nil {
		t.Fatalf("BIDDESK_CLUSTER_BIN: %v", err)
	}
	pg := os.Getenv("BIDDESK_TEST_PG")
	if pg == "" {
		t.Fatal("the cluster test needs a PostgreSQL server: BIDDESK_TEST_PG (scripts/pgtest.sh start)")
	}
	began := time.Now()
	c := &cluster{bin: bin, dir: t.TempDir(), s3: s3test.Start(t, "biddesk-cluster"), cfg: config.Defaults()}
	c.dsn, c.db = freshDatabase(t, pg)
	t.Cleanup(c.killAll)

	blocker, marker := blockingOffice(t)
	realOffice := "soffice"
	if !office.Available(realOffice) {
		t.Log("LibreOffice is not installed (make system-deps installs it): B converts with a stand-in that writes a two-page PDF")
		realOffice = fakeOffice(t)
	}

	a := c.start(t, "A", blocker) // migrates and seeds the empty database
	b := c.start(t, "B", realOffice)
	t.Logf("both instances serving after %v", time.Since(began).Round(time.Millisecond))
	admin, pw := apptest.Admin, c.cfg.DemoAdminPassword

	t.Run("a file uploaded through A downloads through B", func(t *testing.T) {
		tok := a.env.For(t).Login(admin, pw).AccessToken
		body := bytes.Repeat([]byte("第 1 份投标文件：技术方案与报价\n"), 20000) // 840 kB
		up := a.env.For(t).UploadOK(apptest.DiskUpload, tok, "标书.txt", body)
		resp, got := b.env.For(t).Fetch(up.URL, tok)
		if resp.StatusCode != http.StatusOK || !bytes.Equal(got, body) {
			t.Fatalf("through B: HTTP %d, %d bytes (want %d, the same bytes)", resp.StatusCode, len(got), len(body))
		}
		if keys := c.s3.Keys(t); len(keys) == 0 {
			t.Fatal("nothing in the bucket: the file did not go to the S3 store")
		}
		if n := regularFiles(t, filepath.Join(a.dataDir, "files")); n != 0 {
			t.Fatalf("%d files on A's disk: with --storage s3 nothing is kept there", n)
		}
	})

	var tokB string
	t.Run("a sign-in on B ends the session on A", func(t *testing.T) {
		tokA := a.env.For(t).Login(admin, pw).AccessToken
		a.env.For(t).Done("GET", "/api/user/role/all", tokA, nil, nil)
		tokB = b.env.For(t).Login(admin, pw).AccessToken
		took := waitFor(t, "A refuses the session the sign-in on B ended", func() bool {
			resp, r := a.env.For(t).Call("GET", "/api/user/role/all", tokA, nil)
			return resp.StatusCode == http.StatusUnauthorized || r.Code != 0
		})
		t.Logf("A refused the old session %v after the sign-in on B", took)
		a.env.For(t).Done("GET", "/api/user/role/all", tokB, nil, nil) // the new one is good on A too
	})
	if tokB == "" {
		t.FailNow()
	}

	t.Run("a role change on A takes effect on B", func(t *testing.T) {
		ea, eb := a.env.For(t), b.env.For(t)
		role := ea.GrantRole(tokB, "cluster_log", []string{}, []string{"gateway", "login_log"}, nil)
		ea.Account(tokB, "cluster1", "100201003", role)
		// the password an administrator set must be changed first; this test is about what comes after
		if _, err := c.db.Exec(`UPDATE sys_user SET update_pwd = 0 WHERE login_code = $1`, "cluster1"); err != nil {
			t.Fatal(err)
		}
		tokU := eb.Login("cluster1", apptest.AccountPassword).AccessToken
		eb.Done("GET", "/api/sys/loginLog/list", tokU, nil, nil)
		ea.Done("PUT", "/api/sys/role/grants", tokB, map[string]any{"roleId": role, "menuCodes": []string{}, "funCodes": []string{"gateway"}}, nil)
		took := waitFor(t, "B refuses the right taken away on A", func() bool {
			_, r := eb.Call("GET", "/api/sys/loginLog/list", tokU, nil)
			return r.Code != 0
		})
		t.Logf("the role change made on A was in effect on B after %v", took)
	})

	// the schedule of purge_sessions moved to a second a few seconds ahead, once a minute (the task manager's
	// rule); the leader enqueues it, whichever instance fetches it runs it
	fireSecond := time.Now().Add(8 * time.Second).Second()
	scheduled := time.Now().UTC().Truncate(time.Second)
	b.env.Done("POST", "/api/sys/task/update", tokB, map[string]any{"code": "purge_sessions", "cron": fmt.Sprintf("%d * * * * *", fireSecond),
		"overlap": "forbid", "misfire": "skip", "timeoutSec": 300, "retries": 2}, nil)
	var fired time.Time
	t.Run("a scheduled task runs once across both", func(t *testing.T) {
		waitFor(t, "the scheduled run of purge_sessions", func() bool {
			err := c.db.QueryRow(`SELECT fire_at FROM sys_task_log WHERE task_code = 'purge_sessions' AND trigger_kind = 'schedule'
				AND fire_at >= $1 AND ended_at IS NOT NULL ORDER BY fire_at LIMIT 1`, scheduled).Scan(&fired)
			return err == nil
		}, 2*time.Minute)
		var inst, outcome string
		if err := c.db.QueryRow(`SELECT instance, outcome FROM sys_task_log WHERE task_code = 'purge_sessions' AND fire_at = $1`, fired).Scan(&inst, &outcome); err != nil {
			t.Fatal(err)
		}
		t.Logf("purge_sessions fired at %s, run by %s: %s", fired.Local().Format(time.TimeOnly), inst, outcome)
	})

	t.Run("a conversion started on A finishes after A is killed", func(t *testing.T) {
		b.stop() // B comes back once A has started the conversion: A, not B, takes the job
		r := a.env.For(t).Upload("/api/curriculum/uploadPPTToPDF", tokB, "培训.pptx", office.TestDeck(2))
		var w apptest.Ware
		if r.Code != 0 || json.Unmarshal(r.Data, &w) != nil || w.State != "converting" {
			t.Fatalf("upload through A: %+v", r)
		}
		waitFor(t, "A's converter started", func() bool { _, err := os.Stat(marker); return err == nil })
		b2 := c.start(t, "B", realOffice)
		a.kill()
		killed := time.Now()
		eb := b2.env.For(t)
		waitFor(t, "the conversion finished through B", func() bool {
			eb.Done("GET", fmt.Sprintf("/api/curriculum/getCoursewareState?id=%d", w.ID), tokB, nil, &w)
			return w.State != "converting"
		}, 3*time.Minute)
		if w.State != "ready" || w.Pages != 2 {
			t.Fatalf("after A was killed: %+v", w)
		}
		resp, pdf := eb.Fetch(w.DownloadURL, tokB)
		if resp.StatusCode != http.StatusOK || !bytes.HasPrefix(pdf, []byte("%PDF-")) {
			t.Fatalf("the PDF through B: HTTP %d %.20q", resp.StatusCode, pdf)
		}
		var attempt int
		var inst string
		if err := c.db.QueryRow(`SELECT j.attempt, j.instance FROM sys_job j JOIN course_ware w ON w.job_id = j.id WHERE w.id = $1`, w.ID).Scan(&attempt, &inst); err != nil {
			t.Fatal(err)
		}
		if attempt != 2 || !strings.HasSuffix(inst, fmt.Sprintf(":%d", b2.cmd.Process.Pid)) {
			t.Fatalf("the job: attempt %d on %q (want the second attempt, on B, pid %d)", attempt, inst, b2.cmd.Process.Pid)
		}
		t.Logf("converted by B %v after A was killed (attempt %d on %s)", time.Since(killed).Round(time.Millisecond), attempt, inst)
	})

	// checked last, when any second run of the same time would long have shown
	if !fired.IsZero() {
		var runs int
		if err := c.db.QueryRow(`SELECT COUNT(*) FROM sys_task_log WHERE task_code = 'purge_sessions' AND fire_at = $1`, fired).Scan(&runs); err != nil {
			t.Fatal(err)
		}
		if runs != 1 {
			t.Errorf("purge_sessions of %s ran %d times across the two instances", fired.Format(time.TimeOnly), runs)
		}
	}
	t.Logf("the cluster test took %v", time.Since(began).Round(time.Millisecond))
}

// cluster is the test's processes, store and database.
type cluster struct {
	bin string
	dir string
	dsn string
	db  *sql.DB
	s3  *s3test.Server
	cfg config.Config

	mu    sync.Mutex
	procs []*instance
}

// instance is one `biddesk serve` process.
type instance struct {
	name    string
	dataDir string
	cmd     *exec.Cmd
	env     *apptest.Env
	out     *logBuffer
	exited  chan struct{}
}

var runningAt = regexp.MustCompile(`BidDesk is running at (http://\S+)`)

// start starts an instance named name (its data folder is kept across restarts) and waits until /readyz answers 200.
func (c *cluster) start(t *testing.T, name, officePath string) *instance {
	t.Helper()
	in := &instance{name: name, dataDir: filepath.Join(c.dir, name), out: &logBuffer{}, exited: make(chan struct{})}
	s3 := c.s3.Config
	in.cmd = exec.Command(c.bin, "serve", "--addr=127.0.0.1:0", "--data="+in.dataDir, "--database-url="+c.dsn,
		"--storage=s3", "--s3-endpoint="+s3.Endpoint, "--s3-bucket="+s3.Bucket, "--s3-access-key="+s3.AccessKey,
		"--s3-secret-key="+s3.SecretKey, "--s3-addressing=path", "--demo=true", "--demo-without-files=true",
		"--single-session=true", "--office-path="+officePath, "--log-level=warn")
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "BIDDESK_") { // only the flags configure it
			in.cmd.Env = append(in.cmd.Env, kv)
		}
	}
	stdout, err := in.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	in.cmd.Stderr = in.out
	started := time.Now()
	if err := in.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	c.mu.Lock()
	c.procs = append(c.procs, in)
	c.mu.Unlock()
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			line := sc.Text()
			fmt.Fprintln(in.out, line)
			if m := runningAt.FindStringSubmatch(line); m != nil {
				select {
				case addr <- m[1]:
				default:
				}
			}
		}
		_, _ = io.Copy(io.Discard, stdout)
	}()
	go func() { _ = in.cmd.Wait(); close(in.exited) }()
	var base string
	select {
	case base = <-addr:
	case <-in.exited:
		t.Fatalf("instance %s ended at start:\n%s", name, in.out.String())
	case <-time.After(3 * time.Minute):
		t.Fatalf("instance %s did not start:\n%s", name, in.out.String())
	}
	in.env = apptest.Remote(t, base, c.cfg)
	waitFor(t, "instance "+name+" ready", func() bool {
		resp, err := http.Get(base + "/readyz")
		if err != nil {
			return false
		}
		resp.Body.Close()
		return resp.StatusCode == http.StatusOK
	})
	t.Logf("instance %s (pid %d) serving at %s after %v", name, in.cmd.Process.Pid, base, time.Since(started).Round(time.Millisecond))
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("log of instance %s (pid %d):\n%s", name, in.cmd.Process.Pid, in.out.String())
		}
	})
	return in
}

// stop ends the instance as an operator does (SIGTERM: requests and jobs in progress finish).
func (in *instance) stop() {
	_ = in.cmd.Process.Signal(syscall.SIGTERM)
	<-in.exited
}

// kill ends the instance at once (SIGKILL: nothing of it runs on).
func (in *instance) kill() {
	_ = in.cmd.Process.Signal(syscall.SIGKILL)
	<-in.exited
}

func (c *cluster) killAll() {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, in := range c.procs {
		select {
		case <-in.exited:
		default:
			in.kill()
		}
	}
}

// freshDatabase makes a database of the test's own in the server of url (dropped when the test ends) and returns
// its URL and a connection to it.
func freshDatabase(t *testing.T, pgURL string) (string, *sql.DB) {
	t.Helper()
	server, err := sql.Open("pgx", pgURL)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { server.Close() })
	var b [6]byte
	_, _ = rand.Read(b[:])
	name := "biddesk_cluster_" + hex.EncodeToString(b[:])
	if _, err := server.Exec(`CREATE DATABASE ` + name); err != nil {
		t.Fatal(err)
	}
	u, err := url.Parse(pgURL)
	if err != nil {
		t.Fatal(err)
	}
	u.Path = "/" + name
	d, err := sql.Open("pgx", u.String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		d.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		if _, err := server.ExecContext(ctx, `DROP DATABASE IF EXISTS `+name+` WITH (FORCE)`); err != nil {
			t.Logf("drop %s: %v", name, err)
		}
	})
	return u.String(), d
}

// blockingOffice is a stand-in for LibreOffice that records its start (marker) and then waits until the instance
// that started it is gone: the conversion is in progress when the instance is killed.
func blockingOffice(t *testing.T) (prog, marker string) {
	t.Helper()
	dir := t.TempDir()
	marker = filepath.Join(dir, "started")
	prog = filepath.Join(dir, "soffice-blocking")
	body := "#!/bin/sh\necho \"$$\" > '" + marker + ".tmp' && mv '" + marker + ".tmp' '" + marker + "'\n" +
		"while kill -0 \"$PPID\" 2>/dev/null; do sleep 0.2; done\nexit 1\n"
	if err := os.WriteFile(prog, []byte(body), 0o700); err != nil {
		t.Fatal(err)
	}
	return prog, marker
}

// fakeOffice is a stand-in for LibreOffice where it is not installed: it writes a two-page PDF into --outdir.
func fakeOffice(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	pdf := filepath.Join(dir, "out.pdf")
	if err := os.WriteFile(pdf, []byte(apptest.TinyPDF), 0o600); err != nil {
		t.Fatal(err)
	}
	prog := filepath.Join(dir, "soffice")
	body := "#!/bin/sh\nout=''\nwhile [ $# -gt 0 ]; do if [ \"$1\" = --outdir ]; then out=\"$2\"; fi; shift; done\ncp '" + pdf + "' \"$out/deck.pdf\"\n"
	if err := os.WriteFile(prog, []byte(body), 0o700); err != nil {
		t.Fatal(err)
	}
	return prog
}

// waitFor polls cond every 50 ms until it holds, and fails the test if it has not within the limit (30 s unless
// given): a ceiling against a hang, not a measure of speed. It returns how long it took.
func waitFor(t *testing.T, what string, cond func() bool, limit ...time.Duration) time.Duration {
	t.Helper()
	ceiling := 30 * time.Second
	if len(limit) > 0 {
		ceiling = limit[0]
	}
	start := time.Now()
	for !cond() {
		if time.Since(start) > ceiling {
			t.Fatalf("%s: not within %v", what, ceiling)
		}
		time.Sleep(50 * time.Millisecond)
	}
	return time.Since(start).Round(time.Millisecond)
}

func regularFiles(t *testing.T, dir string) int {
	t.Helper()
	n := 0
	_ = filepath.WalkDir(dir, func(_ string, d os.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			n++
		}
		return nil
	})
	return n
}

// logBuffer is an instance's output, written by its pipes and read by the test.
type logBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
