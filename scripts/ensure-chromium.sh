#!/usr/bin/env bash
# The end-to-end suite drives Debian's chromium (Playwright's own browser download is not used).
# Installs it when missing and we may (root with apt-get); otherwise says how.
set -euo pipefail
if command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's chromium for the end-to-end suite..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium fonts-liberation >/dev/null
  exit 0
fi
echo "The end-to-end suite needs Chromium at /usr/bin/chromium: install it with 'sudo apt-get install chromium'." >&2
exit 1
