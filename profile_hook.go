//go:build profile

package main

// Built only with -tags profile (make bench PROFILE=1): KONNECT_PROFILE_DIR names a
// directory where the provider writes a heap profile each time its in-use heap reaches a
// new peak, a CPU profile of its whole run in 2-second pieces, and heap-<pid>.tsv: the live
// heap after the last collection, twice a second. For finding where time and memory go.
//
// main starts the profiling before serving and stops it when the plugin server returns
// (the CLI shut the provider down): the last CPU piece and a final heap profile are written
// then. A provider killed outright loses at most the last 2-second piece.

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"runtime/pprof"
	"sync"
	"time"
)

func init() { startProfiling = startProfileHook }

func startProfileHook() (stop func()) {
	dir := os.Getenv("KONNECT_PROFILE_DIR")
	if dir == "" {
		return func() {}
	}
	_ = os.MkdirAll(dir, 0o755)
	p := &profiler{dir: dir, pid: os.Getpid(), start: time.Now(), done: make(chan struct{}), exited: make(chan struct{})}
	p.nextCPUPiece()
	if trace, err := os.Create(p.path("heap-%d.tsv")); err == nil {
		p.trace = trace
		fmt.Fprintln(trace, "seconds\tlive_MB\tobjects\tgc_cycles\tgoroutines")
	}
	go p.run()
	var once sync.Once
	return func() { once.Do(p.stop) }
}

type profiler struct {
	dir    string
	pid    int
	start  time.Time
	piece  int
	cpu    *os.File
	trace  *os.File
	peak   uint64
	done   chan struct{} // closed by stop
	exited chan struct{} // closed by run when it returns
}

func (p *profiler) path(format string, args ...any) string {
	return filepath.Join(p.dir, fmt.Sprintf(format, append([]any{p.pid}, args...)...))
}

// nextCPUPiece ends the current CPU profile, if any, and starts the next piece.
func (p *profiler) nextCPUPiece() {
	p.endCPUPiece()
	p.piece++
	if f, err := os.Create(p.path("cpu-%d-%03d.pprof", p.piece)); err == nil {
		p.cpu = f
		_ = pprof.StartCPUProfile(f)
	}
}

func (p *profiler) endCPUPiece() {
	if p.cpu != nil {
		pprof.StopCPUProfile()
		_ = p.cpu.Close()
		p.cpu = nil
	}
}

func (p *profiler) run() {
	defer close(p.exited)
	samples := []metrics.Sample{{Name: "/gc/heap/live:bytes"}, {Name: "/gc/heap/objects:objects"}, {Name: "/gc/cycles/total:gc-cycles"}}
	t := time.NewTicker(500 * time.Millisecond)
	defer t.Stop()
	for n := 1; ; n++ {
		select {
		case <-p.done:
			return
		case <-t.C:
		}
		if n%4 == 0 {
			p.nextCPUPiece()
		}
		if p.trace != nil {
			metrics.Read(samples)
			fmt.Fprintf(p.trace, "%.1f\t%d\t%d\t%d\t%d\n", time.Since(p.start).Seconds(), samples[0].Value.Uint64()>>20,
				samples[1].Value.Uint64(), samples[2].Value.Uint64(), runtime.NumGoroutine())
		}
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		if ms.HeapInuse > p.peak*11/10 {
			p.peak = ms.HeapInuse
			p.writeHeap()
		}
	}
}

func (p *profiler) writeHeap() {
	if f, err := os.Create(p.path("heap-%d.pprof")); err == nil {
		_ = pprof.WriteHeapProfile(f)
		_ = f.Close()
	}
	if f, err := os.Create(p.path("goroutine-%d.txt")); err == nil {
		_ = pprof.Lookup("goroutine").WriteTo(f, 1)
		_ = f.Close()
	}
}

// stop ends the sampling goroutine and writes the last CPU piece. The heap profile keeps the
// peak it recorded.
func (p *profiler) stop() {
	close(p.done)
	<-p.exited
	p.endCPUPiece()
	if p.trace != nil {
		_ = p.trace.Close()
	}
}
