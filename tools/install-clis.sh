#!/usr/bin/env bash
# Installs the Terraform and OpenTofu CLIs that the acceptance tests and the demo drive,
# built from the Go module proxy into .tools/bin (gitignored). Skips what is already built.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin="$root/.tools/bin"
mkdir -p "$bin"
TERRAFORM_VERSION=${TERRAFORM_VERSION:-1.5.7}
OPENTOFU_VERSION=${OPENTOFU_VERSION:-1.12.6}

want=${1:-all}

if [[ $want == all || $want == terraform ]]; then
  if [[ -x $bin/terraform ]] && "$bin/terraform" version 2>/dev/null | head -1 | grep -q "v$TERRAFORM_VERSION\$"; then
    echo "terraform $TERRAFORM_VERSION already in $bin"
  else
    echo "building terraform $TERRAFORM_VERSION (a few minutes)"
    GOBIN="$bin" GOFLAGS=-buildvcs=false go install "github.com/hashicorp/terraform@v$TERRAFORM_VERSION"
  fi
fi

if [[ $want == all || $want == tofu ]]; then
  if [[ -x $bin/tofu ]] && "$bin/tofu" version 2>/dev/null | head -1 | grep -q "v$OPENTOFU_VERSION\$"; then
    echo "tofu $OPENTOFU_VERSION already in $bin"
  else
    echo "building tofu $OPENTOFU_VERSION (several minutes)"
    dir=$(go mod download -json "github.com/opentofu/opentofu@v$OPENTOFU_VERSION" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
    [[ -n $dir ]] || { echo "could not download opentofu $OPENTOFU_VERSION" >&2; exit 1; }
    (cd "$dir" && GOFLAGS=-buildvcs=false go build -o "$bin/tofu.tmp" ./cmd/tofu)
    mv "$bin/tofu.tmp" "$bin/tofu"
  fi
fi
