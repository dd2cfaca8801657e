// Command konnect-mock serves the in-memory Konnect of package konnectmock on a
// local address, for running the provider or Terraform against it by hand or
// from tests in other processes.
//
//	konnect-mock --listen 127.0.0.1:0 --token kpat_demo [--token ...] [--etags]
//	             [--state-file PATH]
//	             [--latency 50ms] [--latency-jitter 20ms]
//	             [--rate-limit-share 0.2] [--rate-limit-rps 50] [--retry-after 1] [--error-share 0.2]
//	             [--drop-before-share 0.1] [--drop-after-share 0.1]
//	             [--slow-share 0.1] [--slow 90s] [--seed N]
//
// It prints exactly one line on stdout, "konnect-mock listening on http://HOST:PORT",
// and serves until SIGINT or SIGTERM, then exits 0. A state file that cannot be
// loaded is reported on stderr before that line, with exit status 1; bad flags
// exit 2; --help lists every flag and exits 0.
//
// The fault flags set konnectmock.Faults (see that package); they can be changed
// while running with PUT or PATCH /_mock/faults. Control endpoints under /_mock/
// take the same bearer token as the API: give --token on a shared CI machine,
// since without it any kpat_/spat_ token is accepted.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/cloudgateway"
)

type tokenList []string

func (t *tokenList) String() string     { return strings.Join(*t, ",") }
func (t *tokenList) Set(v string) error { *t = append(*t, v); return nil }

// share is a probability flag: a number from 0 to 1.
type share struct{ p *float64 }

func (s share) String() string {
	if s.p == nil {
		return "0"
	}
	return strconv.FormatFloat(*s.p, 'g', -1, 64)
}

func (s share) Set(v string) error {
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || f < 0 || f > 1 {
		return errors.New("must be a number from 0 to 1")
	}
	*s.p = f
	return nil
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Stdout, os.Stderr))
}

// run serves until ctx is done (0) or fails (1, or 2 for bad flags).
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("konnect-mock", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), "Usage: konnect-mock [flags]\n\n"+
			"An in-memory Kong Konnect for tests and CI: control planes and their gateway entities, plugin and partial schemas,\n"+
			"config stores, the identity API (teams, users, roles, system accounts, identity providers), Dev Portals and the API catalog.\n"+
			"Prints \"konnect-mock listening on http://HOST:PORT\" once ready. Faults apply to /v2/ and /v3/ paths only;\n"+
			"/_mock/{reset,dump,counts,counts/reset,faults,users,tokens/ID/expire,tokens/ID/revoke} control it and need the same bearer token.\n\nFlags:\n")
		fs.PrintDefaults()
	}
	var tokens tokenList
	var faults konnectmock.Faults
	listen := fs.String("listen", "127.0.0.1:0", "address to listen on")
	globalListen := fs.String("global-listen", "", "serve Konnect's global APIs (identity, cloud gateways) apart, on this `address` (127.0.0.1:0: any free port), "+
		"and only the regional ones on --listen, each refusing the other's with a 404, as Konnect's hosts do (default: every API on --listen)")
	fs.Var(&tokens, "token", "accepted bearer `token` (repeatable; none: any kpat_/spat_ token, also for /_mock/)")
	etags := fs.Bool("etags", false, "send ETags and honour If-Match (not real Konnect behaviour)")
	stateFile := fs.String("state-file", "", "load state from `PATH` at start (creating it if missing) and save it atomically after every acknowledged write")
	fs.DurationVar(&faults.Latency, "latency", 0, "fixed latency added to every /v2/ and /v3/ request")
	fs.DurationVar(&faults.LatencyJitter, "latency-jitter", 0, "random extra latency, uniform from 0 to this")
	fs.Var(share{&faults.RateLimitShare}, "rate-limit-share", "`fraction` (0-1) of /v2/ and /v3/ requests answered 429 with Retry-After; 1 is a sustained 429 storm")
	fs.Float64Var(&faults.RateLimitRPS, "rate-limit-rps", 0, "`requests` a second the /v2/ and /v3/ APIs answer before answering 429 with Retry-After 1, as Konnect's rate limit does (0: no limit)")
	fs.IntVar(&faults.RetryAfter, "retry-after", 1, "`seconds` sent in Retry-After and RateLimit-Reset of injected 429s")
	fs.Var(share{&faults.ErrorShare}, "error-share", "`fraction` (0-1) of /v2/ and /v3/ requests answered 500, 502 or 503")
	fs.Var(share{&faults.DropBeforeShare}, "drop-before-share", "`fraction` (0-1) of /v2/ and /v3/ requests whose connection is reset before anything is applied")
	fs.Var(share{&faults.DropAfterShare}, "drop-after-share", "`fraction` (0-1) of /v2/ and /v3/ requests applied (and saved) whose connection is then reset instead of answered")
	fs.Var(share{&faults.SlowShare}, "slow-share", "`fraction` (0-1) of /v2/ and /v3/ requests delayed by --slow before being handled (nothing is applied if the client gives up)")
	fs.DurationVar(&faults.Slow, "slow", 90*time.Second, "delay of a slow response")
	var cloudgw cloudgateway.Options
	fs.DurationVar(&cloudgw.ProvisioningTime, "provisioning-time", 0, "how long a cloud gateway network or data-plane group stays initializing (and terminating) on the mock's clock "+
		"(0: until the next request); POST /_mock/cloud-gateways/fail-next-provisioning {\"reason\": …} makes the next one fail")
	fs.Int64Var(&faults.Seed, "seed", 0, "seed of the fault decisions, reproducible for a sequential client (0: from the clock; GET /_mock/faults shows it)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintln(stderr, "konnect-mock: unexpected arguments:", strings.Join(fs.Args(), " "))
		return 2
	}

	mock, err := konnectmock.Open(konnectmock.Options{Tokens: tokens, ETags: *etags, StateFile: *stateFile, Faults: faults, CloudGateways: cloudgw})
	if err != nil {
		fmt.Fprintln(stderr, "konnect-mock:", strings.TrimPrefix(err.Error(), "konnectmock: "))
		return 1
	}
	type listener struct {
		addr    string
		handler http.Handler
		what    string
	}
	listeners := []listener{{*listen, mock, "listening"}}
	if *globalListen != "" {
		listeners = []listener{{*listen, mock.Regional(), "listening"}, {*globalListen, mock.Global(), "serving the global APIs"}}
	}
	served := make(chan error, len(listeners))
	var servers []*http.Server
	for _, l := range listeners {
		ln, err := net.Listen("tcp", l.addr)
		if err != nil {
			fmt.Fprintln(stderr, "konnect-mock:", err)
			return 1
		}
		srv := &http.Server{
			Handler:           l.handler,
			ReadHeaderTimeout: 10 * time.Second,
			// requests (slow ones included) see ctx end at shutdown, so they do not hold it up
			BaseContext: func(net.Listener) context.Context { return ctx },
		}
		servers = append(servers, srv)
		go func() { served <- srv.Serve(ln) }()
		fmt.Fprintf(stdout, "konnect-mock %s on http://%s\n", l.what, ln.Addr())
	}
	if f, ok := stdout.(*os.File); ok {
		_ = f.Sync()
	}

	select {
	case err := <-served:
		fmt.Fprintln(stderr, "konnect-mock:", err)
		return 1
	case <-ctx.Done():
		shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		for _, srv := range servers {
			if err := srv.Shutdown(shutdown); err != nil && !errors.Is(err, http.ErrServerClosed) {
				fmt.Fprintln(stderr, "konnect-mock:", err)
			}
		}
		return 0
	}
}
