#!/usr/bin/env bash
# Serves the production build for the browser tests, building it first when there is none.
set -euo pipefail
if [ ! -f .next/BUILD_ID ]; then node node_modules/next/dist/bin/next build; fi
exec node server.mjs -p "$PORT"
