#!/usr/bin/env bash
# Runs a command against a real, private OS keychain: a fresh D-Bus session with a temporary HOME
# and a gnome-keyring unlocked with a throwaway password. The user's own keyring is never touched,
# and the run works on a headless machine (CI) with no desktop session.
set -euo pipefail

for tool in dbus-run-session gnome-keyring-daemon; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "with-keyring: '$tool' is missing; run scripts/install-system-deps.sh (it installs dbus and gnome-keyring)." >&2
    exit 1
  fi
done

if [ -z "${PROCESS_CONSOLE_KEYRING_SESSION:-}" ]; then
  exec dbus-run-session -- env PROCESS_CONSOLE_KEYRING_SESSION=1 bash "$0" "$@"
fi

keyring_home="$(mktemp -d -t process-console-keyring.XXXXXX)"
export HOME="$keyring_home"
export XDG_RUNTIME_DIR="$keyring_home/run"
export XDG_DATA_HOME="$keyring_home/data"
mkdir -p -m 700 "$XDG_RUNTIME_DIR" "$XDG_DATA_HOME"

# The daemon prints the variables that point libsecret at it; the password only unlocks this
# throwaway keyring and dies with it.
keyring_env="$(printf 'throwaway-test-keyring' | gnome-keyring-daemon --unlock --components=secrets --daemonize)"
while IFS= read -r line; do
  [ -n "$line" ] && export "${line?}"
done <<<"$keyring_env"

cleanup() {
  [ -n "${GNOME_KEYRING_PID:-}" ] && kill "$GNOME_KEYRING_PID" 2>/dev/null || true
  rm -rf "$keyring_home"
}
trap cleanup EXIT

"$@"
