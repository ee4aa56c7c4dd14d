package main

// -scenario training: issue 30's number. A class of N trainees (500) with a session starting now; the class manager's
// screen shows the sign-in QR code (GET /api/training/signin/code, read every 3 s as the screen does); each trainee,
// at a random moment of the window (2 minutes), opens the phone page on the QR's address
// (GET /api/biapp/training/session) and signs in (POST /api/biapp/training/signin) with the code the screen shows,
// on its own phone session (h5Token). Before it the bare handler gets the same schedule of calls. Afterwards
// exactly N sign-in rows must exist for the session.

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"biddesk/internal/platform/db"
)

type trainingOpts struct {
	bin, dsn, dir string
	trainees      int
	window        time.Duration
}

func runTraining(o trainingOpts) error {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	dbName, args := dbArgs(o.dsn, o.dir)
	if err := seedDemo(o.bin, args); err != nil {
		return err
	}

	// The class, its session starting a minute after the data is ready, its trainees each holding a seat.
	d, err := db.Open(ctx, o.dsn, o.dir)
	if err != nil {
		return err
	}
	accs, err := seedPhoneAccounts(ctx, d, "trainee", o.trainees)
	if err != nil {
		d.Close()
		return fmt.Errorf("trainees: %w", err)
	}
	sessionID, err := seedClass(ctx, d, accs)
	if err == nil {
		err = analyse(ctx, d)
	}
	d.Close()
	if err != nil {
		return fmt.Errorf("class: %w", err)
	}

	addr, err := freeAddr()
	if err != nil {
		return err
	}
	srv := &server{bin: o.bin, args: args, addr: addr}
	if err := srv.start(); err != nil {
		return err
	}
	defer srv.stop()
	admin, err := signIn(srv.base())
	if err != nil {
		return err
	}
	bare, err := startBare(ctx)
	if err != nil {
		return fmt.Errorf("bare handler: %w", err)
	}

	// Each trainee's moment in the window, the same for the bare handler's run and the real one.
	offsets := make([]time.Duration, len(accs))
	for i := range offsets {
		offsets[i] = time.Duration(rand.Int64N(int64(o.window)))
	}
	fmt.Printf("\n%s, %d trainees signing in over %s, %d CPUs, loopback (load average %s)\n\n", dbName, len(accs), o.window, runtime.NumCPU(), loadAvg())
	c := newClient(len(accs) + 2)
	ref := bareSchedule(c, bare, offsets)

	// The manager's screen: the current code, read every 3 s (a code lives 15 s and 5 s more).
	var code atomic.Value
	codes := &timings{}
	readCode := func() error {
		var q struct {
			Code string `json:"code"`
			Open bool   `json:"open"`
		}
		t0 := time.Now()
		err := api(c, "GET", srv.base()+"/api/training/signin/code?sessionId="+strconv.FormatInt(sessionID, 10), admin, true, nil, &q)
		codes.add(time.Since(t0), err)
		if err == nil && !q.Open {
			err = fmt.Errorf("the sign-in window is not open")
		}
		if err == nil {
			code.Store(q.Code)
		}
		return err
	}
	if err := readCode(); err != nil {
		return fmt.Errorf("QR code: %w", err)
	}
	stopScreen := make(chan struct{})
	var screen sync.WaitGroup
	screen.Add(1)
	go func() {
		defer screen.Done()
		tick := time.NewTicker(3 * time.Second)
		defer tick.Stop()
		for {
			select {
			case <-stopScreen:
				return
			case <-tick.C:
				readCode()
			}
		}
	}()

	cards, signs := &timings{}, &timings{}
	sid := strconv.FormatInt(sessionID, 10)
	begin := time.Now()
	var wg sync.WaitGroup
	for i, a := range accs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			time.Sleep(time.Until(begin.Add(offsets[i])))
			qr := code.Load().(string)
			t0 := time.Now()
			err := api(c, "GET", srv.base()+"/api/biapp/training/session?sessionId="+sid, a.Token, false, nil, nil)
			cards.add(time.Since(t0), err)
			t0 = time.Now()
			var out struct {
				State string `json:"state"`
			}
			err = api(c, "POST", srv.base()+"/api/biapp/training/signin", a.Token, false, map[string]any{"sessionId": sessionID, "code": qr}, &out)
			signs.add(time.Since(t0), err)
		}()
	}
	wg.Wait()
	took := time.Since(begin)
	close(stopScreen)
	screen.Wait()

	// What the manager's sign-in sheet says, then the rows themselves.
	var sheet struct {
		Present int `json:"present"`
		Late    int `json:"late"`
	}
	sheetErr := api(c, "GET", srv.base()+"/api/training/signin/sheet?sessionId="+sid, admin, true, nil, &sheet)
	d, err = db.Open(ctx, o.dsn, o.dir)
	if err != nil {
		return err
	}
	var rows int
	err = d.QueryRow(ctx, `SELECT COUNT(*) FROM training_signin WHERE session_id = ?`, sessionID).Scan(&rows)
	d.Close()
	if err != nil {
		return err
	}

	fmt.Println(tableHead)
	fmt.Println(ref.row("bare net/http handler, the same schedule"))
	fmt.Println(cards.row("phone page: the session of the QR (GET /api/biapp/training/session)"))
	fmt.Println(signs.row("phone page: sign in (POST /api/biapp/training/signin)"))
	fmt.Println(codes.row("manager's screen: the QR code (GET /api/training/signin/code, every 3 s)"))
	fmt.Printf("\n%d sign-ins in %s; sign-in rows of the session: %d (want %d); the sheet: %d present, %d late (%v)\n",
		len(signs.lat), took.Round(time.Second), rows, len(accs), sheet.Present, sheet.Late, errText(sheetErr))
	if rows != len(accs) || signs.errs > 0 || cards.errs > 0 {
		return fmt.Errorf("training: %d sign-in rows for %d trainees, %d sign-ins and %d session reads failed", rows, len(accs), signs.errs, cards.errs)
	}
	return nil
}

// seedClass adds a running on-site class of the accounts (each holding a seat) managed by admin, with one session
// starting a minute from now, and answers the session's id.
func seedClass(ctx context.Context, d *db.DB, accs []account) (int64, error) {
	now := time.Now().UTC()
	var sessionID int64
	err := d.InTx(ctx, func(tx *db.Tx) error {
		var admin int64
		if err := tx.QueryRow(ctx, `SELECT id FROM sys_user WHERE login_code = 'admin'`).Scan(&admin); err != nil {
			return err
		}
		day := now.Local().Format("2006-01-02")
		classID, err := tx.Insert(ctx, `INSERT INTO training_class (name, unit_code, start_date, end_date, mode, place, capacity, manager_id, state, created_by, created_at, updated_at)
			VALUES (?, ?, ?, ?, 'onsite', ?, ?, ?, 'running', ?, ?, ?)`,
			"负载测试培训班", "1001", day, day, "一号报告厅", len(accs), admin, admin, now, now)
		if err != nil {
			return err
		}
		sessionID, err = tx.Insert(ctx, `INSERT INTO training_session (class_id, title, starts_at, ends_at, room, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
			classID, "开班第一课", now.Add(time.Minute), now.Add(2*time.Hour), "一号报告厅", now, now)
		if err != nil {
			return err
		}
		for start := 0; start < len(accs); start += 250 {
			batch := accs[start:min(start+250, len(accs))]
			q := `INSERT INTO training_enrolment (class_id, user_id, state, queued_at, created_at, updated_at) VALUES `
			var args []any
			for i, a := range batch {
				if i > 0 {
					q += ", "
				}
				q += "(?, ?, 'enrolled', ?, ?, ?)"
				args = append(args, classID, a.ID, now, now, now)
			}
			if _, err := tx.Exec(ctx, q, args...); err != nil {
				return err
			}
		}
		return nil
	})
	return sessionID, err
}

// dbArgs names the database and gives the binary's arguments for it.
func dbArgs(dsn, dir string) (string, []string) {
	args := []string{"--data", dir}
	if dsn == "" {
		return "SQLite", args
	}
	return "PostgreSQL", append(args, "--database-url", dsn)
}

func seedDemo(bin string, args []string) error {
	start := time.Now()
	out, err := execOut(bin, append([]string{"seed", "--demo"}, args...)...)
	if err != nil {
		return fmt.Errorf("seed: %v\n%s", err, out)
	}
	fmt.Printf("demo data seeded in %s\n", time.Since(start).Round(time.Second))
	return nil
}

func errText(err error) string {
	if err == nil {
		return "read without error"
	}
	return err.Error()
}
