package auth

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"biddesk/internal/platform/db"
	"biddesk/internal/platform/errs"
)

// The sign-in throttle (docs/security.md, identity rows). Failures are counted from the login log within the
// throttle window, so the count holds across instances:
//
//   - per login code and address: ThrottleAccount failures lock that pair, and only that pair;
//   - per login code over every address: ThrottleAccount failures lock the account for the addresses it is not
//     familiar with (a distributed guesser gets no more guesses than one at a single address);
//   - per address over every login code: ThrottleAddress failures lock the address for the accounts not familiar
//     with it (one address spraying passwords over many accounts).
//
// An address is familiar to an account when one of its last familiarSignIns successful sign-ins within FamiliarFor
// came from it: a stranger guessing from elsewhere cannot lock the owner out of the places he signs in from, however
// long he goes on (the choice of "smart lockout", after OWASP's guidance on lockout).
//
// Only failures count. A success is never one; an attempt refused by the throttle writes nothing, so it neither counts
// nor prolongs the lock, which ends one window after the failure that reached the limit. An attempt whose password is
// still being checked holds a place under each limit it is subject to: a new attempt is refused when the recorded
// failures have reached a limit, waits while recorded and in-flight ones together reach it (until one of those is
// settled: a success frees its place, a failure turns it into a recorded one), and is admitted otherwise. So parallel
// wrong guesses stop at exactly the limit, and a right password is refused only once recorded failures reached it.

// FamiliarFor is how far back a successful sign-in makes its address familiar to the account.
const FamiliarFor = 90 * 24 * time.Hour

// familiarSignIns is how many of the account's latest successful sign-ins are looked at for its familiar addresses
// (a bounded read, whatever the account's history).
const familiarSignIns = 100

// PendingStale is the age past which a reservation still pending counts as a failure: its check can take no longer
// (the hashing slot's wait, the hash, the session), so its instance stopped in the middle.
const PendingStale = 2 * time.Minute

// ReserveWait is the longest an attempt waits for attempts in flight to settle before it is told the system is busy
// (ErrBusy, counted as nothing).
const ReserveWait = HashWait

// reservePoll is how often a waiting attempt looks again without being woken: the attempts it waits for may run on
// another instance, whose settling wakes nobody here.
const reservePoll = 250 * time.Millisecond

// What Reserve answers for a refused attempt (nothing is written for it).
const (
	RefusedPair    = "throttled_account_address" // the login code's failures from this address
	RefusedAccount = "throttled_account"         // the login code's failures, at an address unfamiliar to it
	RefusedAddress = "throttled_address"         // the address's failures, for a login code it is unfamiliar to
)

// Limits are the throttle's in force at Now: failures allowed since Since per login code (at one address, and at
// the addresses unfamiliar to it) and per client address.
type Limits struct {
	Now, Since       time.Time
	Account, Address int
}

// load is what a counter holds: failures recorded and attempts in flight.
type load struct{ failed, inflight int }

// Reserve decides whether an attempt may go on to the password check and, when it may, records it as pending, in
// one write transaction serialised per login code and per address, so that parallel guesses are counted exactly as
// sequential ones. It answers the pending row's id, or the refusal ("" when admitted; a refused attempt writes
// nothing). While attempts in flight hold the limit it waits for them, at most ReserveWait (then ErrBusy).
func (s *Store) Reserve(ctx context.Context, kind string, a LoginAttempt, lim Limits) (_ int64, _ string, err error) {
	defer errs.Wrap(&err, "auth: reserve")
	code, ip := truncate(a.LoginCode, 64), truncate(a.IP, 64)
	familiar, err := s.familiar(ctx, code, ip, lim.Now.Add(-FamiliarFor))
	if err != nil {
		return 0, "", fmt.Errorf("throttle: familiar addresses of %q: %w", code, err)
	}
	deadline := time.Now().Add(ReserveWait)
	woken := "" // the key whose wake-up this attempt took: passed on when it does not use the place
	for {
		id, refused, blocked, err := s.reserveOnce(ctx, code, ip, familiar, a, lim)
		if err != nil || refused != "" || (blocked != "" && blocked != woken) {
			s.throttle.wake(woken)
		}
		if err != nil {
			return 0, "", fmt.Errorf("throttle: reserve %s attempt of %q: %w", kind, code, err)
		}
		if blocked == "" {
			return id, refused, nil
		}
		if woken, err = s.throttle.wait(ctx, blocked, deadline); err != nil {
			return 0, "", err
		}
	}
}

// reserveOnce is one decision: admitted (the pending row's id), refused (the reason), or blocked by attempts in
// flight (the key to wait on).
func (s *Store) reserveOnce(ctx context.Context, code, ip string, familiar bool, a LoginAttempt, lim Limits) (id int64, refused, blocked string, err error) {
	keys := throttleKeys(code, ip)
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		id, refused, blocked = 0, "", ""
		// SQLite begins every transaction IMMEDIATE (one writer at a time); PostgreSQL takes a lock per login code,
		// then per address, always in this order, held to the end of the transaction.
		if tx.Dialect() == db.Postgres {
			if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(`+lockClassCode+`, hashtext(?))`, code); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(`+lockClassAddress+`, hashtext(?))`, ip); err != nil {
				return err
			}
		}
		// a reservation pending since before this is no attempt in flight any more: it counts as a failure
		stale := time.Now().UTC().Add(-PendingStale)
		var account, pair, address load
		if err := tx.QueryRow(ctx, `SELECT
				COALESCE(SUM(CASE WHEN reason = ? AND created_at >= ? THEN 0 ELSE 1 END), 0),
				COALESCE(SUM(CASE WHEN reason = ? AND created_at >= ? THEN 1 ELSE 0 END), 0),
				COALESCE(SUM(CASE WHEN client_ip = ? AND NOT (reason = ? AND created_at >= ?) THEN 1 ELSE 0 END), 0),
				COALESCE(SUM(CASE WHEN client_ip = ? AND reason = ? AND created_at >= ? THEN 1 ELSE 0 END), 0)
			FROM login_log WHERE login_code = ? AND created_at >= ? AND success = 0 AND reason NOT IN (?, ?, ?)`,
			ReasonPending, stale, ReasonPending, stale, ip, ReasonPending, stale, ip, ReasonPending, stale,
			code, lim.Since, RefusedAccount, RefusedAddress, ReasonOldPasswordThrottle,
		).Scan(&account.failed, &account.inflight, &pair.failed, &pair.inflight); err != nil {
			return err
		}
		if !familiar {
			if err := tx.QueryRow(ctx, `SELECT
					COALESCE(SUM(CASE WHEN reason = ? AND created_at >= ? THEN 0 ELSE 1 END), 0),
					COALESCE(SUM(CASE WHEN reason = ? AND created_at >= ? THEN 1 ELSE 0 END), 0)
				FROM login_log WHERE client_ip = ? AND created_at >= ? AND success = 0 AND reason NOT IN (?, ?, ?)`,
				ReasonPending, stale, ReasonPending, stale, ip, lim.Since, RefusedAccount, RefusedAddress, ReasonOldPasswordThrottle,
			).Scan(&address.failed, &address.inflight); err != nil {
				return err
			}
		}
		switch {
		case pair.failed >= lim.Account:
			refused = RefusedPair
		case !familiar && account.failed >= lim.Account:
			refused = RefusedAccount
		case !familiar && address.failed >= lim.Address:
			refused = RefusedAddress
		case pair.failed+pair.inflight >= lim.Account:
			blocked = keys[0]
		case !familiar && account.failed+account.inflight >= lim.Account:
			blocked = keys[1]
		case !familiar && address.failed+address.inflight >= lim.Address:
			blocked = keys[2]
		}
		if refused != "" || blocked != "" {
			return nil
		}
		var err error
		id, err = tx.Insert(ctx, `INSERT INTO login_log (login_code, user_id, success, reason, client_ip, user_agent, os, site, created_at) VALUES (?, ?, 0, ?, ?, ?, ?, ?, ?)`,
			code, nullID(a.UserID), ReasonPending, ip, truncate(a.UserAgent, 255), truncate(a.OS, 64), a.Site, time.Now().UTC())
		return err
	})
	if err == nil && id != 0 {
		s.throttle.hold(id, keys)
	}
	return id, refused, blocked, err
}

// familiar tells whether one of the latest successful sign-ins since t of the live account with the login code came
// from ip. It reads the account's entries by the index on (user_id, created_at, success): a login code that names no
// account costs nothing, and the failures it passes over are few, the throttle bounding them.
func (s *Store) familiar(ctx context.Context, code, ip string, since time.Time) (bool, error) {
	var n int
	err := s.db.QueryRow(ctx, fmt.Sprintf(`SELECT COUNT(*) FROM (SELECT client_ip FROM login_log
		WHERE user_id = (SELECT id FROM sys_user WHERE login_code = ? AND deleted_at IS NULL) AND success = 1 AND created_at >= ?
		ORDER BY created_at DESC LIMIT %d) r WHERE r.client_ip = ?`, familiarSignIns), code, since, ip).Scan(&n)
	return n > 0, err
}

// throttleKeys are the keys an attempt waits on: its login code at its address, its login code, its address.
func throttleKeys(code, ip string) [3]string {
	return [3]string{"p\x00" + code + "\x00" + ip, "c\x00" + code, "a\x00" + ip}
}

// Classes of the advisory locks Reserve takes on PostgreSQL (two-key form: class, hash of the key).
const (
	lockClassCode    = "7301"
	lockClassAddress = "7302"
)

// Resolve records the verdict of a reserved attempt that failed.
func (s *Store) Resolve(ctx context.Context, id int64, reason string, userID int64) (err error) {
	defer errs.Wrap(&err, "auth: resolve id=%d userID=%d", id, userID)
	defer s.settled(id)
	// success = 0: a sign-in already committed as a success stays one.
	_, err = s.db.Exec(ctx, `UPDATE login_log SET reason = ?, user_id = ? WHERE id = ? AND success = 0`, reason, nullID(userID), id)
	return err
}

// Release removes a reservation whose password was never checked (no hashing slot was free) or that turned out no
// failure (a right old password), so that it counts as nothing.
func (s *Store) Release(ctx context.Context, id int64) (err error) {
	defer errs.Wrap(&err, "auth: release %d", id)
	defer s.settled(id)
	_, err = s.db.Exec(ctx, `DELETE FROM login_log WHERE id = ? AND reason = ?`, id, ReasonPending)
	return err
}

// settled wakes the attempts waiting for reservation id, now settled (after its write, committed or not: a waiter
// that finds it still pending waits again).
func (s *Store) settled(id int64) {
	if id != 0 {
		s.throttle.settle(id)
	}
}

// waitRoom is where attempts wait for attempts in flight on this instance, one queue per throttle key: settling a
// reservation wakes the first waiter of each of its keys, so a burst does not retry all at once.
type waitRoom struct {
	mu     sync.Mutex
	queues map[string][]chan struct{}
	held   map[int64][3]string // the keys of the reservations in flight on this instance
	waits  atomic.Int64        // how many times an attempt waited (tests show it)
}

func newWaitRoom() *waitRoom {
	return &waitRoom{queues: map[string][]chan struct{}{}, held: map[int64][3]string{}}
}

func (w *waitRoom) hold(id int64, keys [3]string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.held[id] = keys
}

func (w *waitRoom) settle(id int64) {
	w.mu.Lock()
	defer w.mu.Unlock()
	keys, ok := w.held[id]
	if !ok {
		return
	}
	delete(w.held, id)
	for _, k := range keys {
		w.wakeLocked(k)
	}
}

// wake wakes the first waiter of key ("": nobody).
func (w *waitRoom) wake(key string) {
	if key == "" {
		return
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	w.wakeLocked(key)
}

func (w *waitRoom) wakeLocked(key string) {
	q := w.queues[key]
	if len(q) == 0 {
		return
	}
	close(q[0])
	if len(q) == 1 {
		delete(w.queues, key)
	} else {
		w.queues[key] = q[1:]
	}
}

// remove takes ch out of key's queue; false when it was woken (and taken out) already.
func (w *waitRoom) remove(key string, ch chan struct{}) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	q := w.queues[key]
	for i, c := range q {
		if c == ch {
			q = append(q[:i:i], q[i+1:]...)
			if len(q) == 0 {
				delete(w.queues, key)
			} else {
				w.queues[key] = q
			}
			return true
		}
	}
	return false
}

// wait waits on key until woken (answering key), until reservePoll has passed (answering ""), or fails with the
// request's end or, past deadline, ErrBusy.
func (w *waitRoom) wait(ctx context.Context, key string, deadline time.Time) (string, error) {
	left := time.Until(deadline)
	if left <= 0 {
		return "", ErrBusy
	}
	ch := make(chan struct{})
	w.mu.Lock()
	w.queues[key] = append(w.queues[key], ch)
	w.mu.Unlock()
	t := time.NewTimer(min(reservePoll, left))
	defer t.Stop()
	w.waits.Add(1)
	select {
	case <-ch:
		return key, nil
	case <-t.C:
	case <-ctx.Done():
	}
	if !w.remove(key, ch) {
		// woken meanwhile: this attempt took the wake-up, so it looks again, or hands it on when it stops
		if ctx.Err() != nil {
			w.wake(key)
			return "", ctx.Err()
		}
		return key, nil
	}
	return "", ctx.Err()
}
