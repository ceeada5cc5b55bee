#!/usr/bin/env bash
# Makes sure what the test suite talks to is on this machine: nats-server (tests start their own),
# a reachable PostgreSQL, and Chromium for the browser tests. Installs with apt-get when it can.
set -euo pipefail

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else return 1; fi; }
apt_updated=""
apt_install() {
  command -v apt-get >/dev/null || { echo "error: $1 is missing and apt-get is not available; install $1 yourself" >&2; exit 1; }
  if [ -z "$apt_updated" ]; then as_root apt-get update -qq; apt_updated=1; fi
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

command -v nats-server >/dev/null || { echo "installing nats-server"; apt_install nats-server; }
[ -x /usr/bin/chromium ] || { echo "installing chromium (browser tests)"; apt_install chromium; }

pg_up() { node -e "
  const pg = require('pg');
  const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_SERVER || 'postgres://postgres@127.0.0.1:5432/postgres', connectionTimeoutMillis: 2000 });
  c.connect().then(() => c.end()).then(() => process.exit(0), () => process.exit(1));"; }
if ! pg_up; then
  if command -v pg_ctlcluster >/dev/null; then
    echo "starting the local PostgreSQL cluster"
    as_root pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n 1)" main start || true
  fi
  pg_up || { echo "error: PostgreSQL is not reachable at ${TEST_DATABASE_SERVER:-127.0.0.1:5432} (trust auth, user postgres)" >&2; exit 1; }
fi
