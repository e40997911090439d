#!/usr/bin/env sh
# tools/verify-client.sh — one verdict from tools/verify-server.ts: STD=pdfa2b tools/verify-client.sh FILE
exec curl -s -G "http://127.0.0.1:${PORT:-7719}/" --data-urlencode "standard=${STD:-pdfa1b}" --data-urlencode "file=$1"
