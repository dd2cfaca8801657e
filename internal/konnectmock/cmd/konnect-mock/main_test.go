package main

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"regexp"
	"testing"
)

func TestRunServesUntilCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	done := make(chan int, 1)
	go func() {
		done <- run(ctx, []string{"--listen", "127.0.0.1:0", "--token", "kpat_demo", "--etags"}, pw, io.Discard)
	}()

	line, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`^konnect-mock listening on (http://127\.0\.0\.1:\d+)\n$`).FindStringSubmatch(line)
	if m == nil {
		t.Fatalf("banner %q", line)
	}
	req, _ := http.NewRequest("POST", m[1]+"/v2/control-planes", nil)
	req.Header.Set("Authorization", "Bearer kpat_demo")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 400 { // reached the mock: empty body is rejected
		t.Fatalf("status %d", resp.StatusCode)
	}
	cancel()
	if code := <-done; code != 0 {
		t.Fatalf("exit code %d", code)
	}
	if run(context.Background(), []string{"--bogus"}, io.Discard, io.Discard) != 2 {
		t.Fatal("bad flag must fail")
	}
}
