#!/usr/bin/env bash
# The reconciliation guards, end to end: Terraform (or OpenTofu, CLI=tofu) against the mock
# Konnect, while someone edits the same service "in the UI" (curl against the API).
#
# Run it with `make demo`, which builds bin/ and the CLI first. Exits 0 only when every
# step behaved as described; otherwise it stops at the first surprise and says which.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
CLI=${CLI:-terraform}
case $CLI in
  terraform | tofu) ;;
  *) echo "demo: CLI must be terraform or tofu, not '$CLI'" >&2; exit 2 ;;
esac
tf="$root/.tools/bin/$CLI"
mock_bin="$root/bin/konnect-mock"
for f in "$tf" "$mock_bin" "$root/bin/terraform-provider-konnect"; do
  [[ -x $f ]] || { echo "demo: $f is missing; run 'make demo' (it builds everything first)" >&2; exit 2; }
done

# --- presentation ------------------------------------------------------------------------

if [[ -t 1 ]]; then
  bold=$'\e[1m' green=$'\e[32m' red=$'\e[31m' dim=$'\e[2m' reset=$'\e[0m'
  nocolor=()
else
  bold='' green='' red='' dim='' reset=''
  nocolor=(-no-color)
fi
step_no=0
step() {
  step_no=$((step_no + 1))
  printf '\n%s== %d. %s ==%s\n' "$bold" "$step_no" "$*" "$reset"
}
say() { printf '%s\n' "$@" | sed 's/^/   /'; }
ok() { printf '   %s✔ %s%s\n' "$green" "$*" "$reset"; }
fail() {
  local where="at step $step_no"
  ((step_no > 0)) || where="while starting the mock Konnect"
  printf '\n%sDEMO FAILED %s: %s%s\n' "$red$bold" "$where" "$*" "$reset" >&2
  exit 1
}

# --- the mock Konnect --------------------------------------------------------------------

work=$(mktemp -d "${TMPDIR:-/tmp}/konnect-demo.XXXXXX")
mock_pid=''
cleanup() {
  local rc=$?
  if [[ -n $mock_pid ]] && kill -0 "$mock_pid" 2>/dev/null; then
    kill -TERM "$mock_pid" 2>/dev/null || true
    wait "$mock_pid" 2>/dev/null || true
  fi
  exec 3<&-
  if ((rc == 0)); then
    rm -rf "$work"
  else
    echo "demo: working directory kept for inspection: $work" >&2
    [[ -s $work/mock.err ]] && { echo "demo: konnect-mock stderr:" >&2; sed 's/^/    /' "$work/mock.err" >&2; }
  fi
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# The mock prints its URL as its first line. Reading it through a fifo means we wait exactly
# as long as it takes, never a fixed time; fd 3 stays open so the mock can always write.
mkfifo "$work/mock.out"
"$mock_bin" --listen 127.0.0.1:0 --token kpat_demo >"$work/mock.out" 2>"$work/mock.err" &
mock_pid=$!
exec 3<"$work/mock.out"
IFS= read -r -t 20 -u 3 banner || fail "konnect-mock printed no URL (exited or took over 20s)"
[[ $banner =~ ^konnect-mock\ listening\ on\ (http://[^[:space:]]+)$ ]] || fail "unexpected first line from konnect-mock: $banner"
export KONNECT_SERVER_URL=${BASH_REMATCH[1]}
export KONNECT_TOKEN=kpat_demo

# Nothing from the caller's environment may change the story.
unset KONNECT_CONFLICT_POLICY KONNECT_SPAT
for v in ${!TF_CLI_ARGS@} ${!TF_VAR_@}; do unset "$v"; done

# Use the provider just built in bin/, without `init` or a registry.
cat >"$work/cli.tfrc" <<EOF
provider_installation {
  dev_overrides {
    "konnectguard/konnect" = "$root/bin"
  }
  direct {}
}
EOF
export TF_CLI_CONFIG_FILE="$work/cli.tfrc" CHECKPOINT_DISABLE=1 TF_INPUT=0

cp -R "$root/examples/quickstart" "$work/quickstart"
cd "$work/quickstart"

# --- helpers -----------------------------------------------------------------------------

# present: indents CLI output. The dev_overrides warning is shown in full once, then
# collapsed to one line (at most 15 lines are ever hidden, in case its wording changes).
collapse=''
present() {
  awk -v collapse="$collapse" -v note="    ${dim}(warning: provider development overrides are in effect)${reset}" '
    { plain = $0; gsub(/\033\[[0-9;]*m/, "", plain) }
    skip > 0 { skip--; if (plain ~ /releases\.[[:space:]]*$/) { skip = 0; closing = 1 }; next }
    closing && plain ~ /^[[:space:]]*╵[[:space:]]*$/ { closing = 0; next }
    { closing = 0 }
    collapse && plain ~ /Warning: Provider development overrides are in effect/ {
      held = ""
      print note; skip = 15; next
    }
    held != "" { print "    " held; held = "" }
    collapse && plain ~ /^[[:space:]]*╷[[:space:]]*$/ { held = $0; next }
    { print "    " $0 }
    END { if (held != "") print "    " held }'
}

# cli SUBCOMMAND ARGS...: runs the CLI, shows its output, keeps it in $out (colours
# stripped) and its exit code in $rc.
cli() {
  local sub=$1 log="$work/last.log"
  shift
  printf '%s$ %s %s%s\n' "$dim" "$CLI" "$sub${*:+ $*}" "$reset"
  set +e
  "$tf" "$sub" "${nocolor[@]}" "$@" 2>&1 | tee "$log" | present
  rc=${PIPESTATUS[0]}
  set -e
  out=$(sed $'s/\e\\[[0-9;]*m//g' "$log")
  collapse=1
}
expect_success() { ((rc == 0)) || fail "$CLI $1 exited $rc, expected success"; }
expect_failure() { # what, message that must appear
  ((rc != 0)) || fail "$CLI $1 succeeded, but it had to fail with \"$2\""
  grep -qF -- "$2" <<<"$out" || fail "$CLI $1 failed, but not with \"$2\""
  ok "$CLI $1 failed with \"$2\""
}
expect_output() { grep -qF -- "$1" <<<"$out" || fail "expected \"$1\" in the output"; }

# api METHOD PATH [BODY]: one Konnect API call; prints the body, fails on a non-2xx status.
api() {
  local method=$1 path=$2 body=${3-} status
  local args=(-sS -X "$method" -H "Authorization: Bearer $KONNECT_TOKEN" -o "$work/api.out" -w '%{http_code}')
  [[ -n $body ]] && args+=(-H 'Content-Type: application/json' --data "$body")
  status=$(curl "${args[@]}" "$KONNECT_SERVER_URL$path") || fail "curl $method $path failed"
  [[ $status == 2* ]] || fail "$method $path returned HTTP $status: $(cat "$work/api.out")"
  cat "$work/api.out"
}
services() { echo "/v2/control-planes/$cp_id/core-entities/services"; }
# field JSON NAME: an integer field of a compact JSON object.
field() { grep -o "\"$2\":[0-9]*" <<<"$1" | cut -d: -f2; }

# ui_edit NAME VALUE: what a UI user does: load the orders service, change one field, save
# the whole object with PUT (the API accepts the service's name in place of its id).
ui_edit() {
  local obj
  obj=$(api GET "$(services)/orders")
  obj=$(sed -E "s/\"$1\":[0-9]+/\"$1\":$2/" <<<"$obj")
  printf '%s$ curl -X PUT %s/orders  (the full object, with %s=%s)%s\n' "$dim" "$(services)" "$1" "$2" "$reset"
  api PUT "$(services)/orders" "$obj" >/dev/null
}

# konnect_holds RETRIES READ_TIMEOUT: asserts what Konnect has for the orders service.
konnect_holds() {
  local obj retries read_timeout
  printf '%s$ curl %s/orders%s\n' "$dim" "$(services)" "$reset"
  obj=$(api GET "$(services)/orders")
  retries=$(field "$obj" retries) read_timeout=$(field "$obj" read_timeout)
  say "Konnect holds: retries=$retries read_timeout=$read_timeout"
  [[ $retries == "$1" && $read_timeout == "$2" ]] ||
    fail "Konnect should hold retries=$1 read_timeout=$2, it holds retries=$retries read_timeout=$read_timeout"
  ok "Konnect holds retries=$1 read_timeout=$2"
}

# --- the story ---------------------------------------------------------------------------

echo "${bold}Konnect reconciliation guards demo${reset} ($("$tf" version | head -1), mock Konnect at $KONNECT_SERVER_URL)"
say "Working copy of examples/quickstart: $work/quickstart" \
  "The CLI uses bin/terraform-provider-konnect through dev_overrides, so it warns about" \
  "development overrides and needs no init."

step "Apply: a control plane and two services"
cli apply -auto-approve
expect_success apply
expect_output "3 added"
cp_id=$("$tf" output -raw control_plane_id 2>/dev/null) || fail "no control_plane_id output"
ok "created control plane $cp_id with services orders and payments"
konnect_holds 5 60000

step "Plan a change and save it: orders read_timeout 60000 -> 90000"
cli plan -out=stale.tfplan -var orders_read_timeout=90000
expect_success plan
expect_output "1 to change"
ok "saved plan stale.tfplan, made against the orders service as it is now"

step "Meanwhile, someone edits the orders service in the UI: retries 5 -> 2"
ui_edit retries 2
ok "Konnect changed after the plan was made"

step "Guard 1: apply the saved plan, which is now stale"
say "Terraform does not refresh when applying a saved plan; the provider re-reads the" \
  "object and compares revisions before it writes anything."
cli apply stale.tfplan
expect_failure "apply stale.tfplan" "Konnect object changed since this plan was made"

step "Nothing was written: Konnect still holds the UI edit and the old read_timeout"
konnect_holds 2 60000

step "Guard 2: plan again with the old configuration (retries = 5)"
say "The refresh shows retries=2 in Konnect; the configuration says 5, and 5 is what" \
  "Terraform last applied. Planning 5 would silently undo the UI edit."
cli plan -var orders_retries=5 -var orders_read_timeout=90000
expect_failure plan "would overwrite changes made in Konnect"

step "Decide: keep the UI value (retries = 2 in configuration)"
cli plan -var orders_retries=2 -var orders_read_timeout=90000
expect_success plan
expect_output "1 to change"
ok "the plan changes read_timeout only; the UI's retries=2 is now also the configuration's"
cli apply -auto-approve -var orders_retries=2 -var orders_read_timeout=90000
expect_success apply
konnect_holds 2 90000

step "Or decide to overwrite: another UI edit (retries 2 -> 3), then KONNECT_CONFLICT_POLICY=overwrite"
ui_edit retries 3
printf '%s$ export KONNECT_CONFLICT_POLICY=overwrite%s\n' "$dim" "$reset"
export KONNECT_CONFLICT_POLICY=overwrite
cli apply -auto-approve -var orders_retries=2 -var orders_read_timeout=90000
unset KONNECT_CONFLICT_POLICY
expect_success "apply with conflict policy overwrite"
konnect_holds 2 90000

step "Converged: the plan with the final values is empty"
cli plan -detailed-exitcode -var orders_retries=2 -var orders_read_timeout=90000
((rc == 0)) || fail "plan -detailed-exitcode exited $rc, expected 0 (no changes)"
ok "no changes"

step "Destroy"
cli destroy -auto-approve -var orders_retries=2 -var orders_read_timeout=90000
expect_success destroy
expect_output "3 destroyed"
status=$(curl -sS -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $KONNECT_TOKEN" "$KONNECT_SERVER_URL/v2/control-planes/$cp_id")
[[ $status == 404 ]] || fail "control plane $cp_id still answers HTTP $status after destroy"
ok "control plane $cp_id is gone from Konnect"

printf '\n%sDemo passed: every step behaved as described.%s\n' "$green$bold" "$reset"
