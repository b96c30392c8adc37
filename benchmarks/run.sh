#!/usr/bin/env bash
# Whole-run benchmark of the packaged jar: the five seed scenarios (one by one, then all five in one
# command), fio's fio-rand-write.fio on hdd-7200 and nvme, a 1 s job (start-up), 100 s of two 4 KiB random
# readers at iodepth 32 on ssd for every scheduler, and 5 s of eight at iodepth 32 on nvme with none (the blk-mq
# path). Prints one table: CPU time (user + sys), wall time, peak RSS, requests and requests per wall second.
#
#   bash benchmarks/run.sh [JAR]            JAR defaults to runner/target/iosched.jar
#   bash benchmarks/run.sh BASE.jar NEW.jar A/B: each case runs the two jars alternately (REPEAT times each,
#                                           default 2), prints both best rows, the CPU ratio new/base and
#                                           whether the outputs were byte-identical (cmp)
#   REPEAT=3 bash benchmarks/run.sh         best of 3 (by CPU time) per case
#   CASES='seed|start' bash benchmarks/run.sh   only the cases whose name matches the regular expression
#   NVME=0 bash benchmarks/run.sh           leave out fio-rand-write.fio on nvme (the longest case)
#   BASE_ENV='IOSCHED_JVM=direct' bash benchmarks/run.sh JAR JAR
#                                           A/B of one jar: the base runs with these environment variables
#                                           (here: in the plain JVM, against the tuned one of the launcher)
#
# Measure with CPU time on a shared machine: wall time grows with the load of the cores.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
jar=${1:-$root/runner/target/iosched.jar}
newjar=${2:-}
if [ -n "$newjar" ]; then repeat=${REPEAT:-2}; else repeat=${REPEAT:-1}; fi
cases=${CASES:-.}
nvme=${NVME:-1}
java=${JAVA:-java}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# name|arguments of iosched
list=()
for s in "$root"/scenarios/seeds/*.yaml; do
  n=$(basename "$s" .yaml); list+=("seed-${n%%-*}|scenario $s")
done
# the five in one command (a JVM and one pool of runs for all; jars before 2026-12-06's multi-file scenario
# command cannot run it: leave it out with CASES)
list+=("seeds together|scenario $(echo "$root"/scenarios/seeds/*.yaml)")
randwrite=$root/workloads/src/test/resources/fio-examples/fio-rand-write.fio
list+=("rand-write hdd-7200 deadline|run $randwrite --device hdd-7200 --scheduler deadline")
if [ "$nvme" = 1 ]; then
  list+=("rand-write nvme noop|run $randwrite --device nvme --scheduler noop")
fi
list+=("start-up 1 s job|run $here/jobs/short-1s.fio --device ssd --scheduler noop")
for sched in noop deadline cfq none mq-deadline kyber bfq; do
  list+=("randread 2x32 ssd $sched|run $here/jobs/randread-2x32.fio --device ssd --scheduler $sched")
done
# issue 16: the blk-mq path with none on nvme, eight jobs at iodepth 32 on 6.6's 16 CPUs
list+=("none nvme 8x32|run $here/jobs/none-nvme-8x32.fio --device nvme --scheduler none")

# one run of iosched: JAR ARGS -> "$work/out.N", "$work/time"; prints "user sys wall rss cpu requests"
measure() {
  local j=$1 tag=$2 environment=()
  shift 2
  if [ "$tag" = base ] && [ -n "${BASE_ENV:-}" ]; then read -r -a environment <<<"$BASE_ENV"; fi
  # user and sys count the launcher's JVM and the one it starts (time(1) adds waited-for children)
  # shellcheck disable=SC2068
  if ! env ${environment[@]+"${environment[@]}"} /usr/bin/time -f '%U %S %e %M' -o "$work/time" "$java" -jar "$j" $@ \
      >"$work/out.$tag" 2>"$work/err"; then
    echo "iosched failed ($j):" >&2; tail -3 "$work/err" >&2; return 1
  fi
  local user sys wall rss requests
  read -r user sys wall rss < <(tail -1 "$work/time")
  # requests: the sum of the Disk stats line's ios=R/W (fio reports); none for scenarios
  requests=$({ grep -o ' ios=[0-9]*/[0-9]*' "$work/out.$tag" || true; } | awk -F'[=/]' '{ n += $2 + $3 } END { print n + 0 }')
  echo "$user $sys $wall $rss $(awk -v u="$user" -v s="$sys" 'BEGIN { print u + s }') $requests"
}

row() { # name user sys wall rss requests
  local rate=- requests=$6
  if [ "$requests" -gt 0 ]; then
    rate=$(awk -v n="$requests" -v w="$4" 'BEGIN { printf "%.0f", (w > 0 ? n / w : 0) }')
  else
    requests=-
  fi
  printf '%-28s %8s %8s %8s %9d %11s %12s' "$1" "$2" "$3" "$4" $(($5 / 1024)) "$requests" "$rate"
}

if [ -n "$newjar" ]; then
  printf '%-28s %8s %8s %8s %9s %11s %12s %8s %s\n' case user_s sys_s wall_s rss_MiB requests req/wall_s cpu_x output
else
  printf '%-28s %8s %8s %8s %9s %11s %12s\n' case user_s sys_s wall_s rss_MiB requests req/wall_s
fi
for entry in "${list[@]}"; do
  name=${entry%%|*}; args=${entry#*|}
  [[ $name =~ $cases ]] || continue
  best=""; bestNew=""; same=identical
  for ((i = 0; i < repeat; i++)); do
    # shellcheck disable=SC2086
    m=$(measure "$jar" base $args) || break
    read -r user sys wall rss cpu requests <<<"$m"
    if [ -z "$best" ] || awk -v a="$cpu" -v b="$best" 'BEGIN { exit !(a < b) }'; then
      best=$cpu; line="$user $sys $wall $rss $requests"
    fi
    if [ -n "$newjar" ]; then
      # shellcheck disable=SC2086
      m=$(measure "$newjar" new $args) || break
      read -r user sys wall rss cpu requests <<<"$m"
      if [ -z "$bestNew" ] || awk -v a="$cpu" -v b="$bestNew" 'BEGIN { exit !(a < b) }'; then
        bestNew=$cpu; lineNew="$user $sys $wall $rss $requests"
      fi
      cmp -s "$work/out.base" "$work/out.new" || same=DIFFERENT
    fi
  done
  [ -n "$best" ] || continue
  # shellcheck disable=SC2086
  row "$name" $line; echo
  if [ -n "$newjar" ] && [ -n "$bestNew" ]; then
    # shellcheck disable=SC2086
    row "  new" $lineNew
    printf ' %8s %s\n' "$(awk -v a="$bestNew" -v b="$best" 'BEGIN { printf "%.2f", a / b }')" "$same"
  fi
done
