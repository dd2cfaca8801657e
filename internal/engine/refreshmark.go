package engine

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"

	"github.com/konnectguard/terraform-provider-konnect/internal/guard"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// What this command's refresh read. A destroy plan needs nothing live that the refresh
// of the same command has just read: Guard 1 compares the revision the refresh found with
// itself, and Guard 2 compares the refreshed values with the base (hidden values, a
// password's hash, come from the refreshed object too). So a refresh records, in the
// object's private state, which Terraform command read it, at which revision, and the
// hidden values it saw; the destroy plan reads the object live only when that record is
// from another command (a `-refresh=false` plan or destroy: the prior state comes from an
// earlier command) or missing. Terraform runs the refresh of `terraform destroy` and its
// destroy plan in two provider processes (two graph walks), so the record travels with
// the refreshed state, not in this process's memory. The delete itself (apply) always
// re-reads the object live, so a change made after the refresh is still refused.
//
// The command is the Terraform (or OpenTofu) CLI process that launched this provider:
// the nearest ancestor process not started as a plugin (go-plugin puts its magic cookie
// in every plugin's environment), named by its pid, its start time and the boot, so that
// no later command matches it. Where that cannot be read (not Linux, or the provider runs
// in-process as in the acceptance tests), there is no command id and the destroy plan
// always reads live, as before.

const privateRefreshKey = "refreshed"

// refreshMark is the record a refresh leaves in private state.
// It outlives the command in state (until the next read replaces it), so it is kept short:
// one-letter names, and the revision as its tag (guard.RevisionTag). A mark in the longer
// form of earlier versions is from an earlier command, so never this one's.
type refreshMark struct {
	Command   string       `json:"c"`
	Revision  string       `json:"r"`           // guard.RevisionTag of the revision read
	UpdatedAt any          `json:"u,omitempty"` // as Konnect wrote it
	Hidden    guard.Values `json:"h,omitempty"`
}

// commandID names the CLI command running this provider; "" when unknown. A variable so
// that tests can stand in for a CLI.
var CommandID = func() string { return launchingCLI().ID }

// launchingCLI is the CLI command that launched this provider process, found once.
var launchingCLI = sync.OnceValue(findLaunchingCLI)

// cliCommand is a CLI process: an id no other command shares, and its subcommand.
type cliCommand struct {
	ID         string
	Subcommand string // "plan", "apply", "refresh", …; "" when unknown
	Destroy    bool   // a destroy: the destroy subcommand, or plan or apply with -destroy
}

func CLICommandID() string { return findLaunchingCLI().ID }

func findLaunchingCLI() cliCommand {
	if os.Getenv("TF_PLUGIN_MAGIC_COOKIE") == "" {
		return cliCommand{} // not launched by a CLI as a plugin (in-process, reattached): no command to name
	}
	boot, err := os.ReadFile("/proc/sys/kernel/random/boot_id")
	if err != nil {
		return cliCommand{}
	}
	pid := os.Getppid()
	for range 8 {
		env, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/environ")
		if err != nil {
			return cliCommand{}
		}
		stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
		if err != nil {
			return cliCommand{}
		}
		// Fields after the command name (in parentheses, which may hold spaces):
		// state ppid pgrp session tty_nr tpgid flags minflt cminflt majflt cmajflt utime
		// stime cutime cstime priority nice num_threads itrealvalue starttime.
		rest := string(stat[bytes.LastIndexByte(stat, ')')+1:])
		f := strings.Fields(rest)
		if len(f) < 20 {
			return cliCommand{}
		}
		if !bytes.Contains(env, []byte("TF_PLUGIN_MAGIC_COOKIE=")) {
			sum := sha256.Sum256([]byte(fmt.Sprintf("%s|%d|%s", bytes.TrimSpace(boot), pid, f[19])))
			cmdline, _ := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/cmdline")
			args := strings.Split(string(cmdline), "\x00")
			return cliCommand{ID: hex.EncodeToString(sum[:12]), Subcommand: Subcommand(args), Destroy: isDestroyArg(args)}
		}
		ppid, err := strconv.Atoi(f[1])
		if err != nil || ppid <= 1 {
			return cliCommand{}
		}
		pid = ppid
	}
	return cliCommand{}
}

// subcommand is the CLI subcommand in a command line (program name first): the first
// argument that is not an option. Options before it are the global ones (-chdir=DIR,
// which Terraform and OpenTofu accept only with "=").
func Subcommand(args []string) string {
	for _, a := range args[min(1, len(args)):] {
		if a != "" && !strings.HasPrefix(a, "-") {
			return a
		}
	}
	return ""
}

// saveRefreshMark records that this command's refresh read obj at revision rev.
func (r *EntityResource) saveRefreshMark(ctx context.Context, p privateSetter, obj konnect.Object, rev string) {
	id := CommandID()
	if id == "" {
		return
	}
	b, err := json.Marshal(refreshMark{Command: id, Revision: guard.RevisionTag(rev), UpdatedAt: obj["updated_at"], Hidden: r.Hidden(obj)})
	if err == nil {
		_ = p.SetKey(ctx, privateRefreshKey, b)
	}
}

// refreshedNow returns what this command's refresh read of the object in prior state, or
// nil when it did not read it (then the caller reads live).
func refreshedNow(ctx context.Context, p privateGetter, prior ObjectValues) *refreshMark {
	id := CommandID()
	if id == "" {
		return nil
	}
	raw, diags := p.GetKey(ctx, privateRefreshKey)
	if diags.HasError() || len(raw) == 0 {
		return nil
	}
	var m refreshMark
	if json.Unmarshal(raw, &m) != nil || m.Command != id || !guard.SameRevision(m.Revision, Str(prior[attrRevision])) {
		return nil
	}
	return &m
}
