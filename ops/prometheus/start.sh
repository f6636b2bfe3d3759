#!/bin/sh
# Prometheus's entrypoint under compose: puts the ports of the project's .env (handed in as
# environment variables) into prometheus.yml's ${NAME} placeholders, then starts Prometheus.
set -eu
awk '{
  while (match($0, /\$\{[A-Z_]+\}/)) {
    name = substr($0, RSTART + 2, RLENGTH - 3)
    if (!(name in ENVIRON)) { print "no value for " name > "/dev/stderr"; exit 1 }
    $0 = substr($0, 1, RSTART - 1) ENVIRON[name] substr($0, RSTART + RLENGTH)
  }
  print
}' /etc/prometheus/prometheus.yml > /prometheus/config.yml
exec prometheus --config.file=/prometheus/config.yml --storage.tsdb.path=/prometheus "$@"
