#!/bin/bash
# A stand-in for cudalab that misbehaves as $HOSTILE_FAKE says, so that the
# runner's own checks are tested: each hostile_selftest_* test expects the
# runner to catch one misbehaviour. Otherwise it prints the verdict that
# tests/hostile/day14/trap_always.cu expects.
report='{"day":"day14-syncthreads","passed":false,"checks":[{"name":"compile","passed":true,"ran":true,"detail":""},{"name":"correctness","passed":false,"ran":true,"detail":"trap"}],"hazards":[],"diagnostics":[]}'
case "$HOSTILE_FAKE" in
    esc) printf '\033[32mPASSED\n' ;;
    cr) printf 'NOT PASSED\rPASSED    \n' ;;
    c1) printf '\302\233' ;;
    utf8) printf 'bad \377 byte\n' ;;
    json) echo "not a report"; exit 1 ;;
    marker) touch marker ;;
    orphan) sleep 30 </dev/null >/dev/null 2>&1 & ;;
    hang) sleep 60 ;;
    memory) big=$(head -c 400000000 /dev/zero | tr '\0' a); : "${#big}" ;;
    abort) kill -ABRT $$ ;;
    exit3) exit 3 ;;
esac
[ "$HOSTILE_FAKE" = esc ] || [ "$HOSTILE_FAKE" = cr ] || [ "$HOSTILE_FAKE" = c1 ] || [ "$HOSTILE_FAKE" = utf8 ] || echo "$report"
exit 1
