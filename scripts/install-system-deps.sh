#!/usr/bin/env bash
# Installs the system packages the console's tests need: Debian's Chromium for Playwright (never a
# downloaded browser), Xvfb for windows, and a real Secret Service keychain (gnome-keyring on
# D-Bus, and libsecret's secret-tool, with which the tests write a key as earlier builds did).
# Nothing here is needed to install or run the console: `npm install` needs only Node and npm.
# Idempotent; Debian/Ubuntu only.
set -euo pipefail

packages=(chromium xvfb xauth gnome-keyring dbus dbus-x11 libsecret-tools)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "System prerequisites present: ${packages[*]}"
  exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "This is not a Debian/Ubuntu system. Install these with your package manager, then run again:" >&2
  echo "  ${packages[*]}  (Chromium, Xvfb, xauth, gnome-keyring, D-Bus, secret-tool)" >&2
  exit 1
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    sudo="sudo -n"
  else
    echo "Missing system packages: ${missing[*]}" >&2
    echo "Install them as root:  sudo apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
fi

echo "Installing system prerequisites: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "System prerequisites installed."
