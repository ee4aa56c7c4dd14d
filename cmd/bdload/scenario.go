package main

// The shared parts of the two scenario runs (-scenario training, -scenario exam): the real binary as a child
// process that can be killed and started again, accounts with phone sessions prepared in the database, a client
// that sends JSON calls with a phone token, and latency figures.

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"

	"biddesk/internal/auth"
	"biddesk/internal/org"
	"biddesk/internal/platform/db"
)

// server is the real binary serving on addr; kill sends SIGKILL, start starts it again on the same address.
type server struct {
	bin  string
	args []string
	addr string
	cmd  *exec.Cmd
	done chan struct{}
}

func (s *server) base() string { return "http://" + s.addr }

func (s *server) start() error {
	s.cmd = exec.Command(s.bin, append([]string{"serve", "--addr", s.addr, "--log-level", "error"}, s.args...)...)
	s.cmd.Stdout, s.cmd.Stderr = io.Discard, os.Stderr
	if err := s.cmd.Start(); err != nil {
		return err
	}
	s.done = make(chan struct{})
	go func(c *exec.Cmd, done chan struct{}) { c.Wait(); close(done) }(s.cmd, s.done)
	return waitHealthy(s.base(), 90*time.Second)
}

// kill ends the server with SIGKILL (no shutdown of any kind) and waits until it is gone.
func (s *server) kill() {
	if s.cmd == nil || s.cmd.Process == nil {
		return
	}
	s.cmd.Process.Signal(syscall.SIGKILL)
	<-s.done
	s.cmd = nil
}

// stop ends the server at the end of a run (SIGTERM, then SIGKILL after 10 s).
func (s *server) stop() {
	if s.cmd == nil || s.cmd.Process == nil {
		return
	}
	s.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-s.done:
	case <-time.After(10 * time.Second):
		s.kill()
	}
	s.cmd = nil
}

// startBare starts the reference handler in a process of its own (this program again) and answers its address.
func startBare(ctx context.Context) (string, error) {
	exe, err := os.Executable()
	if err != nil {
		return "", err
	}
	addr, err := freeAddr()
	if err != nil {
		return "", err
	}
	p := exec.CommandContext(ctx, exe)
	p.Env = append(os.Environ(), bareEnv+"="+addr)
	p.Stderr = io.Discard // killed by ctx at the end of the run
	if err := p.Start(); err != nil {
		return "", err
	}
	go p.Wait()
	return "http://" + addr, waitHealthy("http://"+addr, 10*time.Second)
}

// account is a prepared account with its phone session.
type account struct {
	ID    int64
	Login string
	Token string
}

// seedPhoneAccounts adds n staff accounts (login prefix%05d) with the staff role over the demo departments, each with
// a phone (h5) session whose token it answers, straight into the database before the server starts, as the
// accounts of the main run are; a mobile sign-in through /api/biapp/curriculum/user/login would spend argon2id and
// the sign-in throttle on every one of them, which is not what the run measures.
func seedPhoneAccounts(ctx context.Context, d *db.DB, prefix string, n int) ([]account, error) {
	var depts []string
	for _, u := range org.DemoUnits() {
		if u.Level() >= 3 {
			depts = append(depts, u.Code())
		}
	}
	now := time.Now().UTC()
	accs := make([]account, n)
	for i := range accs {
		b := make([]byte, 32)
		rand.Read(b)
		accs[i] = account{Login: fmt.Sprintf("%s%05d", prefix, i), Token: hex.EncodeToString(b)}
	}
	const batch = 250
	err := d.InTx(ctx, func(tx *db.Tx) error {
		for start := 0; start < n; start += batch {
			end := min(start+batch, n)
			var sb strings.Builder
			sb.WriteString(`INSERT INTO sys_user (login_code, user_name, password_hash, state, update_pwd, user_type, unit_code, phone, email, created_at, updated_at) VALUES `)
			var args []any
			for i := start; i < end; i++ {
				if i > start {
					sb.WriteString(", ")
				}
				sb.WriteString("(?, ?, 'x', 1, 0, 'staff', ?, ?, '', ?, ?)")
				_, name := org.DemoEmployee(i + 1)
				args = append(args, accs[i].Login, name, depts[i%len(depts)], fmt.Sprintf("138%08d", i), now, now)
			}
			if _, err := tx.Exec(ctx, sb.String(), args...); err != nil {
				return err
			}
		}
		rows, err := tx.Query(ctx, `SELECT id, login_code FROM sys_user WHERE login_code LIKE ?`, prefix+"%")
		if err != nil {
			return err
		}
		ids := map[string]int64{}
		for rows.Next() {
			var id int64
			var login string
			if err := rows.Scan(&id, &login); err != nil {
				rows.Close()
				return err
			}
			ids[login] = id
		}
		rows.Close()
		for i := range accs {
			if accs[i].ID = ids[accs[i].Login]; accs[i].ID == 0 {
				return fmt.Errorf("account %s not found after insert", accs[i].Login)
			}
		}
		for start := 0; start < n; start += batch {
			end := min(start+batch, n)
			var roles, sess strings.Builder
			roles.WriteString(`INSERT INTO sys_user_role (user_id, role_id) SELECT u.id, r.id FROM sys_user u, sys_role r WHERE r.code = 'staff' AND u.id IN (`)
			sess.WriteString(`INSERT INTO sys_session (token_hash, user_id, created_at, last_seen_at, expires_at, client_ip, user_agent, os, kind) VALUES `)
			var rargs, sargs []any
			for i := start; i < end; i++ {
				if i > start {
					roles.WriteString(", ")
					sess.WriteString(", ")
				}
				roles.WriteString("?")
				sess.WriteString("(?, ?, ?, ?, ?, '127.0.0.1', 'bdload', 'bdload', ?)")
				rargs = append(rargs, accs[i].ID)
				sargs = append(sargs, auth.HashToken(accs[i].Token), accs[i].ID, now, now, now.Add(24*time.Hour), auth.KindH5)
			}
			roles.WriteString(")")
			if _, err := tx.Exec(ctx, roles.String(), rargs...); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, sess.String(), sargs...); err != nil {
				return err
			}
		}
		return nil
	})
	return accs, err
}

// analyse brings the planner's statistics up to date after a bulk insert, as autovacuum would.
func analyse(ctx context.Context, d *db.DB) error {
	_, err := d.Exec(ctx, map[bool]string{true: "ANALYZE", false: "VACUUM ANALYZE"}[d.Dialect == db.SQLite])
	return err
}

// newClient is a client for n simultaneous callers, each keeping its connection.
func newClient(n int) *http.Client {
	return &http.Client{Timeout: 30 * time.Second,
		Transport: &http.Transport{MaxIdleConnsPerHost: n, MaxConnsPerHost: n, DisableCompression: true, IdleConnTimeout: 5 * time.Minute}}
}

var errTransport = errors.New("transport")

// apiError is an answer with a code other than 0 (the server refused the call).
type apiError struct {
	status, code int
	msg          string
}

func (e *apiError) Error() string {
	return fmt.Sprintf("HTTP %d, code %d: %s", e.status, e.code, e.msg)
}

// api sends method path with body as JSON (GET: body is the query string already in path) and the phone token
// (or the web token when web is set), decodes data into out; a transport failure wraps errTransport.
func api(c *http.Client, method, u, token string, web bool, body, out any) error {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, u, rd)
	if err != nil {
		return err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		if web {
			req.Header.Set("Authorization", "Bearer "+token)
		} else {
			req.Header.Set("h5Token", token)
		}
	}
	resp, err := c.Do(req)
	if err != nil {
		return fmt.Errorf("%w: %v", errTransport, err)
	}
	defer resp.Body.Close()
	var env envelope
	if err := json.NewDecoder(resp.Body).Decode(&env); err != nil {
		return fmt.Errorf("%w: HTTP %d, %v", errTransport, resp.StatusCode, err)
	}
	if resp.StatusCode != 200 || env.Code != 0 {
		return &apiError{resp.StatusCode, env.Code, env.Message}
	}
	if out != nil {
		return json.Unmarshal(env.Data, out)
	}
	return nil
}

// timings collects the latencies and failures of one kind of call from many goroutines.
type timings struct {
	mu    sync.Mutex
	lat   []time.Duration
	errs  int
	first string
}

func (t *timings) add(d time.Duration, err error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if err != nil {
		t.errs++
		if t.first == "" {
			t.first = err.Error()
		}
		return
	}
	t.lat = append(t.lat, d)
}

// row is a table row: answered calls, p50, p99, max, failures (and the first failure's text).
func (t *timings) row(name string) string {
	t.mu.Lock()
	defer t.mu.Unlock()
	all := slices.Clone(t.lat)
	slices.Sort(all)
	var p50, p99, mx time.Duration
	if len(all) > 0 {
		p50, p99, mx = all[len(all)*50/100], all[min(len(all)-1, len(all)*99/100)], all[len(all)-1]
	}
	s := fmt.Sprintf("| %s | %d | %s | %s | %s | %d |", name, len(all), ms(p50), ms(p99), ms(mx), t.errs)
	if t.first != "" {
		s += " first failure: " + t.first
	}
	return s
}

const tableHead = "| call | answered | p50 | p99 | max | failed |\n|---|---|---|---|---|---|"

// bareSchedule sends the reference handler a small POST at each of the given offsets from now, each from its own
// goroutine over c, as the scenario's callers will send theirs: the machine's figures for the same schedule.
func bareSchedule(c *http.Client, base string, offsets []time.Duration) *timings {
	t := &timings{}
	begin := time.Now()
	var wg sync.WaitGroup
	for _, off := range offsets {
		wg.Add(1)
		go func() {
			defer wg.Done()
			time.Sleep(time.Until(begin.Add(off)))
			t0 := time.Now()
			err := api(c, "POST", base+"/", "", false, map[string]any{"x": 1}, nil)
			t.add(time.Since(t0), err)
		}()
	}
	wg.Wait()
	return t
}

func execOut(bin string, args ...string) ([]byte, error) {
	return exec.Command(bin, args...).CombinedOutput()
}

// loadAvg is the machine's load average over the last minute (Linux), to read the figures by.
func loadAvg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}
