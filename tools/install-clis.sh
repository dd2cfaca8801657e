#!/usr/bin/env bash
# Installs the Terraform and OpenTofu CLIs that the acceptance tests and the demo drive,
# built from the Go module proxy into .tools/bin (gitignored). Skips what is already built.
#
#   tools/install-clis.sh [terraform|terraform-1.8|tofu|all]      (default: all)
#
# terraform-1.8 is a second Terraform, .tools/bin/terraform-1.8: the oldest release with
# `moved` blocks across resource types (the migration tests from Kong's provider need it).
# TERRAFORM_VERSION, TERRAFORM18_VERSION and OPENTOFU_VERSION override the pinned versions.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin="$root/.tools/bin"
mkdir -p "$bin"
TERRAFORM_VERSION=${TERRAFORM_VERSION:-1.5.7}
TERRAFORM18_VERSION=${TERRAFORM18_VERSION:-1.8.5}
OPENTOFU_VERSION=${OPENTOFU_VERSION:-1.12.6}

want=${1:-all}
case $want in
  terraform | terraform-1.8 | tofu | all) ;;
  *) echo "usage: $0 [terraform|terraform-1.8|tofu|all]" >&2; exit 2 ;;
esac
command -v go >/dev/null || { echo "install-clis: go is not on PATH" >&2; exit 1; }

# has_version BINARY VERSION: the binary runs and its first line ends in vVERSION (or
# vVERSION-dev: OpenTofu built without its release ldflags says so).
has_version() {
  local out
  [[ -x $1 ]] || return 1
  out=$(TF_CLI_CONFIG_FILE=/dev/null CHECKPOINT_DISABLE=1 "$1" version 2>/dev/null) || return 1
  out=${out%%$'\n'*}
  [[ $out == *" v$2" || $out == *" v$2-dev" ]]
}

# with_lock NAME COMMAND...: one build of a CLI at a time (parallel make, two sessions);
# a second caller waits, then finds the binary built.
with_lock() {
  local name=$1
  shift
  if ! command -v flock >/dev/null; then
    "$@"
    return
  fi
  (
    exec 9>"$root/.tools/.$name.lock"
    if ! flock -n 9; then
      echo "waiting for another build of $name to finish"
      flock 9
    fi
    "$@"
  )
}

# install_terraform NAME VERSION: Terraform VERSION as .tools/bin/NAME.
install_terraform() {
  local name=$1 version=$2
  if has_version "$bin/$name" "$version"; then
    echo "terraform $version already in $bin/$name"
    return
  fi
  echo "building terraform $version as $name (a few minutes)"
  local tmp
  tmp=$(mktemp -d "$root/.tools/.terraform.XXXXXX")
  GOBIN="$tmp" GOFLAGS=-buildvcs=false go install "github.com/hashicorp/terraform@v$version"
  mv "$tmp/terraform" "$bin/$name"
  rm -rf "$tmp"
  has_version "$bin/$name" "$version" || { echo "built $name does not report v$version" >&2; exit 1; }
}

install_tofu() {
  if has_version "$bin/tofu" "$OPENTOFU_VERSION"; then
    echo "tofu $OPENTOFU_VERSION already in $bin"
    return
  fi
  echo "building tofu $OPENTOFU_VERSION (several minutes)"
  # OpenTofu's main package is not installable with `go install` (its go.mod has replace
  # directives), so build it inside its downloaded module.
  local dir
  dir=$(go mod download -json "github.com/opentofu/opentofu@v$OPENTOFU_VERSION" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
  [[ -n $dir ]] || { echo "could not download opentofu $OPENTOFU_VERSION" >&2; exit 1; }
  (cd "$dir" && GOFLAGS=-buildvcs=false go build -ldflags "-X github.com/opentofu/opentofu/version.dev=no" -o "$root/.tools/.tofu.$$" ./cmd/tofu)
  mv "$root/.tools/.tofu.$$" "$bin/tofu"
  has_version "$bin/tofu" "$OPENTOFU_VERSION" || { echo "built tofu does not report v$OPENTOFU_VERSION" >&2; exit 1; }
}

if [[ $want == all || $want == terraform ]]; then
  with_lock terraform install_terraform terraform "$TERRAFORM_VERSION"
fi
if [[ $want == all || $want == terraform-1.8 ]]; then
  with_lock terraform-1.8 install_terraform terraform-1.8 "$TERRAFORM18_VERSION"
fi
if [[ $want == all || $want == tofu ]]; then
  with_lock tofu install_tofu
fi
