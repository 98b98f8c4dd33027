#!/bin/sh
# zvm-linux-collect.sh - gather the Linux on IBM Z (z/VM guest) outputs Platform Advisor reads, as one bundle.
#
# It CHANGES NOTHING: every command below only reports.  No chcpu, no vmcp
# SET/DEFINE, no sysctl -w, no module loading (vmcp is used only when its
# command is already there).  Run it as any user; vmcp needs root and the
# guest's z/VM privilege class to answer: a refusal is recorded with
# status="failed".  A command that does not exist is recorded with
# status="missing"; neither stops the run.
#
# Commands run, exactly:
#   lscpu
#   cat /proc/sysinfo             (machine, LPAR and z/VM levels; ADVISOR_SYSINFO=FILE
#                                 reads FILE instead, for tests)
#   vmcp q multithread            only when vmcp exists
#
# Output: the bundle format of docs/parsers.md on standard output, or in FILE
# with -o FILE.  Utilities used besides the commands: uname, date, sed (and
# awk through redact.sh with --redact).
#
# --redact passes the bundle through redact.sh (copy it beside this script):
# host, system and partition names, IP and MAC addresses, WWPNs, serial
# numbers and PVIDs become stand-ins of the same shape before anything is
# written (sh redact.sh --help lists where each is recognised).  Without
# redact.sh beside the script, --redact refuses to run (exit 2).
#
# Usage: zvm-linux-collect.sh [-o FILE] [--redact] | --help

OUTPUT=

usage() {
    echo "usage: $0 [-o FILE] [--redact] | --help" >&2
    exit 2
}

if [ "${1-}" = "--help" ]; then
    sed -n '2,/^# Usage/s/^# \{0,1\}//p' "$0"
    exit 0
fi

# --redact may stand anywhere among the options: take it out before getopts reads them.
REDACT=
PIPED=
for arg do
    shift
    case $arg in
        --redact) REDACT=1 ;;
        --piped-to-redact) PIPED=1 ;;  # internal: this run writes into redact.sh (see below)
        *) set -- "$@" "$arg" ;;
    esac
done

while getopts "o:" opt; do
    case $opt in
        o) OUTPUT=$OPTARG ;;
        *) usage ;;
    esac
done

if [ -n "$OUTPUT" ] && [ -z "$PIPED" ]; then
    umask 077
    exec >"$OUTPUT" || exit 2
fi

# --redact: run once more with the output going through redact.sh (beside this script), so the
# bundle leaves this process redacted; without redact.sh nothing is collected.
if [ -n "$REDACT" ] && [ -z "$PIPED" ]; then
    case $0 in */*) HERE=${0%/*} ;; *) HERE=. ;; esac
    REDACTOR=$HERE/redact.sh
    if [ ! -r "$REDACTOR" ]; then
        echo "$0: --redact needs redact.sh beside the collector ($REDACTOR); nothing was collected" >&2
        exit 2
    fi
    if ! sh "$0" --piped-to-redact "$@" | sh "$REDACTOR"; then
        [ -n "$OUTPUT" ] && : >"$OUTPUT"
        echo "$0: redaction failed; nothing was written" >&2
        exit 2
    fi
    exit 0
fi

HOST=$(uname -n 2>/dev/null) || HOST=unknown
OUT=
RC=0

have() {
    type "$1" >/dev/null 2>&1
}

# run LABEL COMMAND [ARG...]: one bundle section; the output is kept in $OUT, the exit code in $RC.
run() {
    label=$1
    shift
    if ! have "$1"; then
        OUT=
        RC=127
        printf '#### advisor-bundle command="%s" host="%s" rc="127" status="missing" ####\n' "$label" "$HOST"
        return 0
    fi
    OUT=$("$@" 2>&1)
    RC=$?
    status=ok
    [ "$RC" -ne 0 ] && status=failed
    printf '#### advisor-bundle command="%s" host="%s" rc="%s" status="%s" ####\n' "$label" "$HOST" "$RC" "$status"
    [ -n "$OUT" ] && printf '%s\n' "$OUT" | sed 's/^#### advisor-bundle/ &/'
    return 0
}

printf '#### advisor-bundle format="1" host="%s" collector="zvm-linux-collect.sh" collector_version="1" created="%s" ####\n' \
    "$HOST" "$(date -u +%Y-%m-%dT%H:%M:%SZ 2>/dev/null)"

run "lscpu" lscpu
run "cat /proc/sysinfo" cat "${ADVISOR_SYSINFO:-/proc/sysinfo}"
have vmcp && run "vmcp q multithread" vmcp q multithread
exit 0
