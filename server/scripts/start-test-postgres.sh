#!/usr/bin/env bash
# Starts Debian's PostgreSQL 15 for the server test suite and prints the connection string.
# Usage (CI):  eval "$(server/scripts/start-test-postgres.sh)"   → exports TEST_DATABASE_URL
# Installs the package when it is missing (CI images start bare); idempotent on a running cluster.
set -euo pipefail

VERSION="${PG_VERSION:-15}"
CLUSTER="${PG_CLUSTER:-main}"
DB_NAME="${TEST_DB_NAME:-storefront_test}"
DB_USER="${TEST_DB_USER:-storefront}"
DB_PASS="${TEST_DB_PASSWORD:-storefront}"

log() { echo "start-test-postgres: $*" >&2; }

if ! command -v pg_ctlcluster >/dev/null 2>&1 || [ ! -d "/usr/lib/postgresql/$VERSION" ]; then
  log "installing postgresql-$VERSION"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq "postgresql-$VERSION" >&2
fi

if ! pg_lsclusters -h | awk -v v="$VERSION" -v c="$CLUSTER" '$1==v && $2==c {found=1} END {exit !found}'; then
  log "creating cluster $VERSION/$CLUSTER"
  pg_createcluster "$VERSION" "$CLUSTER" >&2
fi

PORT="$(pg_lsclusters -h | awk -v v="$VERSION" -v c="$CLUSTER" '$1==v && $2==c {print $3}')"
STATUS="$(pg_lsclusters -h | awk -v v="$VERSION" -v c="$CLUSTER" '$1==v && $2==c {print $4}')"
if [ "$STATUS" != "online" ]; then
  log "starting cluster $VERSION/$CLUSTER on port $PORT"
  pg_ctlcluster "$VERSION" "$CLUSTER" start >&2
fi

# Wait until the server accepts connections (up to 30 s).
for _ in $(seq 1 60); do
  if su postgres -c "pg_isready -q -p $PORT"; then break; fi
  sleep 0.5
done

psql_admin() { su postgres -c "psql -p $PORT -v ON_ERROR_STOP=1 -qAt $*"; }

if [ "$(psql_admin "-c \"SELECT 1 FROM pg_roles WHERE rolname='$DB_USER'\"")" != "1" ]; then
  psql_admin "-c \"CREATE ROLE $DB_USER LOGIN PASSWORD '$DB_PASS'\"" >&2
fi
if [ "$(psql_admin "-c \"SELECT 1 FROM pg_database WHERE datname='$DB_NAME'\"")" != "1" ]; then
  psql_admin "-c \"CREATE DATABASE $DB_NAME OWNER $DB_USER\"" >&2
fi

URL="postgres://$DB_USER:$DB_PASS@127.0.0.1:$PORT/$DB_NAME"
log "ready: $URL"
echo "export TEST_DATABASE_URL=$URL"
