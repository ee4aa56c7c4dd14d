package auth

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/crypto/argon2"

	"biddesk/internal/platform/httpx"
)

// argon2id parameters (OWASP's minimum recommendation: 19 MiB, 2 passes, 1 lane).
const (
	argonMemory  = 19 * 1024
	argonTime    = 2
	argonThreads = 1
	argonKeyLen  = 32
	argonSaltLen = 16
)

// testCost is set in a test process that asked for cheap hashes (SetTestHashCost).
var testCost atomic.Bool

// SetTestHashCost makes the hashes this test process makes from now on cheap (1 pass over 64 KiB instead of 2 over
// 19 MiB), or real again: for the TestMain of a package whose tests sign in hundreds of times with accounts they seed
// (internal/app), where argon2id was a quarter of the CPU time. It panics outside a test binary; this package's own
// tests keep the real cost.
func SetTestHashCost(cheap bool) {
	if !testing.Testing() {
		panic("auth.SetTestHashCost called outside a test binary")
	}
	testCost.Store(cheap)
}

// HashWait is the longest a password hash waits for a free slot before the caller is told the system is busy. A
// burst of sign-ins waits its turn (200 at once on two cores take about 3 s): the cap bounds the callers waiting
// (HashQueue), and this only a machine too slow to serve them.
const HashWait = 20 * time.Second

// HashQueue is how many callers may wait for a hashing slot at once; one more is told at once that the system is busy
// (a flood is refused in no time, while a burst of sign-ins, even a whole office at the morning rush, waits).
const HashQueue = 512

// ErrBusy answers a sign-in or password change that found every hashing slot taken for HashWait, or HashQueue
// callers waiting already (and an attempt that waited ReserveWait for attempts in flight, throttle.go).
var ErrBusy = &httpx.Error{Code: httpx.CodeThrottled, Status: http.StatusTooManyRequests, Key: "auth.busy"}

// hashGate caps the argon2id computations running at once: each holds argonMemory (19 MiB), so a
// burst of parallel sign-ins would otherwise multiply the server's memory.
type hashGate struct {
	slots   chan struct{}
	wait    time.Duration
	mu      sync.Mutex
	busy    int // slots in use
	peak    int // most slots in use at once since the last reset
	waiting int // callers waiting for a slot
}

var gate atomic.Pointer[hashGate]

func newHashGate(n int, wait time.Duration) *hashGate {
	if n <= 0 {
		n = 2 * runtime.GOMAXPROCS(0)
	}
	return &hashGate{slots: make(chan struct{}, n), wait: wait}
}

// currentGate is the gate in force; the first use makes the default one (package variables such
// as dummyHash hash before any init function runs).
func currentGate() *hashGate {
	if g := gate.Load(); g != nil {
		return g
	}
	gate.CompareAndSwap(nil, newHashGate(0, HashWait))
	return gate.Load()
}

// SetHashConcurrency sizes the hashing cap: n slots (n <= 0: twice the usable cores), a caller
// waiting at most wait for one. Hashes already running finish in their old gate.
func SetHashConcurrency(n int, wait time.Duration) {
	ng := newHashGate(n, wait)
	if g := gate.Load(); g != nil && cap(g.slots) == cap(ng.slots) && g.wait == wait {
		return
	}
	gate.Store(ng)
}

// HashConcurrency is the current cap and the most hashes that ran at once since the last reset
// (reset sets that figure back to 0): the measure of the cap for tests and diagnostics.
func HashConcurrency(reset bool) (limit, peak int) {
	g := currentGate()
	g.mu.Lock()
	defer g.mu.Unlock()
	limit, peak = cap(g.slots), g.peak
	if reset {
		g.peak = 0
	}
	return limit, peak
}

// queue waits for a slot, at most the gate's wait, unless HashQueue callers are waiting already (ErrBusy).
func (g *hashGate) queue(ctx context.Context) error {
	g.mu.Lock()
	if g.waiting >= HashQueue {
		g.mu.Unlock()
		return ErrBusy
	}
	g.waiting++
	g.mu.Unlock()
	defer func() {
		g.mu.Lock()
		g.waiting--
		g.mu.Unlock()
	}()
	t := time.NewTimer(g.wait)
	defer t.Stop()
	select {
	case g.slots <- struct{}{}:
		return nil
	case <-t.C:
		return ErrBusy
	case <-ctx.Done():
		return ctx.Err()
	}
}

// withHashSlot runs fn in a hashing slot, waiting for one at most the gate's wait and only behind fewer than
// HashQueue callers (ErrBusy otherwise).
func withHashSlot(ctx context.Context, fn func()) error {
	g := currentGate()
	select {
	case g.slots <- struct{}{}:
	default:
		if err := g.queue(ctx); err != nil {
			return err
		}
	}
	g.mu.Lock()
	g.busy++
	if g.busy > g.peak {
		g.peak = g.busy
	}
	g.mu.Unlock()
	defer func() {
		g.mu.Lock()
		g.busy--
		g.mu.Unlock()
		<-g.slots
	}()
	fn()
	return nil
}

// HashPassword returns an encoded argon2id hash of pw with a fresh random salt. It takes a
// hashing slot and answers ErrBusy when none frees up in time.
func HashPassword(pw string) (string, error) { return hashPassword(context.Background(), pw) }

func hashPassword(ctx context.Context, pw string) (string, error) {
	salt := make([]byte, argonSaltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", err
	}
	var key []byte
	iters, mem := uint32(argonTime), uint32(argonMemory)
	if testCost.Load() {
		iters, mem = 1, 64 // checking a hash uses the cost the hash records
	}
	if err := withHashSlot(ctx, func() { key = argon2.IDKey([]byte(pw), salt, iters, mem, argonThreads, argonKeyLen) }); err != nil {
		return "", err
	}
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, mem, iters, argonThreads,
		b64.EncodeToString(salt), b64.EncodeToString(key)), nil
}

// CheckPassword tells whether pw matches the encoded hash, in constant time. Like HashPassword
// it runs in a hashing slot.
func CheckPassword(encoded, pw string) (bool, error) {
	return checkPassword(context.Background(), encoded, pw)
}

func checkPassword(ctx context.Context, encoded, pw string) (bool, error) {
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false, errors.New("unknown password hash format")
	}
	var version int
	var mem, iters uint32
	var threads uint8
	if _, err := fmt.Sscanf(parts[2], "v=%d", &version); err != nil {
		return false, err
	}
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &mem, &iters, &threads); err != nil {
		return false, err
	}
	b64 := base64.RawStdEncoding
	salt, err := b64.DecodeString(parts[4])
	if err != nil {
		return false, err
	}
	want, err := b64.DecodeString(parts[5])
	if err != nil {
		return false, err
	}
	// A stored hash is ours, but its cost is still bounded so that a tampered row cannot take the server's memory.
	if mem == 0 || mem > 4*argonMemory || iters == 0 || iters > 8*argonTime || threads == 0 || threads > 4 || len(want) == 0 || len(want) > 64 {
		return false, errors.New("password hash parameters out of range")
	}
	var got []byte
	if err := withHashSlot(ctx, func() { got = argon2.IDKey([]byte(pw), salt, iters, mem, threads, uint32(len(want))) }); err != nil {
		return false, err
	}
	return subtle.ConstantTimeCompare(got, want) == 1, nil
}

// dummyHash is checked against when the login code is unknown, so that a wrong login code
// takes as long as a wrong password and accounts cannot be probed by timing.
var dummyHash, _ = HashPassword("no-such-user-password")

func init() {
	httpx.RegisterMessages(map[string][2]string{
		"auth.busy": {"系统繁忙，请稍后再试", "The system is busy, please try again"},
	})
}

// NewToken returns a session token of 256 random bits, hex-encoded.
func NewToken() (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return hex.EncodeToString(b), nil
}

// HashToken is what the database stores of a token.
func HashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}
