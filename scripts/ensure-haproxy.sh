#!/usr/bin/env bash
# The cluster test (apps/server/test/cluster.test.ts) and `npm run cluster` put Debian's HAProxy in
# front of several instances. Installs it when missing and we may (root with apt-get); otherwise says how.
set -euo pipefail
if command -v haproxy >/dev/null 2>&1 || [ -x /usr/sbin/haproxy ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's haproxy for the cluster test..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq haproxy >/dev/null
  exit 0
fi
echo "Several instances behind a load balancer need HAProxy: install it with 'sudo apt-get install haproxy'." >&2
exit 1
