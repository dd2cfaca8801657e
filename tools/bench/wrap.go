package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// The provider's peak RSS is measured by a launcher: the CLI finds this program (a copy of
// the bench binary) through dev_overrides under the name terraform-provider-konnect, and it
// runs the real provider as its only child with the same arguments, environment and stdio,
// so the go-plugin handshake and the gRPC connection are the provider's own. When the child
// exits the launcher has wait4's rusage for it: ru_maxrss is the kernel's high-water mark of
// the child's resident set over its whole life (the VmHWM it had at exit), with nothing
// sampled and nothing missed between samples. The launcher writes it to a file before it
// exits itself; the CLI waits for its plugins to exit, so the file exists when the CLI does.
//
// Polling /proc/<pid>/status for VmHWM could miss the last moments of a provider that exits
// between two polls (and it is VmHWM at the last poll, not at exit); /usr/bin/time -f %M gives
// the same number as this launcher but is not installed everywhere.

const (
	envRealProvider = "KONNECT_BENCH_REAL_PROVIDER"
	envRSSDir       = "KONNECT_BENCH_RSS_DIR"
)

// launch is one provider process, as the launcher saw it.
type launch struct {
	PID        int     `json:"pid"`
	MaxRSSKB   int64   `json:"maxrss_kb"`
	CPUSeconds float64 `json:"cpu_seconds"`
	Seconds    float64 `json:"seconds"`
	ExitCode   int     `json:"exit_code"`
}

// wrapperMode reports whether this process was started by a CLI as the provider launcher.
func wrapperMode() bool {
	return os.Getenv(envRealProvider) != "" &&
		strings.HasPrefix(filepath.Base(os.Args[0]), "terraform-provider-")
}

// runWrapper runs the real provider and records its rusage; it returns the exit code.
func runWrapper() int {
	realBin, dir := os.Getenv(envRealProvider), os.Getenv(envRSSDir)
	cmd := exec.Command(realBin, os.Args[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	// The provider dies with the launcher, should the CLI ever kill the launcher outright.
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}

	// go-plugin servers ignore SIGINT (the CLI handles Ctrl-C and stops them over gRPC); the
	// launcher does the same, and passes SIGTERM on.
	sigs := make(chan os.Signal, 4)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)

	start := time.Now()
	if err := cmd.Start(); err != nil {
		fmt.Fprintln(os.Stderr, "bench provider launcher:", err)
		return 1
	}
	marker := filepath.Join(dir, fmt.Sprintf("%d.started", cmd.Process.Pid))
	if dir != "" {
		_ = os.WriteFile(marker, nil, 0o644)
	}
	go func() {
		for s := range sigs {
			if s == syscall.SIGTERM {
				_ = cmd.Process.Signal(s)
			}
		}
	}()
	err := cmd.Wait()
	l := launch{PID: cmd.Process.Pid, Seconds: time.Since(start).Seconds(), ExitCode: cmd.ProcessState.ExitCode()}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		l.MaxRSSKB = ru.Maxrss // kilobytes on Linux
		l.CPUSeconds = tvSeconds(ru.Utime) + tvSeconds(ru.Stime)
	}
	if dir != "" {
		raw, _ := json.Marshal(l)
		tmp := filepath.Join(dir, fmt.Sprintf(".%d.tmp", l.PID))
		if os.WriteFile(tmp, raw, 0o644) == nil {
			_ = os.Rename(tmp, filepath.Join(dir, fmt.Sprintf("%d.json", l.PID)))
		}
	}
	if err != nil && l.ExitCode < 0 { // killed by a signal
		return 1
	}
	return l.ExitCode
}

func tvSeconds(tv syscall.Timeval) float64 {
	return float64(tv.Sec) + float64(tv.Usec)/1e6
}

// readLaunches collects what the launcher recorded in dir: every provider process started
// during one step, and how many of them left no record (killed before they could write it).
func readLaunches(dir string) (launches []launch, unrecorded int, err error) {
	started, err := filepath.Glob(filepath.Join(dir, "*.started"))
	if err != nil {
		return nil, 0, err
	}
	for _, m := range started {
		pid := strings.TrimSuffix(filepath.Base(m), ".started")
		raw, err := os.ReadFile(filepath.Join(dir, pid+".json"))
		if err != nil {
			unrecorded++
			continue
		}
		var l launch
		if err := json.Unmarshal(raw, &l); err != nil {
			unrecorded++
			continue
		}
		launches = append(launches, l)
	}
	return launches, unrecorded, nil
}
