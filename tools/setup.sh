#!/usr/bin/env bash
# Installs Concord's build dependencies (Debian packages) when missing. Safe to run again.
set -euo pipefail
pkgs=(build-essential cmake ninja-build pkg-config clang-14 clang libclang-rt-14-dev
      libenet-dev libminiupnpc-dev libnatpmp-dev libsodium-dev libzstd-dev libxxhash-dev libspdlog-dev libfmt-dev
      libgtest-dev libgmock-dev libbenchmark-dev libsqlite3-dev nlohmann-json3-dev tmux
      qt6-base-dev   # qt6-base-dev: the Qt 6 Widgets client (ui/), built when Qt is found
      iproute2 nftables miniupnpd-nftables miniupnpc conntrack)  # the pretend internet of tests/net/internet (issue 25)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "concord setup: installing ${missing[*]}"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi
echo "concord setup: dependencies present"
