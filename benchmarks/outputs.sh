#!/usr/bin/env bash
# Byte-identity check for speed and restructuring work: writes the outputs of the seed scenarios and of a set of jobs
# per device and scheduler (with and without --trace) into DIR, so that two builds can be compared with cmp.
#
#   bash benchmarks/outputs.sh JAR DIR        write every output of JAR into DIR
#   bash benchmarks/outputs.sh --compare A B  cmp every file of directory A with the one in B (exit 1 on a difference)
#   SEEDS=0 bash benchmarks/outputs.sh ...    leave out the seed scenarios (the slow part)
#   EXTRAS=0 bash benchmarks/outputs.sh ...   leave out BFQ, the cgroup controllers, the other scenarios and examples
#   DEVICES='hdd-7200 ssd' bash benchmarks/outputs.sh ...   only these devices (default: all four)
#   SUBSET=1 bash benchmarks/outputs.sh --compare FULL PART  compare only the files PART holds
set -euo pipefail
if [ "${1:-}" = --compare ]; then
  a=$2; b=$3; status=0; count=0
  for f in "$a"/*; do
    n=$(basename "$f"); count=$((count + 1))
    if [ ! -e "$b/$n" ]; then
      if [ "${SUBSET:-0}" = 1 ]; then count=$((count - 1)); else echo "missing in $b: $n"; status=1; fi
    elif ! cmp -s "$f" "$b/$n"; then echo "differs: $n"; cmp "$f" "$b/$n" | head -1; status=1; fi
  done
  for f in "$b"/*; do [ -e "$a/$(basename "$f")" ] || { echo "missing in $a: $(basename "$f")"; status=1; }; done
  [ $status = 0 ] && echo "identical: $count files"
  exit $status
fi
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
jar=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
out=$2
java=${JAVA:-java}
mkdir -p "$out"
out=$(cd "$out" && pwd)
jobs=$here/jobs/compare
cd "$out"   # fio log files, if any, land here

if [ "${SEEDS:-1}" = 1 ]; then
  for s in "$root"/scenarios/seeds/*.yaml; do
    n=$(basename "$s" .yaml)
    "$java" -jar "$jar" scenario "$s" >"seed-$n.txt" 2>"seed-$n.err"
  done
fi
for device in ${DEVICES:-hdd-7200 hdd-7200-ncq ssd nvme}; do
  for job in "$jobs"/*.fio; do
    j=$(basename "$job" .fio)
    for scheduler in cfq,deadline,noop mq-deadline,kyber,none; do
      s=${scheduler//,/-}
      "$java" -jar "$jar" run "$job" --device $device --scheduler $scheduler \
        >"$j.$device.$s.txt" 2>"$j.$device.$s.err" || echo "exit $?" >>"$j.$device.$s.err"
    done
    "$java" -jar "$jar" run "$job" --device $device --scheduler cfq,none --output-format json \
      >"$j.$device.json" 2>"$j.$device.json.err" || echo "exit $?" >>"$j.$device.json.err"
    "$java" -jar "$jar" run "$job" --device $device --scheduler cfq,deadline,noop,mq-deadline,kyber,none \
      --trace "$out/$j.$device.trace" --trace-summary >"$j.$device.traced.txt" 2>"$j.$device.traced.err" \
      || echo "exit $?" >>"$j.$device.traced.err"
  done
done
if [ "${EXTRAS:-1}" = 1 ]; then
  # BFQ (with and without low_latency, with group weights), the cgroup v2 controllers and the 3.0 bio controllers:
  # the paths the jobs above do not reach
  for device in ${DEVICES:-hdd-7200 hdd-7200-ncq ssd nvme}; do
    for job in "$jobs"/*.fio; do
      j=$(basename "$job" .fio)
      while read -r name sets; do
        # shellcheck disable=SC2086
        "$java" -jar "$jar" run "$job" --device $device $sets --trace "$out/$j.$device.$name.trace" \
          >"$j.$device.$name.txt" 2>"$j.$device.$name.err" || echo "exit $?" >>"$j.$device.$name.err"
      done <<'CASES'
bfq --scheduler bfq
bfq-nolat --scheduler bfq --set bfq.low_latency=0 --set bfq.strict_guarantees=1
bfq-weights --scheduler bfq --set bfq.weight=/grp1:300
iocost --scheduler none --set iocost.qos.enable=1 --set iocost.grp1.weight=300
iocost-qos --scheduler mq-deadline --set iocost.qos.enable=1 --set iocost.qos.rpct=90 --set iocost.qos.rlat=2000
iolatency --scheduler kyber --set iolatency.grp1.target=2000
iomax --scheduler mq-deadline --set iomax.grp1.riops=300 --set iomax.grp1.wbps=1048576
throttle --scheduler cfq --set throttle.grp1.read_bps_device=1048576
ioband --scheduler deadline --set ioband.policy=weight
CASES
    done
  done
  for s in "$root"/scenarios/bfq/*.yaml "$root"/scenarios/examples/*.yaml; do
    n=$(basename "$s" .yaml)
    "$java" -jar "$jar" scenario "$s" >"scenario-$n.txt" 2>"scenario-$n.err" || echo "exit $?" >>"scenario-$n.err"
  done
  for e in "$root"/examples/*.fio; do
    n=$(basename "$e" .fio)
    for scheduler in cfq,deadline,noop mq-deadline,kyber,bfq,none; do
      "$java" -jar "$jar" run "$e" --scheduler $scheduler >"example-$n.${scheduler//,/-}.txt" \
        2>"example-$n.${scheduler//,/-}.err" || echo "exit $?" >>"example-$n.${scheduler//,/-}.err"
    done
  done
fi
ls "$out" | wc -l | xargs echo "outputs written:"
