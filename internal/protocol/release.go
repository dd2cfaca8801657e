package protocol

import (
	"context"
	"sync"
	"time"
)

// The context leak this file works around is in terraform-plugin-framework v1.19.0 (the
// version in go.mod): its protocol server (internal/proto6server) derives a cancelable
// context from every request's context in registerContext and keeps the cancel function
// until the provider is stopped. The function holds the request's whole context chain (the
// gRPC stream, and the SDK's loggers and their fields): about 25 KB per call, 20,000 calls
// and 500 MB for a 5000-object plan, all of it live until the CLI ends the provider.
//
// For every call the framework answers, Server hands it a context that forwards to the
// request's while the request runs and lets go of it when the call returns; what the
// framework keeps is then a few hundred bytes per call. TestServerReleasesRequestContexts
// has a control that fails once a framework upgrade fixes the leak: then this file can go.

// released runs one call with a releasable view of its context.
func released[Req, Resp any](ctx context.Context, req Req, call func(context.Context, Req) (Resp, error)) (Resp, error) {
	rc := &releasableContext{parent: ctx, done: ctx.Done()}
	defer rc.release()
	return call(rc, req)
}

// releasableContext is its parent context until release, and an ended context with no
// values after. It keeps only the parent's Done channel, so that a context derived from
// it is still canceled with the request (context.WithCancel finds the parent's cancelCtx
// through Value and registers there, as it would with the parent itself).
type releasableContext struct {
	done   <-chan struct{}
	mu     sync.RWMutex
	parent context.Context // nil once released
}

func (c *releasableContext) release() {
	c.mu.Lock()
	c.parent = nil
	c.mu.Unlock()
}

func (c *releasableContext) get() context.Context {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.parent
}

func (c *releasableContext) Deadline() (time.Time, bool) {
	if p := c.get(); p != nil {
		return p.Deadline()
	}
	return time.Time{}, false
}

func (c *releasableContext) Done() <-chan struct{} { return c.done }

func (c *releasableContext) Err() error {
	if p := c.get(); p != nil {
		return p.Err()
	}
	return context.Canceled
}

func (c *releasableContext) Value(key any) any {
	if p := c.get(); p != nil {
		return p.Value(key)
	}
	return nil
}
