#!/bin/sh
# vios-collect.sh - gather the Virtual I/O Server outputs Platform Advisor reads, as one bundle.
#
# It CHANGES NOTHING: every command below only reports.  No chdev, mkvdev,
# rmdev, schedo -p/-o NAME=VALUE, no restarts.  The padmin commands go through
# ioscli (/usr/ios/cli/ioscli, else ioscli on PATH), which is how they run
# outside padmin's restricted shell: run this as root (oem_setup_env) or as
# any user allowed to call ioscli.  A command that does not exist is recorded
# with status="missing", one that fails with status="failed"; neither stops
# the run.
#
# Commands run, exactly (N is an adapter number found by lsdev -type adapter):
#   ioscli ioslevel
#   ioscli lsdev -type disk
#   ioscli lsdev -dev hdiskN -attr   for every hdiskN that lsdev -type disk lists
#   ioscli lsdev -type adapter
#   ioscli lsdev -dev entN -attr     for every entN that lsdev -type adapter lists
#   ioscli entstat -all entN         for every entN that lsdev -type adapter lists
#   ioscli lsdev -dev fcsN -attr     for every fcsN that lsdev -type adapter lists
#   ioscli lsmap -all                (virtual SCSI mappings)
#   ioscli lsmap -all -npiv          (virtual Fibre Channel mappings)
#   lparstat -i
#   schedo -o vpm_fold_policy
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
# Usage: vios-collect.sh [-o FILE] [--redact]

OUTPUT=

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

while getopts "o:h" opt; do
    case $opt in
        o) OUTPUT=$OPTARG ;;
        *) echo "usage: $0 [-o FILE] [--redact]" >&2; exit 2 ;;
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
IOSCLI=/usr/ios/cli/ioscli
[ -x "$IOSCLI" ] || IOSCLI=ioscli
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

printf '#### advisor-bundle format="1" host="%s" collector="vios-collect.sh" collector_version="1" created="%s" ####\n' \
    "$HOST" "$(date -u +%Y-%m-%dT%H:%M:%SZ 2>/dev/null)"

run "ioslevel" "$IOSCLI" ioslevel
run "lsdev -type disk" "$IOSCLI" lsdev -type disk
for dev in $(printf '%s\n' "$OUT" | sed -n 's/^\(hdisk[0-9][0-9]*\)[ 	].*/\1/p'); do
    run "lsdev -dev $dev -attr" "$IOSCLI" lsdev -dev "$dev" -attr
done
run "lsdev -type adapter" "$IOSCLI" lsdev -type adapter
ADAPTER_LIST=$OUT
ADAPTERS=$(printf '%s\n' "$ADAPTER_LIST" | sed -n 's/^\(ent[0-9][0-9]*\)[ 	].*/\1/p')
for dev in $ADAPTERS; do
    run "lsdev -dev $dev -attr" "$IOSCLI" lsdev -dev "$dev" -attr
done
for dev in $ADAPTERS; do
    run "entstat -all $dev" "$IOSCLI" entstat -all "$dev"
done
for dev in $(printf '%s\n' "$ADAPTER_LIST" | sed -n 's/^\(fcs[0-9][0-9]*\)[ 	].*/\1/p'); do
    run "lsdev -dev $dev -attr" "$IOSCLI" lsdev -dev "$dev" -attr
done
run "lsmap -all" "$IOSCLI" lsmap -all
run "lsmap -all -npiv" "$IOSCLI" lsmap -all -npiv
run "lparstat -i" lparstat -i
run "schedo -o vpm_fold_policy" schedo -o vpm_fold_policy
exit 0
