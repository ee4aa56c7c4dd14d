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
// account (from addresses it never signed in from) and per address, as twenty sent one after the
// other would; the fifteen others are refused and leave no trace.
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
		// a refused attempt writes nothing: it neither counts nor prolongs the lock
		if n := f.count(`SELECT COUNT(*) FROM login_log WHERE login_code = ?`, code); n != 5 {
			t.Fatalf("run %d: %d login-log rows, want the 5 failures", run, n)
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
		if n := f.count(`SELECT COUNT(*) FROM login_log WHERE client_ip = ?`, ip); n != 5 {
			t.Fatalf("run %d: %d login-log rows from the address, want the 5 failures", run, n)
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
		if i == 5 && !errors.Is(authErr, httpx.ErrTokenInvalid) {
			t.Fatalf("session alive after 5 wrong old passwords: %v", authErr)
		}
	}
	if n := f.count(`SELECT COUNT(*) FROM security_event WHERE kind = 'password_guess' AND user_id = ?`, p.UserID); n != 1 {
		t.Fatalf("%d password_guess events, want 1", n)
	}
	// Another session of the user is refused, even with the right old password; so is a sign-in.
	if err := f.svc.ChangePassword(f.ctx, &Principal{UserID: p.UserID, SessionID: 0}, "Right@123", "New#Pass9", "New#Pass9", "192.0.2.1", "ua"); !errors.Is(err, httpx.ErrThrottled) {
		t.Fatalf("change after the limit: %v", err)
	}
	if _, err := f.svc.Login(f.ctx, LoginRequest{LoginCode: "seq", Password: "Right@123", Site: SiteStaff, IP: "192.0.2.9"}); !errors.Is(err, httpx.ErrThrottled) {
		t.Fatalf("sign-in after 5 wrong old passwords: %v", err)
	}

	// Failed sign-ins by a stranger elsewhere neither end the owner's session nor refuse his change from the
	// address he signed in from; from an address the account does not know, the change is refused.
	f.user("victim", "Right@123")
	vp, vtok := f.signIn("victim", "Right@123", "192.0.2.2")
	for i := 0; i < 5; i++ {
		f.svc.Login(f.ctx, LoginRequest{LoginCode: "victim", Password: "Wrong@123", Site: SiteStaff, IP: "203.0.113.1"})
	}
	if err := f.svc.ChangePassword(f.ctx, vp, "Right@123", "New#Pass9", "New#Pass9", "198.51.100.7", "ua"); !errors.Is(err, httpx.ErrThrottled) {
		t.Fatalf("change from an unfamiliar address with the account throttled: %v", err)
	}
	if err := f.svc.ChangePassword(f.ctx, vp, "Right@123", "New#Pass9", "New#Pass9", "192.0.2.2", "ua"); err != nil {
		t.Fatalf("the owner's change from his own address while a stranger guessed: %v", err)
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
		if _, err := f.svc.Authenticate(f.ctx, tok); !errors.Is(err, httpx.ErrTokenInvalid) {
			t.Fatalf("run %d: session alive after 20 parallel guesses: %v", run, err)
		}
		if n := f.count(`SELECT COUNT(*) FROM login_log WHERE login_code = ? AND success = 0`, code); n != 5 {
			t.Fatalf("run %d: %d failures logged, want the 5 wrong old passwords (refusals write nothing)", run, n)
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

// cheapUsers creates n enabled staff accounts prefix0..prefix<n-1> whose password pw is hashed at the cheap test cost
// (their checks are cheap too: a check uses the cost its hash records), in one transaction.
func (f *fixture) cheapUsers(prefix, pw string, n int) {
	f.t.Helper()
	SetTestHashCost(true)
	hash, err := HashPassword(pw)
	SetTestHashCost(false)
	if err != nil {
		f.t.Fatal(err)
	}
	err = f.db.InTx(f.ctx, func(tx *db.Tx) error {
		now := time.Now().UTC()
		for i := 0; i < n; i++ {
			if _, err := tx.Exec(f.ctx, `INSERT INTO sys_user (login_code, user_name, password_hash, state, update_pwd, user_type, unit_code, phone, email, created_at, updated_at)
				VALUES (?, ?, ?, 1, 0, ?, '', '', '', ?, ?)`, fmt.Sprintf("%s%d", prefix, i), prefix, hash, SiteStaff, now, now); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		f.t.Fatal(err)
	}
}

// 200 correct sign-ins of 200 accounts from one address (an office behind one NAT, or a proxy without --trust-proxy)
// sent at once at the default settings all succeed: successes never count against the address, attempts in flight
// make the others wait instead of failing, and the hashing cap (here the harshest: one slot) makes them queue
// without answering 'busy'. The accounts' hashes are at the cheap test cost, so the proof does not hang on the
// machine's speed: what it shows is that no rule refuses them (TestHashQueueIsBounded shows what bounds the queue).
func TestBurstOfCorrectSignInsFromOneAddressIsNeverRefused(t *testing.T) {
	f := newFixture(t, func(c *config.Config) { c.SingleSession = false })
	const n = 200
	f.cheapUsers("office", "Office@123", n)
	SetHashConcurrency(1, HashWait)
	var all tally
	together(n, func(i int) {
		_, err := f.svc.Login(f.ctx, LoginRequest{LoginCode: fmt.Sprintf("office%d", i), Password: "Office@123", Site: SiteStaff, IP: "192.0.2.80"})
		all.add(err)
	})
	if all.n["ok"] != n {
		t.Fatalf("burst of %d correct sign-ins from one address: %v, want all ok", n, all.n)
	}
	if got := f.count(`SELECT COUNT(*) FROM login_log WHERE client_ip = '192.0.2.80' AND success = 1`); got != n {
		t.Fatalf("%d success rows, want %d", got, n)
	}
	if got := f.count(`SELECT COUNT(*) FROM login_log WHERE success = 0`); got != 0 {
		t.Fatalf("%d failure rows after a burst of correct sign-ins", got)
	}
}

// Correct sign-ins of one account arriving together are never refused (the seven at once got a 429), nor are
// eight connections signing it in again and again: attempts in flight only make the others wait.
func TestCorrectSignInsOfOneAccountAreNeverRefused(t *testing.T) {
	f := newFixture(t, func(c *config.Config) { c.SingleSession = false }) // the default limits: 5 per account, 30 per address
	// Seven at once, with the five the limit admits held in the hashing queue until the two others wait for them:
	// so every run has the two waiting behind five attempts in flight, whatever the machine's speed.
	f.cheapUsers("seven", "Right@123", 1)
	SetHashConcurrency(1, time.Minute)
	for run := 0; run < raceRuns; run++ {
		held, release := make(chan struct{}), make(chan struct{})
		go withHashSlot(f.ctx, func() { close(held); <-release })
		<-held
		var all tally
		done := make(chan struct{})
		go func() {
			together(7, func(i int) {
				_, err := f.svc.Login(f.ctx, LoginRequest{LoginCode: "seven0", Password: "Right@123", Site: SiteStaff, IP: "192.0.2.7"})
				all.add(err)
			})
			close(done)
		}()
		for f.svc.store.throttle.queued() < 2 {
			runtime.Gosched()
		}
		close(release)
		<-done
		if all.n["ok"] != 7 {
			t.Fatalf("run %d: seven simultaneous correct sign-ins: %v", run, all.n)
		}
	}
	SetHashConcurrency(0, HashWait)

	// Eight connections, each signing in one sign-in after the other, at the real hashing cost so that the attempts
	// overlap as in production (a bounded count of rounds stands for the ten seconds).
	id := f.user("busy", "Right@123")
	const conns, rounds = 8, 6
	var all tally
	together(conns, func(i int) {
		for r := 0; r < rounds; r++ {
			_, err := f.svc.Login(f.ctx, LoginRequest{LoginCode: "busy", Password: "Right@123", Site: SiteStaff, IP: fmt.Sprintf("192.0.2.%d", 10+i%2)})
			all.add(err)
		}
	})
	t.Logf("%d waits for attempts in flight", f.svc.store.throttle.waits.Load())
	if all.n["ok"] != conns*rounds {
		t.Fatalf("%d connections of correct sign-ins: %v", conns, all.n)
	}
	if got := f.count(`SELECT COUNT(*) FROM login_log WHERE user_id = ? AND success = 1`, id); got != conns*rounds {
		t.Fatalf("%d success rows, want %d", got, conns*rounds)
	}
	if got := f.count(`SELECT COUNT(*) FROM login_log WHERE success = 0`); got != 0 {
		t.Fatalf("%d failure rows after correct sign-ins only", got)
	}
}

// queued is how many attempts wait in the room now.
func (w *waitRoom) queued() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	n := 0
	for _, q := range w.queues {
		n += len(q)
	}
	return n
}

// A stranger who keeps guessing cannot hold the owner out: failures lock the pair of account and address they come
// from, and the account as a whole only for addresses it never signed in from. Refused guesses write nothing, so
// the lock ends one window after the guess that reached the limit, however long the stranger goes on. An address
// locked for spraying passwords over many accounts still lets in the accounts that sign in from it.
func TestStrangerCannotLockTheOwnerOut(t *testing.T) {
	f := newFixture(t, func(c *config.Config) { c.SingleSession = false }) // 5 per account, 30 per address, 15 min
	f.user("owner", "Right@123")
	const home, stranger, elsewhere = "192.0.2.1", "203.0.113.66", "198.51.100.1"
	f.signIn("owner", "Right@123", home) // the owner's usual address

	for run := 0; run < raceRuns; run++ {
		// the stranger sends 16 guesses at once, again and again, while the owner signs in from home
		var guesses, owner tally
		together(17, func(i int) {
			if i == 0 {
				for k := 0; k < 3; k++ {
					_, err := f.svc.Login(f.ctx, LoginRequest{LoginCode: "owner", Password: "Right@123", Site: SiteStaff, IP: home})
					owner.add(err)
				}
				return
			}
			_, err := f.svc.Login(f.ctx, LoginRequest{LoginCode: "owner", Password: fmt.Sprintf("Guess@%d", i), Site: SiteStaff, IP: stranger})
			guesses.add(err)
		})
		if owner.n["ok"] != 3 {
			t.Fatalf("run %d: the owner at home while a stranger guessed: %v", run, owner.n)
		}
		wantChecked := 0
		if run == 0 {
			wantChecked = 5
		}
		if guesses.n["auth.bad_credentials"] != wantChecked || guesses.n["auth.throttled"] != 16-wantChecked {
			t.Fatalf("run %d: the stranger's guesses %v, want %d checked and the rest refused", run, guesses.n, wantChecked)
		}
	}
	// 16 x 20 guesses, 5 checked: only those are in the log
	if got := f.count(`SELECT COUNT(*) FROM login_log WHERE client_ip = ?`, stranger); got != 5 {
		t.Fatalf("%d login-log rows of the stranger, want his 5 failures", got)
	}
	// from an address the account does not know, the right password waits for the lock to end
	if _, err := f.svc.Login(f.ctx, LoginRequest{LoginCode: "owner", Password: "Right@123", Site: SiteStaff, IP: elsewhere}); outcome(err) != "auth.throttled" {
		t.Fatalf("right password from an unfamiliar address with the account locked: %v", err)
	}
	// one window after the last failure the lock is over, for the stranger too: his refused guesses did not prolong it
	var last time.Time
	if err := f.db.QueryRow(f.ctx, `SELECT created_at FROM login_log WHERE client_ip = ? ORDER BY created_at DESC LIMIT 1`, stranger).Scan(&last); err != nil {
		t.Fatal(err)
	}
	f.svc.now = func() time.Time { return last.Add(15*time.Minute + time.Second) }
	if _, err := f.svc.Login(f.ctx, LoginRequest{LoginCode: "owner", Password: "Right@123", Site: SiteStaff, IP: elsewhere}); err != nil {
		t.Fatalf("right password one window after the last failure: %v", err)
	}
	if _, err := f.svc.Login(f.ctx, LoginRequest{LoginCode: "owner", Password: "Guess@x", Site: SiteStaff, IP: stranger}); outcome(err) != "auth.bad_credentials" {
		t.Fatalf("the stranger one window after his last failure: %v", err)
	}
	f.svc.now = func() time.Time { return time.Now().UTC() }

	// An office: a stranger there sprays wrong passwords over 40 unknown login codes at once; the address is locked
	// at exactly 30 for accounts that never signed in from it, not for those that do.
	const office = "192.0.2.200"
	f.user("colleague", "Right@123")
	f.user("newcomer", "Right@123")
	f.signIn("colleague", "Right@123", office)
	var spray tally
	together(40, func(i int) {
		_, err := f.svc.Login(f.ctx, LoginRequest{LoginCode: fmt.Sprintf("nobody%d", i), Password: "Wrong@123", Site: SiteStaff, IP: office})
		spray.add(err)
	})
	if spray.n["auth.bad_credentials"] != 30 || spray.n["auth.throttled"] != 10 {
		t.Fatalf("spraying from the office: %v, want 30 checked and 10 refused", spray.n)
	}
	if _, err := f.svc.Login(f.ctx, LoginRequest{LoginCode: "colleague", Password: "Right@123", Site: SiteStaff, IP: office}); err != nil {
		t.Fatalf("an account that signs in from the office, with the office's address locked: %v", err)
	}
	if _, err := f.svc.Login(f.ctx, LoginRequest{LoginCode: "newcomer", Password: "Right@123", Site: SiteStaff, IP: office}); outcome(err) != "auth.throttled" {
		t.Fatalf("an account new to the office's locked address: %v", err)
	}
}

// A reservation left pending by an instance that stopped in the middle counts as a failure once it is older than any
// check can take; a younger one is an attempt in flight.
func TestStalePendingReservationCountsAsAFailure(t *testing.T) {
	f := newFixture(t, func(c *config.Config) { c.ThrottleAccount = 1 })
	f.user("crash", "Right@123")
	old := time.Now().UTC().Add(-PendingStale - time.Second)
	if _, err := f.db.Exec(f.ctx, `INSERT INTO login_log (login_code, success, reason, client_ip, user_agent, os, site, created_at) VALUES ('crash', 0, ?, '192.0.2.1', '', '', ?, ?)`,
		ReasonPending, SiteStaff, old); err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.Login(f.ctx, LoginRequest{LoginCode: "crash", Password: "Right@123", Site: SiteStaff, IP: "192.0.2.1"}); outcome(err) != "auth.throttled" {
		t.Fatalf("sign-in behind a stale reservation at the limit: %v", err)
	}
	// Rows earlier versions wrote for refused attempts count for nothing.
	f.user("upgraded", "Right@123")
	for _, reason := range []string{RefusedAccount, RefusedAddress, ReasonOldPasswordThrottle} {
		if _, err := f.db.Exec(f.ctx, `INSERT INTO login_log (login_code, success, reason, client_ip, user_agent, os, site, created_at) VALUES ('upgraded', 0, ?, '192.0.2.1', '', '', ?, ?)`,
			reason, SiteStaff, time.Now().UTC()); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := f.svc.Login(f.ctx, LoginRequest{LoginCode: "upgraded", Password: "Right@123", Site: SiteStaff, IP: "192.0.2.1"}); err != nil {
		t.Fatalf("old refusal rows counted as failures: %v", err)
	}
}

// A caller waits for a hashing slot behind at most HashQueue others, then is told at once that the system is busy:
// the queue is bounded by its length, not by a short time, so a burst waits its turn.
func TestHashQueueIsBounded(t *testing.T) {
	SetHashConcurrency(1, time.Minute)
	t.Cleanup(func() { SetHashConcurrency(0, HashWait) })
	held, release := make(chan struct{}), make(chan struct{})
	go withHashSlot(context.Background(), func() { close(held); <-release })
	<-held
	errs := make(chan error, HashQueue)
	for i := 0; i < HashQueue; i++ {
		go func() { errs <- withHashSlot(context.Background(), func() {}) }()
	}
	g := currentGate()
	for {
		g.mu.Lock()
		w := g.waiting
		g.mu.Unlock()
		if w == HashQueue {
			break
		}
		runtime.Gosched()
	}
	if err := withHashSlot(context.Background(), func() { t.Error("ran past a full queue") }); err != ErrBusy {
		t.Fatalf("one past a full queue: %v, want ErrBusy", err)
	}
	close(release)
	for i := 0; i < HashQueue; i++ {
		if err := <-errs; err != nil {
			t.Fatalf("a caller in the queue: %v", err)
		}
	}
}
