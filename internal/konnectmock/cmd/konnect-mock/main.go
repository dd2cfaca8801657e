// Command konnect-mock serves the in-memory Konnect of package konnectmock on a
// local address, for running the provider or Terraform against it by hand or
// from tests in other processes.
//
//	konnect-mock --listen 127.0.0.1:0 --token kpat_demo [--token ...] [--etags]
//
// It prints exactly one line, "konnect-mock listening on http://HOST:PORT", and
// serves until SIGINT or SIGTERM.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
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
	var tokens tokenList
	listen := flag.String("listen", "127.0.0.1:0", "address to listen on")
	flag.Var(&tokens, "token", "accepted bearer token (repeatable; none: any kpat_/spat_ token)")
	etags := flag.Bool("etags", false, "send ETags and honour If-Match (not real Konnect behaviour)")
	flag.Parse()

	ln, err := net.Listen("tcp", *listen)
	if err != nil {
		fmt.Fprintln(os.Stderr, "konnect-mock:", err)
		os.Exit(1)
	}
	srv := &http.Server{
		Handler:           konnectmock.New(konnectmock.Options{Tokens: tokens, ETags: *etags}),
		ReadHeaderTimeout: 10 * time.Second,
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	fmt.Fprintf(os.Stdout, "konnect-mock listening on http://%s\n", ln.Addr())
	_ = os.Stdout.Sync()

	select {
	case err := <-served:
		if !errors.Is(err, http.ErrServerClosed) {
			fmt.Fprintln(os.Stderr, "konnect-mock:", err)
			os.Exit(1)
		}
	case <-ctx.Done():
		shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(shutdown)
	}
}
