// Command bdload is the load run of docs/performance.md ("Load runs"): it seeds 100,000 staff accounts
// into a fresh database, starts the real binary on 127.0.0.1, signs in as the demo administrator and
// sends each measured call from N connections for a fixed time, next to a bare net/http handler served
// by a process of its own (this program again) in the same run, then prints requests/s, p50, p99 and the ratio to the bare handler.
// It stops by itself (every step is bounded) and leaves nothing running.
//
//	go build -o bin/biddesk ./cmd/biddesk && go run ./cmd/bdload                  # SQLite
//	go run ./cmd/bdload -database-url "$(scripts/pgtest.sh start)"                # PostgreSQL
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"biddesk/internal/org"
	"biddesk/internal/platform/db"
)

// bareEnv, set, makes this program the bare handler's own process, serving on that address.
const bareEnv = "BDLOAD_BARE_ADDR"

func main() {
	if addr := os.Getenv(bareEnv); addr != "" {
		fmt.Fprintln(os.Stderr, "bdload:", http.ListenAndServe(addr, bareHandler()))
		os.Exit(1)
	}
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "bdload:", err)
		os.Exit(1)
	}
}

type call struct{ name, path string }

// calls are the measured calls of issue 14, in the order printed.
func calls() []call {
	wang := url.QueryEscape("王")
	cs := []call{
		{"user list, page 1", "/api/sys/user/list"},
		{"user list, page 500", "/api/sys/user/list?current=500"},
	}
	for _, s := range []string{"loginCode", "userName", "createdAt", "lastLoginAt", "state", "unitName"} {
		for _, o := range []string{"desc", "asc"} {
			cs = append(cs, call{"user list, sorted by " + s + " " + o + ", page 500", "/api/sys/user/list?current=500&order=" + o + "&sort=" + s})
		}
	}
	return append(cs,
		call{"user list, name contains 王", "/api/sys/user/list?userName=" + wang},
		call{"user list, name contains 王建国 (trigram index)", "/api/sys/user/list?userName=" + url.QueryEscape("王建国")},
		call{"dictionary cache", "/api/sys/dict/getDictCache"},
		call{"session info", "/api/sys/user/info"},
		call{"menus (menu tree)", "/api/sys/menu/tree"},
		call{"library list (contracts)", "/api/library/contract/list"},
		call{"org picker: children of 1002", "/api/dataHumanResources/getByPid?pid=1002"},
		call{"org picker: search a unit name", "/api/dataHumanResources/getByNameOrCode?keyword=" + url.QueryEscape("部")},
		call{"org picker: level 2 units", "/api/organization/levelInfoList?level=2"},
		call{"portal search", "/api/portal/search?keywords=" + url.QueryEscape("物业")},
	)
}

func run() error {
	bin := flag.String("bin", "bin/biddesk", "the BidDesk binary (built with go build ./cmd/biddesk)")
	dsn := flag.String("database-url", "", "PostgreSQL DSN (an empty database); empty: SQLite in a temporary folder")
	users := flag.Int("users", 100_000, "staff accounts to seed")
	dur := flag.Duration("duration", 3*time.Second, "how long each call is sent at each connection count; exam: how long each taker saves from its start (default 10m there)")
	connList := flag.String("conns", "16,64", "connection counts, comma-separated")
	only := flag.String("only", "", "measure only the calls whose name contains this")
	keep := flag.String("keep", "", "an empty folder to keep the data in (SQLite's database, the files), to look at the seeded data after the run")
	scenario := flag.String("scenario", "", "training: issue 30's class sign-in; exam: issue 31's exam saves (see training.go, exam.go); empty: the calls above")
	trainees := flag.Int("trainees", 500, "training: trainees of the class, each signing in once")
	window := flag.Duration("window", 2*time.Minute, "training: the sign-ins are spread over this time after the QR goes up")
	takers := flag.Int("takers", 1000, "exam: takers of the exam")
	startWindow := flag.Duration("start-window", 60*time.Second, "exam: the takers start within this time")
	every := flag.Duration("save-every", 5*time.Second, "exam: each taker saves an answer this often")
	killAfter := flag.Duration("kill-after", 0, "exam: kill the server with SIGKILL this long after the first start, start it again and check every confirmed save (0: no kill)")
	refDur := flag.Duration("ref-duration", 0, "exam: how long the bare handler gets the same schedule (0: -duration, at most 60 s)")
	flag.Parse()
	var conns []int
	for _, s := range strings.Split(*connList, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || n < 1 || n > 1000 {
			return fmt.Errorf("bad -conns %q", *connList)
		}
		conns = append(conns, n)
	}
	dir := *keep
	if dir == "" {
		tmp, err := os.MkdirTemp("", "bdload-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(tmp)
		dir = tmp
	} else if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	switch *scenario {
	case "":
	case "training":
		return runTraining(trainingOpts{bin: *bin, dsn: *dsn, dir: dir, trainees: *trainees, window: *window})
	case "exam":
		d := *dur
		if !isSet("duration") {
			d = 10 * time.Minute
		}
		ref := *refDur
		if ref == 0 {
			ref = min(d, 60*time.Second)
		}
		return runExam(examOpts{bin: *bin, dsn: *dsn, dir: dir, takers: *takers, startWindow: *startWindow, every: *every,
			duration: d, killAfter: *killAfter, refDuration: ref})
	default:
		return fmt.Errorf("bad -scenario %q (training, exam)", *scenario)
	}
	dbName := "SQLite"
	args := []string{"--data", dir}
	if *dsn != "" {
		dbName = "PostgreSQL"
		args = append(args, "--database-url", *dsn)
	}

	// The schema and the demo data, by the binary itself; then the accounts, straight into the database.
	start := time.Now()
	if out, err := exec.Command(*bin, append([]string{"seed", "--demo"}, args...)...).CombinedOutput(); err != nil {
		return fmt.Errorf("seed: %v\n%s", err, out)
	}
	if err := seedUsers(*dsn, dir, *users); err != nil {
		return fmt.Errorf("seed users: %w", err)
	}
	fmt.Printf("%s: demo data and %d accounts seeded in %s\n", dbName, *users, time.Since(start).Round(time.Second))

	addr, err := freeAddr()
	if err != nil {
		return err
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	srv := exec.CommandContext(ctx, *bin, append([]string{"serve", "--addr", addr, "--log-level", "error"}, args...)...)
	srv.Stdout, srv.Stderr = io.Discard, os.Stderr
	if err := srv.Start(); err != nil {
		return err
	}
	defer func() { cancel(); srv.Wait() }()
	base := "http://" + addr
	if err := waitHealthy(base, 60*time.Second); err != nil {
		return err
	}
	token, err := signIn(base)
	if err != nil {
		return err
	}

	// The reference: a bare handler answering a small JSON body, in a process of its own as the server is
	// (this program again). The same handler inside this program is measured too, for comparison only: there
	// the client and the server share one process and its scheduler, which the real server never does.
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	bareAddr, err := freeAddr()
	if err != nil {
		return err
	}
	bareProc := exec.CommandContext(ctx, exe)
	bareProc.Env = append(os.Environ(), bareEnv+"="+bareAddr)
	bareProc.Stderr = os.Stderr
	if err := bareProc.Start(); err != nil {
		return err
	}
	defer func() { cancel(); bareProc.Wait() }()
	if err := waitHealthy("http://"+bareAddr, 10*time.Second); err != nil {
		return fmt.Errorf("bare handler: %w", err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	inProcess := &http.Server{Handler: bareHandler()}
	go inProcess.Serve(ln)
	defer inProcess.Close()

	fmt.Printf("\n%s, %d accounts, %d CPUs, %s per call and connection count, loopback\n\n", dbName, *users, runtime.NumCPU(), *dur)
	fmt.Println("| call | conns | req/s | p50 | p99 | errors | ratio to bare |")
	fmt.Println("|---|---|---|---|---|---|---|")
	for _, n := range conns {
		ref := measure("http://"+bareAddr+"/", "", n, *dur)
		fmt.Println(ref.row("bare net/http handler", n, ref.rps))
		if *only == "" {
			in := measure("http://"+ln.Addr().String()+"/", "", n, *dur)
			fmt.Println(in.row("(bare handler inside the load program)", n, ref.rps))
		}
		for _, c := range calls() {
			if *only != "" && !strings.Contains(c.name, *only) {
				continue
			}
			// One call first: a failure is reported once rather than measured.
			if err := checkCall(base+c.path, token); err != nil {
				fmt.Printf("| %s | %d | failed: %v | | | | |\n", c.name, n, err)
				continue
			}
			r := measure(base+c.path, token, n, *dur)
			fmt.Println(r.row(c.name, n, ref.rps))
		}
	}
	return nil
}

// seedUsers adds n staff accounts over the demo departments (5 % disabled, demo names, one a second
// of creation time), 500 rows a statement in one transaction, then analyses the tables.
func seedUsers(dsn, dir string, n int) error {
	ctx := context.Background()
	d, err := db.Open(ctx, dsn, dir)
	if err != nil {
		return err
	}
	defer d.Close()
	var depts []string
	for _, u := range org.DemoUnits() {
		if u.Level() >= 3 {
			depts = append(depts, u.Code())
		}
	}
	now := time.Now().UTC().Add(-time.Duration(n) * time.Second)
	const batch = 500
	err = d.InTx(ctx, func(tx *db.Tx) error {
		for start := 0; start < n; start += batch {
			var sb strings.Builder
			sb.WriteString(`INSERT INTO sys_user (login_code, user_name, password_hash, state, update_pwd, user_type, unit_code, phone, email, created_at, updated_at, last_login_at) VALUES `)
			args := make([]any, 0, batch*9)
			for i := start; i < start+batch && i < n; i++ {
				if i > start {
					sb.WriteString(", ")
				}
				sb.WriteString("(?, ?, 'x', ?, 0, 'staff', ?, ?, '', ?, ?, ?)")
				_, name := org.DemoEmployee(i + 1)
				created := now.Add(time.Duration(i) * time.Second)
				var last any
				if i%3 != 0 {
					last = created.Add(time.Duration(i%977) * time.Hour)
				}
				args = append(args, fmt.Sprintf("load%06d", i), name, 1-(i%20)/19, depts[i%len(depts)], fmt.Sprintf("139%08d", i), created, created, last)
			}
			if _, err := tx.Exec(ctx, sb.String(), args...); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	if d.Dialect == db.SQLite {
		_, err = d.Exec(ctx, "ANALYZE")
		return err
	}
	// Twice: the first VACUUM right after the bulk insert leaves most pages not all-visible (seen with
	// EXPLAIN: an index-only page walk of the accounts then fetched 5,000 heap rows); the second marks
	// them, as autovacuum's later rounds would on a live database.
	for _, stmt := range []string{"VACUUM ANALYZE", "VACUUM"} {
		if _, err = d.Exec(ctx, stmt); err != nil {
			return err
		}
	}
	return nil
}

// bareHandler is the reference: net/http answering a small JSON body, nothing else.
func bareHandler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"code":0,"message":"ok","data":{}}`)
	})
}

func freeAddr() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}

func waitHealthy(base string, limit time.Duration) error {
	deadline := time.Now().Add(limit)
	for time.Now().Before(deadline) {
		if resp, err := http.Get(base + "/healthz"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return nil
			}
		}
		time.Sleep(200 * time.Millisecond)
	}
	return errors.New("the server did not become healthy")
}

type envelope struct {
	Code    int             `json:"code"`
	Message string          `json:"message"`
	Data    json.RawMessage `json:"data"`
}

func signIn(base string) (string, error) {
	body := `{"LoginCode":"admin","PassWord":"Admin@123","os":"bdload"}`
	resp, err := http.Post(base+"/api/login", "application/json", strings.NewReader(body))
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	var env envelope
	if err := json.NewDecoder(resp.Body).Decode(&env); err != nil {
		return "", err
	}
	var u struct {
		AccessToken string `json:"accessToken"`
	}
	if env.Code != 0 || json.Unmarshal(env.Data, &u) != nil || u.AccessToken == "" {
		return "", fmt.Errorf("sign-in: %d %s", env.Code, env.Message)
	}
	return u.AccessToken, nil
}

func checkCall(u, token string) error {
	req, _ := http.NewRequest("GET", u, nil)
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	var env envelope
	if err := json.NewDecoder(resp.Body).Decode(&env); err != nil {
		return err
	}
	if resp.StatusCode != 200 || env.Code != 0 {
		return fmt.Errorf("HTTP %d, code %d: %s", resp.StatusCode, env.Code, env.Message)
	}
	return nil
}

type result struct {
	rps      float64
	p50, p99 time.Duration
	errors   int
}

// measure sends GET u from n connections (one client each, kept alive) for d and collects every latency.
func measure(u, token string, n int, d time.Duration) result {
	tr := &http.Transport{MaxIdleConnsPerHost: n, MaxConnsPerHost: n, DisableCompression: true}
	defer tr.CloseIdleConnections()
	client := &http.Client{Transport: tr, Timeout: 30 * time.Second}
	var mu sync.Mutex
	var all []time.Duration
	errs := 0
	var wg sync.WaitGroup
	begin := time.Now()
	end := begin.Add(d)
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var lat []time.Duration
			bad := 0
			for time.Now().Before(end) {
				req, _ := http.NewRequest("GET", u, nil)
				if token != "" {
					req.Header.Set("Authorization", "Bearer "+token)
				}
				t0 := time.Now()
				resp, err := client.Do(req)
				if err == nil {
					_, err = io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
					if resp.StatusCode != 200 {
						err = errors.New(resp.Status)
					}
				}
				lat = append(lat, time.Since(t0))
				if err != nil {
					bad++
				}
			}
			mu.Lock()
			all = append(all, lat...)
			errs += bad
			mu.Unlock()
		}()
	}
	wg.Wait()
	elapsed := time.Since(begin)
	slices.Sort(all)
	r := result{rps: float64(len(all)) / elapsed.Seconds(), errors: errs}
	if len(all) > 0 {
		r.p50 = all[len(all)*50/100]
		r.p99 = all[min(len(all)-1, len(all)*99/100)]
	}
	return r
}

func (r result) row(name string, n int, bare float64) string {
	return fmt.Sprintf("| %s | %d | %.0f | %s | %s | %d | %.0f %% |", name, n, r.rps, ms(r.p50), ms(r.p99), r.errors, 100*r.rps/bare)
}

func ms(d time.Duration) string {
	return strconv.FormatFloat(float64(d.Microseconds())/1000, 'f', 1, 64) + " ms"
}

// isSet tells whether the flag was given on the command line.
func isSet(name string) bool {
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}
