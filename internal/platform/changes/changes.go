// Package changes tells every instance sharing the database that cached data changed.
//
// A writer runs its transaction through Bus.Write: the transaction also bumps a version counter of the
// topic (table sys_change) and, on PostgreSQL, queues a NOTIFY that is delivered when it commits. After
// the commit this process's subscribers run at once, so the writer's next request sees the change.
// Every instance also watches the counters: PostgreSQL wakes it with LISTEN; without a notification
// (SQLite, or a dropped connection) it reads the counters every Poll. Two processes on one SQLite file,
// or many instances on one PostgreSQL, converge within a poll at worst.
package changes

import (
	"context"
	"database/sql/driver"
	"errors"
	"log/slog"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/stdlib"

	"biddesk/internal/platform/db"
)

// Channel is the PostgreSQL notification channel; the payload is the topic.
const Channel = "biddesk_changes"

// Poll intervals: SQLite has nothing else; on PostgreSQL the poll is only a safety net.
const (
	PollSQLite   = 2 * time.Second
	PollPostgres = 30 * time.Second
)

// Handler reloads what a topic caches. An error keeps the topic stale, so the next poll tries again.
type Handler func(ctx context.Context) error

// Bus runs the subscribers of a topic when it changes, in this process or another one.
type Bus struct {
	db  *db.DB
	log *slog.Logger
	// Poll is how often the counters are read; set it before Start.
	Poll time.Duration

	mu   sync.Mutex
	subs map[string][]Handler
	seen map[string]int64 // the version each topic's subscribers last loaded

	wake   chan struct{}
	cancel context.CancelFunc
	done   sync.WaitGroup
	sum    int64 // the counters' sum at the last poll (safetyNet); Start and then the poll goroutine use it
	summed bool
}

// New returns a bus on d; call Start to watch other instances.
func New(d *db.DB, log *slog.Logger) *Bus {
	poll := PollSQLite
	if d.Dialect == db.Postgres {
		poll = PollPostgres
	}
	return &Bus{db: d, log: log, Poll: poll, subs: map[string][]Handler{}, seen: map[string]int64{}, wake: make(chan struct{}, 1)}
}

// Subscribe registers fn for topic. Register before Start.
func (b *Bus) Subscribe(topic string, fn Handler) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.subs[topic] = append(b.subs[topic], fn)
}

// Write runs fn in a transaction that also records a change of topic; after the commit the
// subscribers of topic run in this process before Write returns (their error is logged, and the
// next poll retries). Nothing is recorded when fn fails.
func (b *Bus) Write(ctx context.Context, topic string, fn func(*db.Tx) error) error {
	var version int64
	err := b.db.InTx(ctx, func(tx *db.Tx) error {
		if err := fn(tx); err != nil {
			return err
		}
		var err error
		version, err = Bump(ctx, tx, topic)
		return err
	})
	if err != nil {
		return err
	}
	b.run(ctx, topic, version)
	return nil
}

// Bump records a change of topic inside tx and returns the topic's new version. On PostgreSQL the
// other instances are notified when tx commits.
func Bump(ctx context.Context, tx *db.Tx, topic string) (int64, error) {
	var v int64
	err := tx.QueryRow(ctx, `INSERT INTO sys_change (topic, version) VALUES (?, 1)
		ON CONFLICT (topic) DO UPDATE SET version = sys_change.version + 1 RETURNING version`, topic).Scan(&v)
	if err != nil {
		return 0, err
	}
	if tx.Dialect() == db.Postgres {
		if _, err := tx.Exec(ctx, `SELECT pg_notify(?, ?)`, Channel, topic); err != nil {
			return 0, err
		}
	}
	return v, nil
}

// Version answers topic's counter as the database has it now, as a check on every request needs it
// (the 'auth' version, which triggers move): from memory while nothing can have moved it (db.Counter).
func (b *Bus) Version(ctx context.Context, topic string) (int64, error) {
	return b.db.Counter(ctx, "sys_change\x00"+topic, `SELECT version FROM sys_change WHERE topic = ?`, topic)
}

// Listening tells whether the LISTEN connection is up (PostgreSQL), so that Version can answer from memory.
func (b *Bus) Listening() bool { return b.db.Listens() }

// run calls topic's subscribers and remembers version as loaded when all of them succeed. A
// notification may have made Check load this version already (between the commit and here):
// then the subscribers do not run twice.
func (b *Bus) run(ctx context.Context, topic string, version int64) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.seen[topic] >= version {
		return
	}
	for _, fn := range b.subs[topic] {
		if err := fn(ctx); err != nil {
			b.log.Error("reload after a change", "topic", topic, "err", err)
			return
		}
	}
	if version > b.seen[topic] {
		b.seen[topic] = version
	}
}

// Check reads every counter and runs the subscribers of the topics that moved since they last
// loaded. Start calls it on every poll and notification; tests may call it directly.
func (b *Bus) Check(ctx context.Context) error {
	rows, err := b.db.Query(ctx, `SELECT topic, version FROM sys_change`)
	if err != nil {
		return err
	}
	versions := map[string]int64{}
	for rows.Next() {
		var t string
		var v int64
		if err := rows.Scan(&t, &v); err != nil {
			rows.Close()
			return err
		}
		versions[t] = v
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for t, v := range versions {
		b.mu.Lock()
		stale := v > b.seen[t] && len(b.subs[t]) > 0
		b.mu.Unlock()
		if stale {
			b.run(ctx, t, v)
		}
	}
	return nil
}

// Start records the current versions as loaded (the caller has just loaded its caches) and watches
// for changes until Stop.
func (b *Bus) Start() error {
	ctx, cancel := context.WithCancel(context.Background())
	b.cancel = cancel
	rows, err := b.db.Query(ctx, `SELECT topic, version FROM sys_change`)
	if err != nil {
		cancel()
		return err
	}
	b.mu.Lock()
	for rows.Next() {
		var t string
		var v int64
		if err := rows.Scan(&t, &v); err == nil {
			b.seen[t] = v
		}
	}
	b.mu.Unlock()
	rows.Close()
	b.safetyNet(ctx) // the sum that the first poll compares with
	b.done.Add(1)
	if b.db.Dialect == db.SQLite {
		// No notifications: this process's own writes count at once (db.Counter), another process's
		// (a command run beside the server) at the next poll (safetyNet).
		go func() { defer b.db.Listening()(); b.poll(ctx) }()
	} else {
		go b.poll(ctx)
	}
	if b.db.Dialect == db.Postgres {
		b.done.Add(1)
		go b.listen(ctx)
	}
	return nil
}

// Stop ends the watching goroutines and waits for them.
func (b *Bus) Stop() {
	if b.cancel != nil {
		b.cancel()
		b.done.Wait()
		b.cancel = nil
	}
}

func (b *Bus) poll(ctx context.Context) {
	defer b.done.Done()
	t := time.NewTicker(b.Poll)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		case <-b.wake:
		}
		if err := b.Check(ctx); err != nil && ctx.Err() == nil {
			b.log.Warn("read change versions", "err", err)
		}
		b.safetyNet(ctx)
	}
}

// safetyNet drops the counters kept in memory (db.Counter) when the counters' sum moved since the last
// poll: on SQLite, a change written by another process; on PostgreSQL, should notifications never arrive
// although LISTEN succeeded (a pooling proxy between the instance and PostgreSQL). Such a change is then
// seen at the next poll at worst.
func (b *Bus) safetyNet(ctx context.Context) {
	var sum int64
	err := b.db.QueryRow(ctx, `SELECT COALESCE((SELECT SUM(version) FROM sys_change), 0) + COALESCE((SELECT SUM(version) FROM list_version), 0)`).Scan(&sum)
	if err != nil {
		return // the next poll tries again
	}
	if b.summed && sum != b.sum {
		b.db.Notified()
	}
	b.sum, b.summed = sum, true
}

// listen holds one PostgreSQL connection in LISTEN and wakes the poller on every notification;
// a lost connection is re-opened after a pause (the poll covers the gap).
func (b *Bus) listen(ctx context.Context) {
	defer b.done.Done()
	for ctx.Err() == nil {
		err := b.listenOnce(ctx)
		if ctx.Err() != nil {
			return
		}
		b.log.Warn("change notifications interrupted", "err", err)
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Second):
		}
	}
}

func (b *Bus) listenOnce(ctx context.Context) error {
	conn, err := b.db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	return conn.Raw(func(dc any) error {
		sc, ok := dc.(*stdlib.Conn)
		if !ok {
			return errors.New("not a pgx connection")
		}
		pc := sc.Conn()
		if _, err := pc.Exec(ctx, `LISTEN `+Channel); err != nil {
			return err
		}
		defer b.db.Listening()()
		b.nudge() // anything missed while the connection was down
		for {
			if _, err := pc.WaitForNotification(ctx); err != nil {
				// The connection still listens (or is broken): never hand it back to the pool.
				return errors.Join(err, driver.ErrBadConn)
			}
			b.db.Notified()
			b.nudge()
		}
	})
}

func (b *Bus) nudge() {
	select {
	case b.wake <- struct{}{}:
	default:
	}
}
