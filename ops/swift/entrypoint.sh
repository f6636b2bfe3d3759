#!/bin/bash
# Seed 003's Swift all-in-one in one container, configured as ./lab up configures it bare
# (SwiftStore): memcached, the account, container and object servers on 127.0.0.1, the proxy on
# SWIFT_PROXY_PORT and, when the lab's certificate is mounted at /tls, a second one speaking HTTPS on
# SWIFT_PROXY_TLS_PORT. Rings are built the first time; the objects live in /srv/swift.
# Table V's limits come from the environment (./lab sets them between seed 003's halves).
set -eu
# SIGTERM (docker stop, a pod deleted) stops every part at once: bash as PID 1 would ignore it,
# and the container would wait out its grace period (30 s on Kubernetes) to be killed.
trap 'kill $(jobs -p) 2>/dev/null; wait; exit 0' TERM INT
here=/opt/lab-swift
etc=/srv/swift/etc
devices=/srv/swift/devices
mkdir -p "$etc" "$devices/d1"
cp "$here/swift.conf" "$etc/swift.conf"
: "${SWIFT_ACCOUNT_PORT:=6212}" "${SWIFT_CONTAINER_PORT:=6211}" "${SWIFT_OBJECT_PORT:=6210}"
: "${SWIFT_MEMCACHED_PORT:=11211}" "${SWIFT_PROXY_PORT:=8088}" "${SWIFT_PROXY_TLS_PORT:=8447}"
: "${LAB_SWIFT_KEY:=latency-lab}" "${LAB_MEMCACHED_CONNECTIONS:=1024}" "${LAB_MEMCACHED_MB:=64}"

fill() { # TEMPLATE BIND PORT KIND LOG_NAME TLS_CERT TLS_KEY
  sed -e "s|@BIND_IP@|$2|" -e "s|@BIND_PORT@|$3|" -e "s|@USER@|root|" -e "s|@SWIFT_DIR@|$etc|" \
    -e "s|@DEVICES@|$devices|" -e "s|@KIND@|$4|g" -e "s|@LOG_NAME@|$5|" -e "s|@TLS_CERT@|$6|" -e "s|@TLS_KEY@|$7|" \
    -e "s|@KEY@|$LAB_SWIFT_KEY|" -e "s|@MEMCACHED@|127.0.0.1:$SWIFT_MEMCACHED_PORT|" "$here/$1"
}
for kind in account container object; do
  port=$(eval echo "\$SWIFT_$(echo $kind | tr a-z A-Z)_PORT")
  fill storage-server.conf.in 127.0.0.1 "$port" "$kind" "$kind-server" "" "" > "$etc/swift-$kind.conf"
  if [ ! -f "$etc/$kind.ring.gz" ]; then
    swift-ring-builder "$etc/$kind.builder" create 8 1 1
    swift-ring-builder "$etc/$kind.builder" add "r1z1-127.0.0.1:$port/d1" 1
    swift-ring-builder "$etc/$kind.builder" rebalance || [ $? -eq 1 ]
  fi
done
fill proxy-server.conf.in 0.0.0.0 "$SWIFT_PROXY_PORT" proxy proxy-server "" "" > "$etc/swift-proxy.conf"

memcached -u root -l 127.0.0.1 -p "$SWIFT_MEMCACHED_PORT" -U 0 -c "$LAB_MEMCACHED_CONNECTIONS" -m "$LAB_MEMCACHED_MB" &
for kind in account container object; do
  python3 "$here/run-server.py" "$etc" "$etc/swift-$kind.conf" "$kind-server" &
done
python3 "$here/run-server.py" "$etc" "$etc/swift-proxy.conf" proxy-server &
if [ -r /tls/server.crt ] && [ -r /tls/server.key ]; then
  fill proxy-server.conf.in 0.0.0.0 "$SWIFT_PROXY_TLS_PORT" proxy proxy-server-tls \
    "cert_file = /tls/server.crt" "key_file = /tls/server.key" > "$etc/swift-proxy-tls.conf"
  python3 "$here/run-server.py" "$etc" "$etc/swift-proxy-tls.conf" proxy-server &
fi
# One part gone is the container gone: compose restarts it.
wait -n
exit 1
