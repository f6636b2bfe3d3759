# Sourced by ./mvnw and ./lab (POSIX sh). The build needs a JDK 21 or newer; machines often
# default to an older one. Keep JAVA_HOME if it already points at 21+, otherwise pick the newest
# JDK 21+ found in the usual install folders and export it.
lab_java_major() {
  "$1/bin/java" -XshowSettings:properties -version 2>&1 |
    sed -n 's/^ *java\.specification\.version = \([0-9]*\).*/\1/p'
}
lab_find_jdk() {
  if [ -n "${JAVA_HOME-}" ] && [ -x "$JAVA_HOME/bin/javac" ]; then
    v=$(lab_java_major "$JAVA_HOME")
    [ "${v:-0}" -ge 21 ] && return 0
  fi
  best=""; best_v=0
  case $- in *f*) noglob=1; set +f ;; *) noglob=0 ;; esac
  for home in /usr/lib/jvm/* /usr/local/lib/jvm/* /opt/java/* /opt/jdk* "$HOME"/.sdkman/candidates/java/* /Library/Java/JavaVirtualMachines/*/Contents/Home; do
    [ -x "$home/bin/javac" ] || continue
    v=$(lab_java_major "$home")
    if [ "${v:-0}" -ge 21 ] && [ "$v" -gt "$best_v" ]; then best="$home"; best_v=$v; fi
  done
  [ "$noglob" = 1 ] && set -f
  if [ -z "$best" ]; then
    echo "latency-lab needs a JDK 21 or newer: set JAVA_HOME to one (none found in /usr/lib/jvm)." >&2
    return 1
  fi
  JAVA_HOME="$best"; export JAVA_HOME
}
lab_find_jdk || exit 1
