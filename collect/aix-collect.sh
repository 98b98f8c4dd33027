#!/bin/sh
# aix-collect.sh - gather the AIX command outputs Platform Advisor reads, as one bundle.
#
# It CHANGES NOTHING: every command below only reports.  No chdev, no vmo/schedo
# -o NAME=VALUE, no -p/-r, no restarts.  Run it as any user; commands that need
# root (svmon, amepat) are recorded with status="failed" instead.  A command
# that does not exist is recorded with status="missing"; neither stops the run.
#
# Commands run, exactly (N is an adapter or interface number found by lsdev):
#   oslevel -s
#   prtconf
#   lparstat -i
#   lparstat -c INTERVAL 3        (refuses without AME; the refusal is recorded)
#   vmstat -vc
#   vmstat -v                     only when vmstat -vc fails (no AME: -c is refused)
#   vmstat -sc
#   vmstat -s                     only when vmstat -sc fails
#   vmstat INTERVAL 3
#   vmo -F -L
#   schedo -o vpm_fold_policy
#   svmon -G
#   lsattr -El mem0
#   ps -eZ
#   lsdev -Cc disk
#   lsattr -El hdiskN             for every hdiskN that lsdev -Cc disk lists
#   lsdev -Cc adapter
#   lsattr -El entN               for every entN that lsdev -Cc adapter lists
#   lsattr -El fcsN               for every fcsN that lsdev -Cc adapter lists
#   lsdev -Cc if -F name          (only to find the interfaces; not recorded)
#   lsattr -El enN                for every enN that lsdev -Cc if lists
#   netstat -v
#   lslpp -l
#   lswpar                        (workload partitions; missing on a system without WPARs)
#   lswpar -D                     (devices exported to each WPAR; only when lswpar ran)
#   amepat MINUTES                only with -a MINUTES (monitors that long; root)
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
# Usage: aix-collect.sh [-o FILE] [-i INTERVAL_SECONDS] [-a AMEPAT_MINUTES] [--redact]

INTERVAL=5
AMEPAT_MINUTES=
OUTPUT=

usage() {
    echo "usage: $0 [-o FILE] [-i INTERVAL_SECONDS] [-a AMEPAT_MINUTES] [--redact]" >&2
    exit 2
}

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

while getopts "o:i:a:h" opt; do
    case $opt in
        o) OUTPUT=$OPTARG ;;
        i) INTERVAL=$OPTARG ;;
        a) AMEPAT_MINUTES=$OPTARG ;;
        *) usage ;;
    esac
done

case $INTERVAL in ''|*[!0-9]*) usage ;; esac
case $AMEPAT_MINUTES in *[!0-9]*) usage ;; esac

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

printf '#### advisor-bundle format="1" host="%s" collector="aix-collect.sh" collector_version="1" created="%s" ####\n' \
    "$HOST" "$(date -u +%Y-%m-%dT%H:%M:%SZ 2>/dev/null)"

run "oslevel -s" oslevel -s
run "prtconf" prtconf
run "lparstat -i" lparstat -i
run "lparstat -c $INTERVAL 3" lparstat -c "$INTERVAL" 3
run "vmstat -vc" vmstat -vc
[ "$RC" -ne 0 ] && [ "$RC" -ne 127 ] && run "vmstat -v" vmstat -v
run "vmstat -sc" vmstat -sc
[ "$RC" -ne 0 ] && [ "$RC" -ne 127 ] && run "vmstat -s" vmstat -s
run "vmstat $INTERVAL 3" vmstat "$INTERVAL" 3
run "vmo -F -L" vmo -F -L
run "schedo -o vpm_fold_policy" schedo -o vpm_fold_policy
run "svmon -G" svmon -G
run "lsattr -El mem0" lsattr -El mem0
run "ps -eZ" ps -eZ
run "lsdev -Cc disk" lsdev -Cc disk
for dev in $(printf '%s\n' "$OUT" | sed -n 's/^\(hdisk[0-9][0-9]*\)[ 	].*/\1/p'); do
    run "lsattr -El $dev" lsattr -El "$dev"
done
run "lsdev -Cc adapter" lsdev -Cc adapter
ADAPTERS=$OUT
for dev in $(printf '%s\n' "$ADAPTERS" | sed -n 's/^\(ent[0-9][0-9]*\)[ 	].*/\1/p'); do
    run "lsattr -El $dev" lsattr -El "$dev"
done
for dev in $(printf '%s\n' "$ADAPTERS" | sed -n 's/^\(fcs[0-9][0-9]*\)[ 	].*/\1/p'); do
    run "lsattr -El $dev" lsattr -El "$dev"
done
if have lsdev; then
    for dev in $(lsdev -Cc if -F name 2>/dev/null | sed -n 's/^\(en[0-9][0-9]*\)$/\1/p'); do
        run "lsattr -El $dev" lsattr -El "$dev"
    done
fi
run "netstat -v" netstat -v
run "lslpp -l" lslpp -l
run "lswpar" lswpar
[ "$RC" -ne 127 ] && run "lswpar -D" lswpar -D
if [ -n "$AMEPAT_MINUTES" ]; then
    run "amepat $AMEPAT_MINUTES" amepat "$AMEPAT_MINUTES"
fi
exit 0
