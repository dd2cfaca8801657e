package reliability

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"net"
	"net/http"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// event is one API request as the mock's side saw it.
type event struct {
	Seq      int64 // arrival order
	Epoch    int64 // the recorder's epoch at arrival (the driver's current protocol call)
	Start    time.Time
	Written  time.Time // response header written, or connection dropped
	Method   string
	Path     string // escaped path
	Query    string
	Agent    string
	Tag      string // the out-of-band writer's X-Reliability-Oob-Write header
	BodyHash string
	Status   int    // 0: no response (dropped, or the client went away)
	Dropped  bool   // the mock reset the connection (fault drop-before or drop-after)
	Lost     bool   // the client went away before a response was delivered
	Held     bool   // the response was held back after the mock handled the request
	After    string // Retry-After of the response

	// Filled by recorder.afterWrite for serialised writes.
	WriteSeq int64
	Post     map[string]any // the written object after the write (nil: gone)
}

func (e *event) key() string { return e.Method + " " + e.Path + "?" + e.Query + " " + e.BodyHash }

// failed reports an attempt that the client may retry: 429, 5xx, or no response.
func (e *event) failed() bool { return e.Status == 0 || e.Status == 429 || e.Status >= 500 }

func isWrite(method string) bool {
	switch method {
	case http.MethodGet, http.MethodHead, http.MethodOptions:
		return false
	}
	return true
}

// recorder wraps the mock: it timestamps every request and its response (status,
// Retry-After, dropped connections), and optionally delays requests before they reach the
// mock, holds responses back after the mock applied them, serialises writes and runs a
// hook after each write, under the write lock. /_mock/ requests pass straight through.
type recorder struct {
	next http.Handler

	// Hooks; set before the server starts.
	before       func(r *http.Request) time.Duration // wait before the mock sees the request
	hold         func(r *http.Request) time.Duration // wait before the response is delivered
	onHeld       func(r *http.Request)               // called once a held response's write was applied
	intercept    func(w http.ResponseWriter, r *http.Request) bool
	serialWrites bool
	afterWrite   func(ev *event) // with serialWrites, under the write lock

	epoch   atomic.Int64
	seq     atomic.Int64
	writeMu sync.Mutex
	wseq    int64 // guarded by writeMu

	mu       sync.Mutex
	events   []*event
	inflight int
	idle     *sync.Cond // signalled when inflight drops to 0
}

func newRecorder(next http.Handler) *recorder {
	rc := &recorder{next: next}
	rc.idle = sync.NewCond(&rc.mu)
	return rc
}

// quiesce waits until no request is being handled: after a client gave up, the mock may
// still be applying its request.
func (rc *recorder) quiesce() {
	rc.mu.Lock()
	for rc.inflight > 0 {
		rc.idle.Wait()
	}
	rc.mu.Unlock()
}

// snapshot returns the events so far in arrival order.
func (rc *recorder) snapshot() []*event {
	rc.quiesce()
	rc.mu.Lock()
	out := append([]*event(nil), rc.events...)
	rc.mu.Unlock()
	sort.Slice(out, func(i, j int) bool { return out[i].Seq < out[j].Seq })
	return out
}

func (rc *recorder) reset() {
	rc.mu.Lock()
	rc.events = nil
	rc.mu.Unlock()
}

func sleepCtx(r *http.Request, d time.Duration) bool {
	if d <= 0 {
		return r.Context().Err() == nil
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-r.Context().Done():
		return false
	}
}

func (rc *recorder) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if strings.HasPrefix(r.URL.Path, "/_mock/") {
		rc.next.ServeHTTP(w, r)
		return
	}
	rc.mu.Lock()
	rc.inflight++
	rc.mu.Unlock()
	body, _ := io.ReadAll(r.Body)
	r.Body = io.NopCloser(bytes.NewReader(body))
	sum := sha256.Sum256(body)
	ev := &event{Seq: rc.seq.Add(1), Epoch: rc.epoch.Load(), Start: time.Now(), Method: r.Method,
		Path: r.URL.EscapedPath(), Query: r.URL.RawQuery, Agent: r.Header.Get("User-Agent"),
		Tag: r.Header.Get(oobHeader), BodyHash: hex.EncodeToString(sum[:8])}
	defer func() {
		if p := recover(); p != nil {
			ev.Dropped = true
			rc.add(ev)
			panic(p) // http.ErrAbortHandler: net/http closes the connection
		}
		rc.add(ev)
	}()
	if rc.intercept != nil && rc.intercept(&captureWriter{w: w, ev: ev}, r) {
		return
	}
	if rc.before != nil && !sleepCtx(r, rc.before(r)) {
		ev.Lost = true
		ev.Written = time.Now()
		return
	}
	var holdFor time.Duration
	if rc.hold != nil {
		holdFor = rc.hold(r)
	}
	cw := &captureWriter{w: w, ev: ev, buffer: holdFor > 0}
	if rc.serialWrites && isWrite(r.Method) {
		rc.writeMu.Lock()
		func() {
			defer rc.writeMu.Unlock()
			defer func() {
				// Also after a dropped connection (panic): the write may have been applied.
				rc.wseq++
				ev.WriteSeq = rc.wseq
				if rc.afterWrite != nil {
					rc.afterWrite(ev)
				}
			}()
			rc.next.ServeHTTP(cw, r)
		}()
	} else {
		rc.next.ServeHTTP(cw, r)
	}
	if cw.buffer && !ev.Dropped {
		ev.Held = true
		if rc.onHeld != nil {
			rc.onHeld(r)
		}
		if !sleepCtx(r, holdFor) {
			ev.Lost = true
			ev.Written = time.Now()
			return
		}
		cw.flush()
	}
	if ev.Status == 0 && !ev.Dropped {
		ev.Lost = true
	}
}

func (rc *recorder) add(ev *event) {
	if ev.Written.IsZero() {
		ev.Written = time.Now()
	}
	rc.mu.Lock()
	rc.events = append(rc.events, ev)
	rc.inflight--
	if rc.inflight == 0 {
		rc.idle.Broadcast()
	}
	rc.mu.Unlock()
}

// captureWriter records the status and Retry-After of a response; with buffer it keeps the
// whole response until flush.
type captureWriter struct {
	w      http.ResponseWriter
	ev     *event
	buffer bool
	header http.Header
	status int
	body   bytes.Buffer
}

func (c *captureWriter) Header() http.Header {
	if c.buffer {
		if c.header == nil {
			c.header = http.Header{}
		}
		return c.header
	}
	return c.w.Header()
}

func (c *captureWriter) WriteHeader(code int) {
	if c.ev.Status != 0 {
		return
	}
	c.ev.Status = code
	c.ev.After = c.Header().Get("Retry-After")
	if c.buffer {
		c.status = code
		return
	}
	c.ev.Written = time.Now()
	c.w.WriteHeader(code)
}

func (c *captureWriter) Write(p []byte) (int, error) {
	if c.ev.Status == 0 {
		c.WriteHeader(http.StatusOK)
	}
	if c.buffer {
		return c.body.Write(p)
	}
	return c.w.Write(p)
}

func (c *captureWriter) flush() {
	for k, v := range c.header {
		c.w.Header()[k] = v
	}
	c.ev.Written = time.Now()
	if c.status != 0 {
		c.w.WriteHeader(c.status)
	}
	_, _ = c.w.Write(c.body.Bytes())
}

// Hijack lets the mock reset the connection (its dropped-connection faults).
func (c *captureWriter) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	c.ev.Dropped = true
	c.ev.Written = time.Now()
	return c.w.(http.Hijacker).Hijack()
}
