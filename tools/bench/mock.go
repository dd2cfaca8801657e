package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"regexp"
	"sort"
	"strings"
	"syscall"
	"time"
)

const mockToken = "kpat_bench"

// mock is a running konnect-mock process.
type mock struct {
	cmd    *exec.Cmd
	url    string
	errLog string
	exited chan struct{}
	client *http.Client
}

var bannerRE = regexp.MustCompile(`^konnect-mock listening on (http://\S+)$`)

// startMock starts bin on a free loopback port and returns once it has printed its URL.
func startMock(bin string, latency time.Duration, errLog string) (*mock, error) {
	stderr, err := os.Create(errLog)
	if err != nil {
		return nil, err
	}
	defer stderr.Close()
	cmd := exec.Command(bin, "--listen", "127.0.0.1:0", "--token", mockToken, "--latency", latency.String())
	cmd.Stderr = stderr
	// Its own process group, so a Ctrl-C meant for the CLI does not stop the mock under it;
	// and it is told to stop should this program die without cleaning up.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGTERM}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	m := &mock{cmd: cmd, errLog: errLog, exited: make(chan struct{}), client: &http.Client{Timeout: time.Minute}}

	// The first line is the banner; reading it waits exactly as long as the mock needs. The
	// read ends with an error if the mock exits first (its stdout closes).
	line, err := bufio.NewReader(stdout).ReadString('\n')
	go func() { _, _ = io.Copy(io.Discard, stdout); _ = cmd.Wait(); close(m.exited) }()
	if err != nil {
		m.stop()
		return nil, fmt.Errorf("konnect-mock printed no URL (%v); its stderr is in %s", err, errLog)
	}
	match := bannerRE.FindStringSubmatch(strings.TrimRight(line, "\r\n"))
	if match == nil {
		m.stop()
		return nil, fmt.Errorf("unexpected first line from konnect-mock: %q", line)
	}
	m.url = match[1]
	return m, nil
}

// stop ends the mock: SIGTERM, then SIGKILL if it has not exited within 5 seconds.
func (m *mock) stop() {
	if m == nil || m.cmd.Process == nil {
		return
	}
	select {
	case <-m.exited:
		return
	default:
	}
	_ = m.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-m.exited:
	case <-time.After(5 * time.Second):
		_ = m.cmd.Process.Kill()
		<-m.exited
	}
}

// control calls a /_mock/ endpoint and decodes a JSON answer into out (when not nil).
func (m *mock) control(method, path string, out any) error { return m.send(method, path, nil, out) }

func (m *mock) reset() error       { return m.control(http.MethodPost, "/_mock/reset", nil) }
func (m *mock) resetCounts() error { return m.control(http.MethodPost, "/_mock/counts/reset", nil) }

func (m *mock) counts() (map[string]int, error) {
	c := map[string]int{}
	err := m.control(http.MethodGet, "/_mock/counts", &c)
	return c, err
}

// calls is what the mock counted during one step.
type calls struct {
	Total    int            `json:"total"`
	ByMethod map[string]int `json:"by_method"`
	ByPath   map[string]int `json:"by_method_and_path"` // the mock's keys: "PUT core-entities/services/{id}"
	Faults   map[string]int `json:"faults,omitempty"`
}

func summarize(counts map[string]int) calls {
	c := calls{ByMethod: map[string]int{}, ByPath: map[string]int{}}
	for k, v := range counts {
		if strings.HasPrefix(k, "fault ") {
			if c.Faults == nil {
				c.Faults = map[string]int{}
			}
			c.Faults[k] += v
			continue
		}
		method, _, _ := strings.Cut(k, " ")
		c.Total += v
		c.ByMethod[method] += v
		c.ByPath[k] += v
	}
	return c
}

// pathSummary is the per-path counts in a stable order, for the report.
func (c calls) pathSummary() string {
	keys := make([]string, 0, len(c.ByPath))
	for k := range c.ByPath {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if c.ByPath[keys[i]] != c.ByPath[keys[j]] {
			return c.ByPath[keys[i]] > c.ByPath[keys[j]]
		}
		return keys[i] < keys[j]
	})
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s ×%d", k, c.ByPath[k])
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}

var errInterrupted = errors.New("interrupted")
