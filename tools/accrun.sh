#!/usr/bin/env bash
# accrun.sh runs the acceptance test binaries that `make acc-bins` linked (go test -c), one
# package after the other, the way `go test -json -p 1` runs them: each binary from its
# package's folder, its output through test2json, then the `ok`/`FAIL` line go test prints.
# make test runs the acceptance packages four times (Terraform, OpenTofu twice, shortcuts
# off) and the migrations twice: go test would link every test binary again each time
# (about 14 s of CPU for the seven packages), this links them once.
#
#   tools/accrun.sh BIN_DIR RUN TIMEOUT PARALLEL PKG_DIR...
#
# The environment (TF_ACC, the CLI's path, the shortcut mode) is passed through as it is.
# The exit status is 1 when any package failed, after all of them ran.
set -uo pipefail

bin_dir=$1 run=$2 timeout=$3 parallel=$4
shift 4
module=$(go list -m)
rc=0
for dir in "$@"; do
  dir=${dir#./}
  pkg=$module/$dir
  bin=$bin_dir/$(basename "$dir").test
  if [[ ! -x $bin ]]; then
    echo "accrun: $bin is missing: run make acc-bins" >&2
    exit 1
  fi
  start=$(date +%s.%N)
  out=$(mktemp)
  (cd "$dir" && go tool test2json -t -p "$pkg" "$bin" -test.v=test2json -test.paniconexit0 -test.count=1 \
    -test.timeout="$timeout" -test.parallel="$parallel" -test.run="$run") >"$out"
  status=$?
  took=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.3f", e - s }')
  # Everything but test2json's last event (the package's end), then go test's own summary
  # line and the package's end with its time, as go test -json reports them.
  head -n -1 "$out"
  rm -f "$out"
  action=pass line="ok  "
  if [[ $status -ne 0 ]]; then
    action=fail line=FAIL rc=1
  fi
  printf '{"Action":"output","Package":"%s","Output":"%s\\t%s\\t%ss\\n"}\n' "$pkg" "$line" "$pkg" "$took"
  printf '{"Action":"%s","Package":"%s","Elapsed":%s}\n' "$action" "$pkg" "$took"
done
exit $rc
