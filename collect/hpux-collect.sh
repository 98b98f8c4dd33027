#!/bin/sh
# hpux-collect.sh - gather the HP-UX (11i v2/v3, Itanium) outputs Platform Advisor reads, as one bundle.
#
# It CHANGES NOTHING: every command below only reports.  No kctune NAME=VALUE,
# no chatr +pi/+pd changes, no psrset -c/-a/-d, no mpsched -p/-c, no restarts.
# Run it as root for complete output (kctune and parstatus may refuse other
# users; the refusal is recorded with status="failed").  A command that does
# not exist is recorded with status="missing"; neither stops the run.
#
# Commands run, exactly (PROGRAM is an SAP executable found under /usr/sap):
#   machinfo
#   kctune
#   swapinfo -tam
#   parstatus                     (cell-based servers; missing elsewhere)
#   parstatus -w                  (the local nPartition's number; only when parstatus ran)
#   mpsched -s
#   psrset
#   chatr PROGRAM                 for disp+work, saposcol and sapstartsrv under
#                                 /usr/sap/*/SYS/exe/run and /usr/sap/*/SYS/exe/*/*
#                                 (only when /usr/sap exists; ADVISOR_SAP_ROOT=DIR
#                                 looks under DIR instead of /usr/sap)
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
# Usage: hpux-collect.sh [-o FILE] [--redact] | --help

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

printf '#### advisor-bundle format="1" host="%s" collector="hpux-collect.sh" collector_version="1" created="%s" ####\n' \
    "$HOST" "$(date -u +%Y-%m-%dT%H:%M:%SZ 2>/dev/null)"

run "machinfo" machinfo
run "kctune" kctune
run "swapinfo -tam" swapinfo -tam
run "parstatus" parstatus
[ "$RC" -ne 127 ] && run "parstatus -w" parstatus -w
run "mpsched -s" mpsched -s
run "psrset" psrset
SAPROOT=${ADVISOR_SAP_ROOT:-/usr/sap}
if [ -d "$SAPROOT" ]; then
    for program in "$SAPROOT"/*/SYS/exe/run/disp+work "$SAPROOT"/*/SYS/exe/run/saposcol \
        "$SAPROOT"/*/SYS/exe/run/sapstartsrv "$SAPROOT"/*/SYS/exe/*/*/disp+work; do
        [ -f "$program" ] && run "chatr $program" chatr "$program"
    done
fi
exit 0
