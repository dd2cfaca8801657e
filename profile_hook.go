//go:build profile

package main

// Built only with -tags profile (make bench PROFILE=1): KONNECT_PROFILE_DIR names a
// directory where the provider writes a heap profile each time its in-use heap reaches a
// new peak, a CPU profile of its whole run in 2-second pieces, and heap-<pid>.tsv: the live
// heap after the last collection, twice a second. For finding where time and memory go.

import (
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"runtime/pprof"
	"syscall"
	"time"
)

func init() {
	dir := os.Getenv("KONNECT_PROFILE_DIR")
	if dir == "" {
		return
	}
	_ = os.MkdirAll(dir, 0o755)
	pid := os.Getpid()
	// The CPU profile is cut every 2 s (the CLI may stop the provider without a signal);
	// go tool pprof merges the pieces.
	piece := 0
	var cpu *os.File
	next := func() {
		if cpu != nil {
			pprof.StopCPUProfile()
			_ = cpu.Close()
		}
		piece++
		var err error
		if cpu, err = os.Create(filepath.Join(dir, fmt.Sprintf("cpu-%d-%03d.pprof", pid, piece))); err == nil {
			_ = pprof.StartCPUProfile(cpu)
		}
	}
	next()
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, syscall.SIGTERM, syscall.SIGINT)
	trace, _ := os.Create(filepath.Join(dir, fmt.Sprintf("heap-%d.tsv", pid)))
	samples := []metrics.Sample{{Name: "/gc/heap/live:bytes"}, {Name: "/gc/heap/objects:objects"}, {Name: "/gc/cycles/total:gc-cycles"}}
	start := time.Now()
	if trace != nil {
		fmt.Fprintln(trace, "seconds\tlive_MB\tobjects\tgc_cycles\tgoroutines")
	}
	go func() {
		var peak uint64
		t := time.NewTicker(500 * time.Millisecond)
		for n := 1; ; n++ {
			select {
			case <-t.C:
				if n%4 == 0 {
					next()
				}
				if trace != nil {
					metrics.Read(samples)
					fmt.Fprintf(trace, "%.1f\t%d\t%d\t%d\t%d\n", time.Since(start).Seconds(), samples[0].Value.Uint64()>>20,
						samples[1].Value.Uint64(), samples[2].Value.Uint64(), runtime.NumGoroutine())
				}
				var ms runtime.MemStats
				runtime.ReadMemStats(&ms)
				if ms.HeapInuse > peak*11/10 {
					peak = ms.HeapInuse
					if f, err := os.Create(filepath.Join(dir, fmt.Sprintf("heap-%d.pprof", pid))); err == nil {
						_ = pprof.WriteHeapProfile(f)
						_ = f.Close()
					}
					if f, err := os.Create(filepath.Join(dir, fmt.Sprintf("goroutine-%d.txt", pid))); err == nil {
						_ = pprof.Lookup("goroutine").WriteTo(f, 1)
						_ = f.Close()
					}
				}
			case <-stop:
				pprof.StopCPUProfile()
				_ = cpu.Close()
				os.Exit(0)
			}
		}
	}()
}
