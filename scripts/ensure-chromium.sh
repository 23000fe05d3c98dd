#!/usr/bin/env bash
# The end-to-end suite drives Debian's chromium (Playwright's own browser download is not used): its
# headless shell (package chromium-headless-shell) when there, else the full chromium. Installs the
# shell when missing and we may (root with apt-get); otherwise says how.
set -euo pipefail
if [ -x /usr/lib/chromium/chromium-headless-shell ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's chromium headless shell for the end-to-end suite..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium chromium-headless-shell fonts-liberation >/dev/null
  exit 0
fi
if command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ]; then
  echo "The end-to-end suite runs in the full chromium; 'sudo apt-get install chromium-headless-shell' makes it faster." >&2
  exit 0
fi
echo "The end-to-end suite needs Chromium: install it with 'sudo apt-get install chromium chromium-headless-shell'." >&2
exit 1
