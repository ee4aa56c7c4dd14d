package auth

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"testing"
	"time"

	"biddesk/internal/platform/config"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/dbtest"
	"biddesk/internal/platform/httpx"
)

// The races below run this many times, each time with goroutines released together.
const raceRuns = 20

type noGrants struct{}

func (noGrants) UserGrants(context.Context, int64) ([]string, []string, []*Menu, error) {
	return nil, nil, nil, nil
}
func (noGrants) FunctionCodes(context.Context, int64) ([]string, error) { return nil, nil }
func (noGrants) RoleNames(context.Context, int64) ([]string, error)     { return nil, nil }

type noDicts struct{}

func (noDicts) DictData(context.Context) (any, error) { return nil, nil }

type noUnits struct{}

func (noUnits) UnitName(context.Context, string) (string, error) { return "", nil }

type fixture struct {
	t   *testing.T
	svc *Service
	db  *db.DB
	ctx context.Context
}

// newFixture is an auth service on a fresh database (SQLite, or PostgreSQL with BIDDESK_TEST_PG).
func newFixture(t *testing.T, tweak ...func(*config.Config)) *fixture {
	t.Helper()
	cfg := config.Defaults()
	for _, f := range tweak {
		f(&cfg)
	}
	d := dbtest.Open(t)
	svc := NewService(NewStore(d), cfg, noGrants{}, noDicts{}, noUnits{})
	t.Cleanup(func() { SetHashConcurrency(0, HashWait) })
	return &fixture{t: t, svc: svc, db: d, ctx: context.Background()}
}

// user creates an enabled staff account; the hash is computed once per password.
func (f *fixture) user(code, pw string) int64 {
	f.t.Helper()
	hash, ok := hashCache.Load(pw)
	if !ok {
		h, err := HashPassword(pw)
		if err != nil {
			f.t.Fatal(err)
		}
		hash, _ = hashCache.LoadOrStore(pw, h)
	}
	id, err := f.svc.store.CreateUser(f.ctx, &User{LoginCode: code, UserName: code, PasswordHash: hash.(string), State: 1, UserType: SiteStaff})
	if err != nil {
		f.t.Fatal(err)
	}
	return id
}

var hashCache sync.Map

func (f *fixture) count(q string, args ...any) int {
	f.t.Helper()
	var n int
	if err := f.db.QueryRow(f.ctx, q, args...).Scan(&n); err != nil {
		f.t.Fatal(err)
	}
	return n
}

// together runs fn(0..n-1) in n goroutines released at once through a barrier, and waits for all.
func together(n int, fn func(i int)) {
	var ready, done sync.WaitGroup
	start := make(chan struct{})
	ready.Add(n)
	done.Add(n)
	for i := 0; i < n; i++ {
		go func(i int) {
			defer done.Done()
			ready.Done()
			<-start
			fn(i)
		}(i)
	}
	ready.Wait()
	close(start)
	done.Wait()
}

// outcome names an answer of Login or ChangePassword for counting.
func outcome(err error) string {
	var e *httpx.Error
	switch {
	case err == nil:
		return "ok"
	case errors.Is(err, ErrBusy):
		return "busy"
	case errors.As(err, &e):
		return e.Key
	default:
		return "error: " + err.Error()
	}
}

type tally struct {
	mu sync.Mutex
	n  map[string]int
}

func (t *tally) add(err error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.n == nil {
		t.n = map[string]int{}
	}
	t.n[outcome(err)]++
}

// Twenty wrong guesses sent at once let exactly the limit through to the password check, per
// account and per address, as twenty sent one after the other would.
func TestParallelGuessesAreThrottledAsSequentialOnes(t *testing.T) {
	f := newFixture(t, func(c *config.Config) { c.ThrottleAccount = 5; c.ThrottleAddress = 5 })
	for run := 0; run < raceRuns; run++ {
		// Per account: one login code, twenty addresses.
		code := fmt.Sprintf("acct%d", run)
		f.user(code, "Right@123")
		var byAccount tally
		together(20, func(i int) {
			_, err := f.svc.Login(f.ctx, LoginRequest{LoginCode: code, Password: "Wrong@123", Site: SiteStaff, IP: fmt.Sprintf("10.%d.0.%d", run, i)})
			byAccount.add(err)
		})
		if byAccount.n["auth.bad_credentials"] != 5 || byAccount.n["auth.throttled"] != 15 {
			t.Fatalf("run %d, one account: %v, want 5 checked and 15 throttled", run, byAccount.n)
		}
		if n := f.count(`SELECT COUNT(*) FROM login_log WHERE login_code = ? AND reason = 'bad_password'`, code); n != 5 {
			t.Fatalf("run %d: %d bad_password rows, want 5", run, n)
		}
		if n := f.count(`SELECT COUNT(*) FROM login_log WHERE login_code = ? AND reason = 'throttled_account' AND success = 0`, code); n != 15 {
			t.Fatalf("run %d: %d throttled_account rows, want 15", run, n)
		}
		// As sequentially: the right password is now refused too.
		if _, err := f.svc.Login(f.ctx, LoginRequest{LoginCode: code, Password: "Right@123", Site: SiteStaff, IP: "10.255.0.1"}); outcome(err) != "auth.throttled" {
			t.Fatalf("run %d: right password after the limit: %v", run, err)
		}

		// Per address: twenty login codes (unknown ones: the dummy hash is checked), one address.
		ip := fmt.Sprintf("192.0.2.%d", run)
		var byAddress tally
		together(20, func(i int) {
			_, err := f.svc.Login(f.ctx, LoginRequest{LoginCode: fmt.Sprintf("nobody%d-%d", run, i), Password: "Wrong@123", Site: SiteStaff, IP: ip})
			byAddress.add(err)
		})
		if byAddress.n["auth.bad_credentials"] != 5 || byAddress.n["auth.throttled"] != 15 {
			t.Fatalf("run %d, one address: %v, want 5 checked and 15 throttled", run, byAddress.n)
		}
		if n := f.count(`SELECT COUNT(*) FROM login_log WHERE client_ip = ? AND reason = 'throttled_address'`, ip); n != 15 {
			t.Fatalf("run %d: %d throttled_address rows, want 15", run, n)
		}
	}
	if n := f.count(`SELECT COUNT(*) FROM login_log WHERE reason = ?`, ReasonPending); n != 0 {
		t.Fatalf("%d reservations left pending", n)
	}
}

// A success turns its reservation into the success row: one row per attempt, and successes
// never count against the limit.
func TestSuccessfulSignInsDoNotCount(t *testing.T) {
	f := newFixture(t, func(c *config.Config) { c.ThrottleAccount = 2; c.ThrottleAddress = 2 })
	f.user("alice", "Right@123")
	for i := 0; i < 4; i++ {
		if _, err := f.svc.Login(f.ctx, LoginRequest{LoginCode: "alice", Password: "Right@123", Site: SiteStaff, IP: "192.0.2.1"}); err != nil {
			t.Fatalf("sign-in %d: %v", i, err)
		}
	}
	if n := f.count(`SELECT COUNT(*) FROM login_log WHERE login_code = 'alice' AND success = 1 AND reason = ''`); n != 4 {
		t.Fatalf("%d success rows, want 4", n)
	}
	if n := f.count(`SELECT COUNT(*) FROM login_log`); n != 4 {
		t.Fatalf("%d login-log rows, want 4", n)
	}
	// A login code longer than the log's column is counted under the logged (shortened) code.
	long := fmt.Sprintf("%070d", 7)
	for i := 0; i < 3; i++ {
		f.svc.Login(f.ctx, LoginRequest{LoginCode: long, Password: "Wrong@123", Site: SiteStaff, IP: fmt.Sprintf("198.51.100.%d", i)})
	}
	if _, err := f.svc.Login(f.ctx, LoginRequest{LoginCode: long, Password: "Wrong@123", Site: SiteStaff, IP: "198.51.100.9"}); outcome(err) != "auth.throttled" {
		t.Fatalf("long login code not throttled: %v", err)
	}
}

// A burst of 100 parallel sign-ins never runs more argon2id hashes at once than the cap.
func TestHashingIsCapped(t *testing.T) {
	const limit = 4
	f := newFixture(t, func(c *config.Config) {
		c.ThrottleAccount, c.ThrottleAddress = 1000, 1000
		c.HashConcurrency = limit
		c.SingleSession = false
	})
	for i := 0; i < 100; i++ {
		f.user(fmt.Sprintf("burst%d", i), "Right@123")
	}
	// A generous wait: every sign-in of the burst must get its turn.
	SetHashConcurrency(limit, time.Minute)
	if l, _ := HashConcurrency(true); l != limit {
		t.Fatalf("cap %d, want %d", l, limit)
	}
	var before runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	var all tally
	together(100, func(i int) {
		_, err := f.svc.Login(f.ctx, LoginRequest{LoginCode: fmt.Sprintf("burst%d", i), Password: "Right@123", Site: SiteStaff, IP: "192.0.2.1"})
		all.add(err)
	})
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	_, peak := HashConcurrency(true)
	t.Logf("100 parallel sign-ins: peak %d hashes at once (cap %d); heap from the OS %d MiB before, %d MiB after", peak, limit, before.HeapSys>>20, after.HeapSys>>20)
	if all.n["ok"] != 100 {
		t.Fatalf("burst answers %v, want 100 ok", all.n)
	}
	if peak != limit {
		t.Fatalf("peak %d hashes at once, want the cap %d", peak, limit)
	}

	// With no time to wait, the excess is told the system is busy and leaves no failure behind.
	SetHashConcurrency(1, time.Millisecond)
	var rushed tally
	together(20, func(i int) {
		_, err := f.svc.Login(f.ctx, LoginRequest{LoginCode: fmt.Sprintf("burst%d", i), Password: "Right@123", Site: SiteStaff, IP: "192.0.2.2"})
		rushed.add(err)
	})
	if _, peak := HashConcurrency(true); peak != 1 {
		t.Fatalf("peak %d with a cap of 1", peak)
	}
	if rushed.n["busy"] == 0 || rushed.n["ok"]+rushed.n["busy"] != 20 {
		t.Fatalf("rushed answers %v, want some busy and the rest ok", rushed.n)
	}
	if n := f.count(`SELECT COUNT(*) FROM login_log WHERE client_ip = '192.0.2.2'`); n != rushed.n["ok"] {
		t.Fatalf("%d login-log rows for %d sign-ins that ran", n, rushed.n["ok"])
	}
	if msg := ErrBusy.Error(); msg != "系统繁忙，请稍后再试" || httpx.Translate(httpx.LangEN, ErrBusy.Key) != "The system is busy, please try again" {
		t.Fatalf("busy message %q", msg)
	}
}

// Six simultaneous sign-ins of one account leave exactly one session alive.
func TestSimultaneousSignInsLeaveOneSession(t *testing.T) {
	f := newFixture(t, func(c *config.Config) { c.ThrottleAccount, c.ThrottleAddress = 1000, 1000 })
	id := f.user("solo", "Right@123")
	for run := 0; run < raceRuns; run++ {
		var all tally
		together(6, func(i int) {
			_, err := f.svc.Login(f.ctx, LoginRequest{LoginCode: "solo", Password: "Right@123", Site: SiteStaff, IP: "192.0.2.1"})
			all.add(err)
		})
		if all.n["ok"] != 6 {
			t.Fatalf("run %d: %v", run, all.n)
		}
		if n := f.count(`SELECT COUNT(*) FROM sys_session WHERE user_id = ? AND ended_at IS NULL`, id); n != 1 {
			t.Fatalf("run %d: %d sessions alive, want 1", run, n)
		}
	}
	if n := f.count(`SELECT COUNT(*) FROM sys_session WHERE user_id = ?`, id); n != 6*raceRuns {
		t.Fatalf("%d sessions recorded, want %d", n, 6*raceRuns)
	}
}

// signIn returns the principal of a fresh session of code.
func (f *fixture) signIn(code, pw, ip string) (*Principal, string) {
	f.t.Helper()
	su, err := f.svc.Login(f.ctx, LoginRequest{LoginCode: code, Password: pw, Site: SiteStaff, IP: ip})
	if err != nil {
		f.t.Fatalf("sign in %s: %v", code, err)
	}
	p, err := f.svc.Authenticate(f.ctx, su.AccessToken)
	if err != nil {
		f.t.Fatal(err)
	}
	return p, su.AccessToken
}

// Wrong old passwords on the password change are limited like sign-ins, sequential or parallel,
// and end the session that gave them.
func TestWrongOldPasswordsAreThrottled(t *testing.T) {
	f := newFixture(t, func(c *config.Config) { c.ThrottleAccount = 5; c.ThrottleAddress = 1000; c.SingleSession = false })

	// One after the other: four wrong answers keep the session, the fifth ends it.
	f.user("seq", "Right@123")
	p, tok := f.signIn("seq", "Right@123", "192.0.2.1")
	for i := 1; i <= 5; i++ {
		err := f.svc.ChangePassword(f.ctx, p, "Wrong@123", "New#Pass9", "New#Pass9", "192.0.2.1", "ua")
		if outcome(err) != "pwd.old_wrong" {
			t.Fatalf("try %d: %v", i, err)
		}
		_, authErr := f.svc.Authenticate(f.ctx, tok)
		if i < 5 && authErr != nil {
			t.Fatalf("session ended after %d wrong old passwords: %v", i, authErr)
		}
		if i == 5 && authErr != httpx.ErrTokenInvalid {
			t.Fatalf("session alive after 5 wrong old passwords: %v", authErr)
		}
	}
	if n := f.count(`SELECT COUNT(*) FROM security_event WHERE kind = 'password_guess' AND user_id = ?`, p.UserID); n != 1 {
		t.Fatalf("%d password_guess events, want 1", n)
	}
	// Another session of the user is refused, even with the right old password; so is a sign-in.
	if err := f.svc.ChangePassword(f.ctx, &Principal{UserID: p.UserID, SessionID: 0}, "Right@123", "New#Pass9", "New#Pass9", "192.0.2.1", "ua"); err != httpx.ErrThrottled {
		t.Fatalf("change after the limit: %v", err)
	}
	if _, err := f.svc.Login(f.ctx, LoginRequest{LoginCode: "seq", Password: "Right@123", Site: SiteStaff, IP: "192.0.2.9"}); err != httpx.ErrThrottled {
		t.Fatalf("sign-in after 5 wrong old passwords: %v", err)
	}

	// Failed sign-ins by someone else refuse the change but do not end the session.
	f.user("victim", "Right@123")
	vp, vtok := f.signIn("victim", "Right@123", "192.0.2.2")
	for i := 0; i < 5; i++ {
		f.svc.Login(f.ctx, LoginRequest{LoginCode: "victim", Password: "Wrong@123", Site: SiteStaff, IP: "203.0.113.1"})
	}
	if err := f.svc.ChangePassword(f.ctx, vp, "Right@123", "New#Pass9", "New#Pass9", "192.0.2.2", "ua"); err != httpx.ErrThrottled {
		t.Fatalf("change with the account throttled: %v", err)
	}
	if _, err := f.svc.Authenticate(f.ctx, vtok); err != nil {
		t.Fatalf("sign-in failures ended the victim's session: %v", err)
	}

	// Twenty at once: five reach the check, fifteen are refused, and the session ends.
	for run := 0; run < raceRuns; run++ {
		code := fmt.Sprintf("par%d", run)
		f.user(code, "Right@123")
		p, tok := f.signIn(code, "Right@123", "192.0.2.3")
		var all tally
		together(20, func(i int) {
			all.add(f.svc.ChangePassword(f.ctx, p, "Wrong@123", "New#Pass9", "New#Pass9", "192.0.2.3", "ua"))
		})
		if all.n["pwd.old_wrong"] != 5 || all.n["auth.throttled"] != 15 {
			t.Fatalf("run %d: %v, want 5 checked and 15 throttled", run, all.n)
		}
		if _, err := f.svc.Authenticate(f.ctx, tok); err != httpx.ErrTokenInvalid {
			t.Fatalf("run %d: session alive after 20 parallel guesses: %v", run, err)
		}
		if n := f.count(`SELECT COUNT(*) FROM login_log WHERE login_code = ? AND reason = ?`, code, ReasonOldPasswordThrottle); n != 15 {
			t.Fatalf("run %d: %d old_password_throttled rows, want 15", run, n)
		}
	}

	// A right old password leaves no failure behind.
	f.user("good", "Right@123")
	gp, _ := f.signIn("good", "Right@123", "192.0.2.4")
	if err := f.svc.ChangePassword(f.ctx, gp, "Right@123", "New#Pass9", "New#Pass9", "192.0.2.4", "ua"); err != nil {
		t.Fatal(err)
	}
	if n := f.count(`SELECT COUNT(*) FROM login_log WHERE login_code = 'good' AND success = 0`); n != 0 {
		t.Fatalf("%d failures after a right old password", n)
	}
}

// Text that is not clean UTF-8, or holds NUL characters, is an ordinary failed sign-in on both
// databases (PostgreSQL refuses such parameters), logged and throttled like any other.
func TestHostileSignInText(t *testing.T) {
	f := newFixture(t, func(c *config.Config) { c.ThrottleAccount = 2 })
	f.user("alice", "Right@123")
	for _, code := range []string{"ali\x00ce", "\xff\xfealice", "alice\xc3"} {
		for i := 0; i < 3; i++ {
			_, err := f.svc.Login(f.ctx, LoginRequest{LoginCode: code, Password: "Right@123", Site: SiteStaff, IP: fmt.Sprintf("192.0.2.%d", i), UserAgent: "ua\xff\x00", OS: "os\xfe"})
			want := "auth.bad_credentials"
			if i == 2 {
				want = "auth.throttled"
			}
			if outcome(err) != want {
				t.Fatalf("code %q, try %d: %v, want %s", code, i, err, want)
			}
		}
	}
	// A session's client text is cleaned the same way.
	if _, err := f.svc.Login(f.ctx, LoginRequest{LoginCode: "alice", Password: "Right@123", Site: SiteStaff, IP: "192.0.2.9\x00", UserAgent: "ua\xff\x00", OS: "os\xfe"}); err != nil {
		t.Fatal(err)
	}
}
