// Command konnect-mock serves the in-memory Konnect of package konnectmock on a
// local address, for running the provider or Terraform against it by hand or
// from tests in other processes.
//
//	konnect-mock --listen 127.0.0.1:0 --token kpat_demo [--token ...] [--etags]
//
// It prints exactly one line, "konnect-mock listening on http://HOST:PORT", and
// serves until SIGINT or SIGTERM, then exits 0.
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
	"strings"
	"syscall"
	"time"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

type tokenList []string

func (t *tokenList) String() string     { return strings.Join(*t, ",") }
func (t *tokenList) Set(v string) error { *t = append(*t, v); return nil }

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Stdout, os.Stderr))
}

// run serves until ctx is done (0) or fails (1, or 2 for bad flags).
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("konnect-mock", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var tokens tokenList
	listen := fs.String("listen", "127.0.0.1:0", "address to listen on")
	fs.Var(&tokens, "token", "accepted bearer token (repeatable; none: any kpat_/spat_ token)")
	etags := fs.Bool("etags", false, "send ETags and honour If-Match (not real Konnect behaviour)")
	if err := fs.Parse(args); err != nil {
		return 2
	}

	ln, err := net.Listen("tcp", *listen)
	if err != nil {
		fmt.Fprintln(stderr, "konnect-mock:", err)
		return 1
	}
	srv := &http.Server{
		Handler:           konnectmock.New(konnectmock.Options{Tokens: tokens, ETags: *etags}),
		ReadHeaderTimeout: 10 * time.Second,
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	fmt.Fprintf(stdout, "konnect-mock listening on http://%s\n", ln.Addr())
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
		if err := srv.Shutdown(shutdown); err != nil && !errors.Is(err, http.ErrServerClosed) {
			fmt.Fprintln(stderr, "konnect-mock:", err)
		}
		return 0
	}
}
