#!/usr/bin/env bash
# Top frames of a JFR recording (JDK 17 has no 'jfr view'): the methods most often on top of the stack (self)
# and most often anywhere in it (total), from the jdk.ExecutionSample events.
#
#   java -XX:StartFlightRecording=filename=x.jfr,settings=profile -jar runner/target/iosched.jar run ...
#   bash benchmarks/hot.sh x.jfr [N]
set -euo pipefail
n=${2:-25}
jfr print --stack-depth 64 --events jdk.ExecutionSample "$1" | awk -v n="$n" '
  /stackTrace = \[/ { inside = 1; depth = 0; delete seen; next }
  inside && /^[[:space:]]*\]/ { inside = 0; samples++; next }
  inside && /line:/ {
    frame = $0; sub(/^[[:space:]]+/, "", frame); sub(/[[:space:]]+line:.*/, "", frame)
    if (depth == 0) self[frame]++
    if (!(frame in seen)) { total[frame]++; seen[frame] = 1 }
    depth++
  }
  END {
    printf "%d samples\n-- self --\n", samples
    for (f in self) printf "%6.1f%%  %s\n", 100 * self[f] / samples, f | "sort -rn | head -" n
    close("sort -rn | head -" n)
    printf "-- total --\n"
    for (f in total) printf "%6.1f%%  %s\n", 100 * total[f] / samples, f | "sort -rn | head -" n
  }'
