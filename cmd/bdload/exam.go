package main

// -scenario exam: issue 31's numbers. An exam of ten questions (made through the API as the administrator, every
// staff member its audience); N takers (1,000) each start it at a random moment of the start window (60 s,
// POST /api/biapp/exam/start on their phone session) and then each saves an answer every 5 s for the duration
// (10 minutes; POST /api/biapp/exam/save, 200 saves/s for 1,000 takers once all have started). The bare handler gets the same schedule first.
// At the end every taker reads its attempt back (GET /api/biapp/exam/attempt) and each save the server confirmed
// (code 0) must be there.
//
// With -kill-after D the server is killed with SIGKILL D after the first start and started again at once. A save
// the server did not answer is sent again until it is confirmed (the page keeps it waiting and sends it when the
// server is back); after the restart every taker continues (start again, as a reload does) and must get the same
// attempt with the same deadline and every save confirmed before the kill.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"biddesk/internal/platform/db"
)

type examOpts struct {
	bin, dsn, dir string
	takers        int
	startWindow   time.Duration
	every         time.Duration
	duration      time.Duration
	killAfter     time.Duration
	refDuration   time.Duration
}

type takerQuestion struct {
	QuestionID int64                  `json:"questionId"`
	Type       string                 `json:"type"`
	Options    []struct{ Key string } `json:"options"`
	Blanks     int                    `json:"blanks"`
	Response   json.RawMessage        `json:"response"`
	Seq        int64                  `json:"seq"`
}

type attemptView struct {
	AttemptID int64           `json:"attemptId"`
	Deadline  time.Time       `json:"deadline"`
	State     string          `json:"state"`
	Questions []takerQuestion `json:"questions"`
}

// confirmed is the last save of a question the server answered with code 0.
type confirmed struct {
	seq  int64
	resp json.RawMessage
}

// checks are the run's findings about what was kept.
type checks struct {
	mu                           sync.Mutex
	confirmedSaves               int
	lost, otherAttempt, deadline int
	firstProblem                 string
}

func (c *checks) problem(kind *int, format string, a ...any) {
	c.mu.Lock()
	defer c.mu.Unlock()
	*kind++
	if c.firstProblem == "" {
		c.firstProblem = fmt.Sprintf(format, a...)
	}
}

// verify compares a view of the attempt with the saves confirmed so far; answers how many it compared.
func (c *checks) verify(who string, v attemptView, done map[int64]confirmed) int {
	byID := map[int64]takerQuestion{}
	for _, q := range v.Questions {
		byID[q.QuestionID] = q
	}
	n := 0
	for qid, want := range done {
		n++
		got, ok := byID[qid]
		switch {
		case !ok || got.Seq < want.seq:
			c.problem(&c.lost, "%s: question %d: confirmed save %d, the server has %d", who, qid, want.seq, got.Seq)
		case got.Seq == want.seq && !sameJSON(got.Response, want.resp):
			c.problem(&c.lost, "%s: question %d save %d: sent %s, the server has %s", who, qid, want.seq, want.resp, got.Response)
		}
	}
	return n
}

// slowCalls keeps the calls that took over slowCall, by the moment they were sent, to show when a stall happened
// (against the kill and the restart) and what it held up.
type slowCalls struct {
	mu    sync.Mutex
	at    []time.Duration // sent, from the run's beginning
	took  []time.Duration
	kinds []string
}

const slowCall = time.Second

func (s *slowCalls) add(kind string, at, took time.Duration) {
	if took < slowCall {
		return
	}
	s.mu.Lock()
	s.at, s.took, s.kinds = append(s.at, at), append(s.took, took), append(s.kinds, kind)
	s.mu.Unlock()
}

// report prints, per second of the run in which a call was sent that took over slowCall, how many and the
// longest, with the second's place against the kill and the restart.
func (s *slowCalls) report(killAt, backAt time.Duration, io *ioStalls) {
	if len(s.at) == 0 {
		fmt.Printf("no call took over %s\n", slowCall)
		return
	}
	type sec struct {
		n     int
		worst time.Duration
		kinds map[string]int
	}
	secs := map[int]*sec{}
	var keys []int
	for i, at := range s.at {
		k := int(at / time.Second)
		x := secs[k]
		if x == nil {
			x = &sec{kinds: map[string]int{}}
			secs[k] = x
			keys = append(keys, k)
		}
		x.n++
		x.worst = max(x.worst, s.took[i])
		x.kinds[s.kinds[i]]++
	}
	slices.Sort(keys)
	fmt.Printf("calls that took over %s, by the second they were sent (%d calls):\n", slowCall, len(s.at))
	for i, k := range keys {
		if i == 30 {
			fmt.Printf("  ... %d more seconds\n", len(keys)-30)
			break
		}
		where := ""
		if backAt > 0 {
			where = fmt.Sprintf(" (%+ds from the restart)", k-int(backAt/time.Second))
		}
		fmt.Printf("  second %d%s: %d calls, the longest %s, %v; the machine's I/O stalled %s in seconds %d to %d\n", k, where, secs[k].n,
			secs[k].worst.Round(time.Millisecond), secs[k].kinds, io.around(k).Round(time.Millisecond), k-1, k+7)
	}
	_ = killAt
}

// ioStalls samples the machine's I/O pressure (/proc/pressure/io, the time in which every task waited for I/O) every
// second of the run, so that a stall of the calls can be told from one of the machine's disk (an fsync of
// SQLite's checkpoint waits for it).
type ioStalls struct {
	mu     sync.Mutex
	perSec map[int]time.Duration
}

func (s *ioStalls) watch(ctx context.Context, begin time.Time) {
	s.perSec = map[int]time.Duration{}
	read := func() (time.Duration, bool) {
		b, err := os.ReadFile("/proc/pressure/io")
		if err != nil {
			return 0, false
		}
		for _, line := range strings.Split(string(b), "\n") {
			if rest, ok := strings.CutPrefix(line, "full "); ok {
				if i := strings.Index(rest, "total="); i >= 0 {
					us, err := strconv.ParseInt(strings.TrimSpace(rest[i+len("total="):]), 10, 64)
					return time.Duration(us) * time.Microsecond, err == nil
				}
			}
		}
		return 0, false
	}
	last, ok := read()
	if !ok {
		return
	}
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case now := <-t.C:
			v, ok := read()
			if !ok {
				return
			}
			s.mu.Lock()
			s.perSec[int(now.Sub(begin)/time.Second)] = v - last
			s.mu.Unlock()
			last = v
		}
	}
}

// around is the I/O stall time of the seconds sec-1 to sec+7 (a call sent at sec that took long waited then).
func (s *ioStalls) around(sec int) time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	var d time.Duration
	for k := sec - 1; k <= sec+7; k++ {
		d += s.perSec[k]
	}
	return d
}

// walSizes samples the size of SQLite's write-ahead log every 250 ms while the run lasts.
type walSizes struct {
	mu        sync.Mutex
	max, last int64
	atKill    int64
}

func (w *walSizes) watch(ctx context.Context, path string) {
	t := time.NewTicker(250 * time.Millisecond)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if fi, err := os.Stat(path); err == nil {
				w.mu.Lock()
				w.last, w.max = fi.Size(), max(w.max, fi.Size())
				w.mu.Unlock()
			}
		}
	}
}

func sameJSON(a, b json.RawMessage) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	return reflect.DeepEqual(x, y)
}

func runExam(o examOpts) error {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	dbName, args := dbArgs(o.dsn, o.dir)
	if err := seedDemo(o.bin, args); err != nil {
		return err
	}
	d, err := db.Open(ctx, o.dsn, o.dir)
	if err != nil {
		return err
	}
	accs, err := seedPhoneAccounts(ctx, d, "taker", o.takers)
	if err == nil {
		err = analyse(ctx, d)
	}
	d.Close()
	if err != nil {
		return fmt.Errorf("takers: %w", err)
	}

	addr, err := freeAddr()
	if err != nil {
		return err
	}
	srv := &server{bin: o.bin, args: args, addr: addr}
	if err := srv.start(); err != nil {
		return err
	}
	defer func() { srv.stop() }()
	admin, err := signIn(srv.base())
	if err != nil {
		return err
	}
	c := newClient(len(accs) + 2)
	examID, err := makeExam(c, srv.base(), admin, o)
	if err != nil {
		return fmt.Errorf("exam: %w", err)
	}
	bare, err := startBare(ctx)
	if err != nil {
		return fmt.Errorf("bare handler: %w", err)
	}

	starts := make([]time.Duration, len(accs))
	for i := range starts {
		starts[i] = time.Duration(rand.Int64N(int64(o.startWindow)))
	}
	fmt.Printf("\n%s, %d takers starting over %s, a save every %s each (%.0f/s), %s each, %d CPUs, loopback (load average %s)\n\n",
		dbName, len(accs), o.startWindow, o.every, float64(len(accs))/o.every.Seconds(), o.duration, runtime.NumCPU(), loadAvg())

	// The reference: the same schedule (a start, then a call every period) to the bare handler.
	ref := &timings{}
	{
		begin := time.Now()
		end := begin.Add(o.refDuration)
		var wg sync.WaitGroup
		for i := range accs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				next := begin.Add(starts[i])
				for next.Before(end) {
					time.Sleep(time.Until(next))
					t0 := time.Now()
					err := api(c, "POST", bare+"/", "", false, map[string]any{"attemptId": 1, "questionId": 2, "seq": 3, "response": "A"}, nil)
					ref.add(time.Since(t0), err)
					next = next.Add(o.every)
				}
			}()
		}
		wg.Wait()
	}

	var (
		startT, saveT, contT, readT = &timings{}, &timings{}, &timings{}, &timings{}
		outage                      atomic.Int64 // transport failures of saves while the server was down
		restarts                    atomic.Int64 // moves when the server is back after a kill
		ck                          = &checks{}
		killedAt, backAt            time.Time
		slow                        = &slowCalls{}
		wal                         = &walSizes{}
		io                          = &ioStalls{}
	)
	if o.dsn == "" {
		go wal.watch(ctx, filepath.Join(o.dir, "biddesk.db-wal"))
	}
	begin := time.Now()
	end := begin.Add(o.startWindow + o.duration) // the last taker's last save
	go io.watch(ctx, begin)
	var killer sync.WaitGroup
	if o.killAfter > 0 {
		killer.Add(1)
		go func() {
			defer killer.Done()
			time.Sleep(time.Until(begin.Add(o.killAfter)))
			wal.mu.Lock()
			wal.atKill = wal.last
			wal.mu.Unlock()
			srv.kill()
			killedAt = time.Now()
			if err := srv.start(); err != nil {
				fmt.Println("restart failed:", err)
				return
			}
			backAt = time.Now()
			restarts.Add(1)
		}()
	}
	// send repeats a call whose answer did not come (the server is down or went down) until it is answered or
	// the run is over; an answer with a code other than 0 is final.
	send := func(t *timings, method, path, token string, body, out any) error {
		for {
			t0 := time.Now()
			err := api(c, method, srv.base()+path, token, false, body, out)
			slow.add(map[*timings]string{startT: "start", saveT: "save", contT: "continue", readT: "read"}[t], t0.Sub(begin), time.Since(t0))
			if err == nil || !errors.Is(err, errTransport) || o.killAfter == 0 {
				t.add(time.Since(t0), err)
				return err
			}
			if t == saveT {
				outage.Add(1)
			}
			if time.Now().After(end.Add(2 * time.Minute)) {
				t.add(time.Since(t0), err)
				return err
			}
			time.Sleep(250 * time.Millisecond)
		}
	}
	var wg sync.WaitGroup
	for i, a := range accs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			who := a.Login
			time.Sleep(time.Until(begin.Add(starts[i])))
			mine := begin.Add(starts[i] + o.duration) // each taker saves for the duration from its start
			var v attemptView
			if send(startT, "POST", "/api/biapp/exam/start", a.Token, map[string]any{"examId": examID}, &v) != nil {
				return
			}
			done := map[int64]confirmed{}
			seqs := map[int64]int64{}
			seen := restarts.Load()
			next := time.Now()
			for k := 0; ; k++ {
				if r := restarts.Load(); r != seen {
					// the server was killed and is back: continue as a reload does
					seen = r
					var again attemptView
					if send(contT, "POST", "/api/biapp/exam/start", a.Token, map[string]any{"examId": examID}, &again) == nil {
						if again.AttemptID != v.AttemptID {
							ck.problem(&ck.otherAttempt, "%s: attempt %d before the kill, %d after", who, v.AttemptID, again.AttemptID)
						}
						if !again.Deadline.Equal(v.Deadline) {
							ck.problem(&ck.deadline, "%s: deadline %s before the kill, %s after", who, v.Deadline, again.Deadline)
						}
						ck.verify(who+" after the restart", again, done)
					}
				}
				next = next.Add(o.every)
				if next.After(mine) {
					break
				}
				q := v.Questions[k%len(v.Questions)]
				seqs[q.QuestionID]++
				resp := answerFor(q, k)
				var out struct {
					Seq     int64 `json:"seq"`
					Applied bool  `json:"applied"`
				}
				if send(saveT, "POST", "/api/biapp/exam/save", a.Token, map[string]any{"attemptId": v.AttemptID, "questionId": q.QuestionID,
					"seq": seqs[q.QuestionID], "response": resp}, &out) == nil {
					done[q.QuestionID] = confirmed{seqs[q.QuestionID], resp}
				}
				time.Sleep(time.Until(next))
			}
			var final attemptView
			if send(readT, "GET", "/api/biapp/exam/attempt?attemptId="+strconv.FormatInt(v.AttemptID, 10), a.Token, nil, &final) == nil {
				n := ck.verify(who, final, done)
				ck.mu.Lock()
				ck.confirmedSaves += n
				ck.mu.Unlock()
			}
		}()
	}
	wg.Wait()
	killer.Wait()
	took := time.Since(begin)

	d, err = db.Open(ctx, o.dsn, o.dir)
	if err != nil {
		return err
	}
	var attempts, people int
	err = d.QueryRow(ctx, `SELECT COUNT(*), COUNT(DISTINCT user_id) FROM exam_attempt WHERE exam_id = ?`, examID).Scan(&attempts, &people)
	d.Close()
	if err != nil {
		return err
	}

	fmt.Println(tableHead)
	fmt.Println(ref.row(fmt.Sprintf("bare net/http handler, the same schedule for %s", o.refDuration)))
	fmt.Println(startT.row("start the exam (POST /api/biapp/exam/start)"))
	fmt.Println(saveT.row("save an answer (POST /api/biapp/exam/save)"))
	if o.killAfter > 0 {
		fmt.Println(contT.row("continue after the restart (POST /api/biapp/exam/start)"))
	}
	fmt.Println(readT.row("read the attempt back at the end (GET /api/biapp/exam/attempt)"))
	fmt.Printf("\n%s: %d saves answered (%.0f/s); %d attempts of %d takers in the database\n", took.Round(time.Second),
		len(saveT.lat), float64(len(saveT.lat))/took.Seconds(), attempts, people)
	if o.killAfter > 0 {
		fmt.Printf("killed with SIGKILL at %s, serving again %s later; %d save calls went unanswered meanwhile and were sent again\n",
			killedAt.Sub(begin).Round(time.Millisecond), backAt.Sub(killedAt).Round(time.Millisecond), outage.Load())
	}
	fmt.Printf("checked at the end: the last confirmed save of %d questions; lost or changed: %d; another attempt after the restart: %d; another deadline: %d\n",
		ck.confirmedSaves, ck.lost, ck.otherAttempt, ck.deadline)
	if ck.firstProblem != "" {
		fmt.Println("first problem:", ck.firstProblem)
	}
	if o.dsn == "" {
		fmt.Printf("SQLite's write-ahead log: at most %.1f MB during the run", float64(wal.max)/1e6)
		if o.killAfter > 0 {
			fmt.Printf(", %.1f MB when the server was killed", float64(wal.atKill)/1e6)
		}
		fmt.Println()
	}
	var killAt, back time.Duration
	if o.killAfter > 0 && !backAt.IsZero() {
		killAt, back = killedAt.Sub(begin), backAt.Sub(begin)
	}
	slow.report(killAt, back, io)
	if o.killAfter > 0 && restarts.Load() == 0 {
		return errors.New("exam: the server was not killed and restarted (is -kill-after shorter than -duration?)")
	}
	if startT.errs+saveT.errs+readT.errs+contT.errs > 0 || ck.lost+ck.otherAttempt+ck.deadline > 0 || attempts != len(accs) || people != len(accs) {
		return fmt.Errorf("exam: %d failed starts, %d failed saves, %d failed reads, %d lost saves, %d attempts for %d takers",
			startT.errs+contT.errs, saveT.errs, readT.errs, ck.lost, attempts, len(accs))
	}
	return nil
}

// answerFor is the k-th change of a taker to question q, in the question's form.
func answerFor(q takerQuestion, k int) json.RawMessage {
	var v any
	switch q.Type {
	case "single":
		v = q.Options[k%len(q.Options)].Key
	case "multiple":
		v = []string{q.Options[k%len(q.Options)].Key, q.Options[(k+1)%len(q.Options)].Key}
	case "judge":
		v = k%2 == 0
	case "fill":
		b := make([]string, max(q.Blanks, 1))
		for i := range b {
			b[i] = "answer " + strconv.Itoa(k)
		}
		v = b
	default:
		v = "My answer, change " + strconv.Itoa(k)
	}
	b, _ := json.Marshal(v)
	return b
}

// makeExam adds ten questions of every type, a fixed paper of them and a published exam open to every staff member
// for the whole run, as the administrator through the API.
func makeExam(c *http.Client, base, admin string, o examOpts) (int64, error) {
	opts := []map[string]any{{"key": "A", "text": "甲"}, {"key": "B", "text": "乙"}, {"key": "C", "text": "丙"}, {"key": "D", "text": "丁"}}
	qs := []map[string]any{
		{"type": "single", "answer": "A", "options": opts}, {"type": "single", "answer": "B", "options": opts},
		{"type": "single", "answer": "C", "options": opts}, {"type": "single", "answer": "D", "options": opts},
		{"type": "multiple", "answer": []string{"A", "B"}, "options": opts}, {"type": "multiple", "answer": []string{"C", "D"}, "options": opts},
		{"type": "judge", "answer": true}, {"type": "judge", "answer": false},
		{"type": "fill", "answer": [][]string{{"answer 1"}}}, {"type": "short", "answer": "参考答案"},
	}
	var items []map[string]any
	for i, q := range qs {
		q["stem"] = fmt.Sprintf("负载测试第 %d 题（%s）", i+1, q["type"])
		var saved struct {
			ID int64 `json:"id"`
		}
		if err := api(c, "POST", base+"/api/exam/question/add", admin, true, q, &saved); err != nil {
			return 0, fmt.Errorf("question %d: %w", i+1, err)
		}
		items = append(items, map[string]any{"questionId": saved.ID, "score": 10})
	}
	var paper, exam struct {
		ID int64 `json:"id"`
	}
	if err := api(c, "POST", base+"/api/exam/paper/add", admin, true, map[string]any{"name": "负载测试试卷", "kind": "fixed", "passMark": 60, "items": items}, &paper); err != nil {
		return 0, fmt.Errorf("paper: %w", err)
	}
	now := time.Now()
	const layout = time.RFC3339
	span := o.startWindow + o.duration + 30*time.Minute
	err := api(c, "POST", base+"/api/exam/exam/add", admin, true, map[string]any{"name": "负载测试考试", "paperId": paper.ID,
		"opensAt": now.Add(-time.Minute).Format(layout), "closesAt": now.Add(span).Format(layout),
		"durationMin": min(600, int(span/time.Minute)), "passMark": 60, "shuffleQuestions": true, "shuffleOptions": true, "publish": true}, &exam)
	if err != nil {
		return 0, fmt.Errorf("exam: %w", err)
	}
	return exam.ID, nil
}
