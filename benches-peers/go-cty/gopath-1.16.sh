#!/usr/bin/env bash
# Builds a GOPATH in which go-cty 1.16.x (what today's Terraform runs) compiles offline, for
#   GO_CTY_GOPATH=<that GOPATH> benches-peers/go-cty/run [...]
# Usage: benches-peers/go-cty/gopath-1.16.sh GO_CTY_TREE [GO_TEXTSEG_TREE]
#   GO_CTY_TREE      a checked-out go-cty source tree (e.g. tag v1.16.4); it is copied in.
#   GO_TEXTSEG_TREE  a go-textseg v15 source tree (go.mod "module .../go-textseg/v15"), copied in.
#                    Debian bookworm ships only v13; without this argument v13 is linked in
#                    under the v15 path (same API, Unicode 13 instead of 15 grapheme tables:
#                    only cty's string functions use it, not the msgpack/JSON codecs).
#   env GO_CTY_GOPATH  where to build it (default /tmp/gocty116); it is replaced if present.
# The other dependencies are links into Debian's /usr/share/gocode: msgpack/v5 (5.3.5, the
# version go-cty 1.16 asks for; package golang-github-vmihailenco-msgpack.v5-dev, installed
# with apt-get if missing), tagparser/v2 (2.0.0, comes with it) and golang.org/x/text.
# The go-cty and go-textseg sources are NOT committed to this repository: get them yourself,
# e.g. from bare git mirrors:
#   mkdir -p /tmp/src/cty /tmp/src/textseg
#   git --git-dir=.../go-cty.git archive v1.16.4 | tar -x -C /tmp/src/cty
#   git --git-dir=.../go-textseg.git archive v15.0.0 | tar -x -C /tmp/src/textseg
#   benches-peers/go-cty/gopath-1.16.sh /tmp/src/cty /tmp/src/textseg
set -euo pipefail

cty=${1:?usage: $0 GO_CTY_TREE [GO_TEXTSEG_TREE]}
textseg=${2:-}
dest=${GO_CTY_GOPATH:-/tmp/gocty116}
deb=/usr/share/gocode/src

grep -qx 'module github.com/zclconf/go-cty' "$cty/go.mod" ||
  { echo "$0: $cty is not a go-cty source tree" >&2; exit 1; }
if [ -n "$textseg" ]; then
  grep -qx 'module github.com/apparentlymart/go-textseg/v15' "$textseg/go.mod" ||
    { echo "$0: $textseg is not a go-textseg v15 source tree" >&2; exit 1; }
fi

if [ ! -f $deb/github.com/vmihailenco/msgpack/v5/go.mod ] || [ ! -d $deb/golang.org/x/text/unicode/norm ] ||
   { [ -z "$textseg" ] && [ ! -d $deb/github.com/apparentlymart/go-textseg/textseg ]; }; then
  echo "$0: installing go-cty 1.16's dependencies with apt-get" >&2
  sudo=; [ "$(id -u)" = 0 ] || sudo=sudo
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq golang-github-vmihailenco-msgpack.v5-dev \
    golang-github-vmihailenco-tagparser.v2-dev golang-golang-x-text-dev golang-github-apparentlymart-go-textseg-dev >&2
fi

rm -rf "$dest"
s=$dest/src
mkdir -p $s/github.com/zclconf $s/github.com/vmihailenco/msgpack $s/github.com/vmihailenco/tagparser \
  $s/github.com/apparentlymart/go-textseg $s/golang.org/x
cp -a "$cty" $s/github.com/zclconf/go-cty
ln -s $deb/github.com/vmihailenco/msgpack/v5 $s/github.com/vmihailenco/msgpack/v5
ln -s $deb/github.com/vmihailenco/tagparser/v2 $s/github.com/vmihailenco/tagparser/v2
ln -s $deb/golang.org/x/text $s/golang.org/x/text
if [ -n "$textseg" ]; then
  cp -a "$textseg" $s/github.com/apparentlymart/go-textseg/v15
else
  echo "$0: no go-textseg v15 tree given: using Debian's v13 under the v15 import path" >&2
  ln -s $deb/github.com/apparentlymart/go-textseg $s/github.com/apparentlymart/go-textseg/v15
fi

# Check: everything go-cty's non-test code imports resolves (GOPATH mode, no network).
GO111MODULE=off GOPATH=$dest GOPROXY=off GOFLAGS= GOCACHE="${GOCACHE:-${TMPDIR:-/tmp}/tfvalue-go-cty-gocache}" \
  go build github.com/zclconf/go-cty/cty/...
echo "GOPATH for go-cty $(sed -n 's/^# \([0-9][^ ]*\).*/\1/p;T;q' "$cty/CHANGELOG.md") built in $dest"
echo "use: GO_CTY_GOPATH=$dest benches-peers/go-cty/run"
