#!/bin/sh
# redact.sh - replace what identifies a site in a collector bundle, before it leaves the host.
#
# It CHANGES NOTHING on the system: it reads a bundle (FILE, or standard input)
# and writes the redacted copy to standard output.  The collectors run it for
# --redact; it can also be run on a bundle written earlier.
#
# Replaced, each by a stand-in of the same shape, the same value by the same
# stand-in throughout the bundle (the rules of advisor/redact.py, so
# `advisor parse --redact` and this script give the same text):
#   host names     where a label (Node Name, Partition Name, Host Name, ...), a
#                  bundle marker (host="...") or a prompt (user@host) names
#                  them, then every whole-word occurrence -> host1, host2, ...
#   serials        after Serial Number, Machine Serial Number, serial_num, ...,
#                  and in the HMC's mtms=9009-42A*SERIAL and Server-9009-42A-SNSERIAL
#                  -> SN001, ...
#   MAC addresses  six colon or dash pairs -> 02:00:00:00:00:01, ...
#   WWPNs          0x + 16 hex digits or eight colon pairs; 16 bare hex digits
#                  on a WWN / port name line -> c050760000000001, ...
#   IPv4 addresses on lines that speak of an address, gateway, server, inet,
#                  IP, netmask or broadcast (a fileset level 7.2.5.1 stays)
#                  -> 192.0.2.1, ...
# The mapping is kept in memory only and never written.
# Utilities used: awk.
#
# Usage: redact.sh [FILE] | --help

if [ "${1-}" = "--help" ]; then
    sed -n '2,/^# Usage/s/^# \{0,1\}//p' "$0"
    exit 0
fi
if [ $# -gt 1 ]; then
    echo "usage: $0 [FILE] | --help" >&2
    exit 2
fi

exec awk '
function lower(s) { return tolower(s) }
function wordch(c) { return c ~ /[A-Za-z0-9_]/ }
function namech(c) { return c ~ /[A-Za-z0-9_.-]/ }
function hexch(c) { return c ~ /[0-9A-Fa-f]/ }
function run_of(s, i,    j) {  # the [A-Za-z0-9_.-] run starting at i (at most 253 characters)
    j = i
    while (j <= length(s) && j - i < 253 && namech(substr(s, j, 1))) j++
    return substr(s, i, j - i)
}
function shape(kind, value, n,    digits, out, i, sep, w, s) {
    if (kind == "ip") return (n < 254 ? "192.0.2." : "198.51.100.") (n % 254 + 1)
    if (kind == "mac") {
        sep = index(value, "-") ? "-" : ":"
        return "02" sep "00" sep "00" sep "00" sep sprintf("%02x", int(n / 256) % 256) sep sprintf("%02x", n % 256)
    }
    if (kind == "wwpn") {
        digits = "c0507600" sprintf("%08x", n)
        if (substr(value, 1, 2) == "0x") return "0x" digits
        if (index(value, ":")) {
            out = substr(digits, 1, 2)
            for (i = 3; i <= 16; i += 2) out = out ":" substr(digits, i, 2)
            return out
        }
        return digits
    }
    if (kind == "serial") {
        w = length(value) - 2; if (w < 1) w = 1
        s = sprintf("SN%0" w "d", n)
        w = length(value); if (w < 3) w = 3
        return substr(s, 1, w)
    }
    return "host" n
}
function stand_in(kind, value,    plain, key) {
    plain = lower(value)
    if (kind == "wwpn" || kind == "mac") {
        if (substr(plain, 1, 2) == "0x") plain = substr(plain, 3)
        gsub(/[:-]/, "", plain)
    }
    key = kind SUBSEP plain
    if (!(key in MAP)) { COUNT[kind]++; MAP[key] = shape(kind, value, COUNT[kind]) }
    return MAP[key]
}
function host(value,    short, s) {
    short = value; sub(/\..*/, "", short)
    s = stand_in("host", short)
    HOSTS[lower(short)] = s; HOSTS[lower(value)] = s
    return s
}
# --- the passes, each over every line, in advisor/redact.py order ----------------------------
function labels(s,    l, m) {  # Node Name : x, LPAR Info : 3 x, name: x, "name": "x"
    l = lower(s)
    if (match(l, /^[ \t]*(node name|partition name|host name|nodename|lpar name|domain name|name server|system name)[ \t]*[:=][ \t]*/) \
        && namech(substr(s, RSTART + RLENGTH, 1))) {
        m = run_of(s, RSTART + RLENGTH)
        return substr(s, 1, RSTART + RLENGTH - 1) host(m) substr(s, RSTART + RLENGTH + length(m))
    }
    return s
}
function lpar_info(s,    m) {
    if (match(lower(s), /^[ \t]*lpar info[ \t]*:[ \t]*[0-9]+[ \t]+/) && namech(substr(s, RSTART + RLENGTH, 1))) {
        m = run_of(s, RSTART + RLENGTH)
        return substr(s, 1, RSTART + RLENGTH - 1) host(m) substr(s, RSTART + RLENGTH + length(m))
    }
    return s
}
function lead_value(s, re,    out, m, at) {  # every value after a match of re (re ends where the value starts)
    out = ""
    while (match(s, re)) {
        at = RSTART + RLENGTH
        if (!namech(substr(s, at, 1))) { out = out substr(s, 1, at - 1); s = substr(s, at); continue }
        m = run_of(s, at)
        out = out substr(s, 1, at - 1) host(m)
        s = substr(s, at + length(m))
    }
    return out s
}
function doc_name(s,    m) {
    if (match(s, /^name:[ \t]*/) && namech(substr(s, RLENGTH + 1, 1))) {
        m = run_of(s, RLENGTH + 1)
        s = substr(s, 1, RLENGTH) host(m) substr(s, RLENGTH + 1 + length(m))
    }
    return lead_value(s, "\"name\"[ \t]*:[ \t]*\"")
}
function marker_host(s,    out, at, m) {  # \bhost="value
    out = ""
    while (match(s, /host="/)) {
        at = RSTART + RLENGTH
        if (RSTART > 1 && wordch(substr(s, RSTART - 1, 1)) || !namech(substr(s, at, 1))) {
            out = out substr(s, 1, at - 1); s = substr(s, at); continue
        }
        m = run_of(s, at)
        out = out substr(s, 1, at - 1) host(m)
        s = substr(s, at + length(m))
    }
    return out s
}
function prompt(s,    i, j, k, m) {  # user@host at the start, or host followed by :/ or :~
    i = 1
    while (substr(s, i, 1) == " " || substr(s, i, 1) == "\t") i++
    j = i; if (substr(s, j, 1) == "[") j++
    k = j
    while (k <= length(s) && k - j < 64 && namech(substr(s, k, 1))) k++
    if (k > j && substr(s, k, 1) == "@" && namech(substr(s, k + 1, 1))) {
        m = run_of(s, k + 1)
        return substr(s, 1, k) host(m) substr(s, k + 1 + length(m))
    }
    m = run_of(s, i)
    if (m != "" && substr(s, i + length(m), 2) ~ /^:[~\/]$/)
        return substr(s, 1, i - 1) host(m) substr(s, i + length(m))
    return s
}
function serials(s,    l, out, at, j, m, v) {
    out = ""
    while (1) {
        l = lower(s)
        if (!match(l, /(machine serial number|serial number|system serial number|serial_num|serial no|machine id number)/)) break
        if (RSTART > 1 && wordch(substr(s, RSTART - 1, 1))) { out = out substr(s, 1, RSTART); s = substr(s, RSTART + 1); continue }
        at = RSTART + RLENGTH
        if (wordch(substr(s, at, 1))) { out = out substr(s, 1, RSTART); s = substr(s, RSTART + 1); continue }
        while (substr(s, at, 1) ~ /[ \t]/) at++
        while (substr(s, at, 1) ~ /[:=.]/) at++
        while (substr(s, at, 1) ~ /[ \t]/) at++
        j = at
        while (j <= length(s) && j - at < 40 && substr(s, j, 1) ~ /[A-Za-z0-9-]/) j++
        if (j - at < 3) { out = out substr(s, 1, RSTART); s = substr(s, RSTART + 1); continue }
        v = substr(s, at, j - at)
        out = out substr(s, 1, at - 1) stand_in("serial", v)
        s = substr(s, j)
    }
    return out s
}
function hmc_serials(s,    out, pos, rest, at, j, v) {  # mtms=9009-42A*SERIAL, Server-9009-42A-SNSERIAL
    out = ""; pos = 1
    while (pos <= length(s)) {
        rest = substr(s, pos)
        if (!match(rest, "(mtms=" A4 "-" A3 "\\*|" A4 "-" A3 "-SN)")) break
        at = pos + RSTART - 1
        j = at + RLENGTH
        while (j <= length(s) && j - (at + RLENGTH) < 12 && substr(s, j, 1) ~ /[A-Za-z0-9]/) j++
        if ((at > 1 && wordch(substr(s, at - 1, 1))) || j - (at + RLENGTH) < 3) {
            out = out substr(s, pos, at - pos + 1); pos = at + 1; continue
        }
        v = substr(s, at + RLENGTH, j - at - RLENGTH)
        out = out substr(s, pos, at + RLENGTH - pos) stand_in("serial", v)
        pos = j
    }
    return out substr(s, pos)
}
function bounded(s, re, kind, before, after, check,    out, pos, rest, m, b, a, at) {  # matches not inside a longer token
    out = ""; pos = 1
    while (pos <= length(s)) {
        rest = substr(s, pos)
        if (!match(rest, re)) break
        at = pos + RSTART - 1
        m = substr(s, at, RLENGTH)
        b = at > 1 ? substr(s, at - 1, 1) : ""
        a = substr(s, at + RLENGTH, 1)
        if ((b != "" && b ~ before) || (a != "" && a ~ after) || (check && !short_octets(m))) {
            out = out substr(s, pos, at - pos + 1); pos = at + 1; continue
        }
        out = out substr(s, pos, at - pos) (check && !is_ip(m) ? m : stand_in(kind, m))
        pos = at + RLENGTH
    }
    return out substr(s, pos)
}
function is_ip(v,    p, n, i) {
    n = split(v, p, ".")
    for (i = 1; i <= n; i++) if (p[i] + 0 > 255) return 0
    return 1
}
function short_octets(v,    p, n, i) {  # every octet 1-3 digits, as the address pattern of advisor/redact.py asks
    n = split(v, p, ".")
    for (i = 1; i <= n; i++) if (length(p[i]) > 3) return 0
    return 1
}
function names(s,    out, i, k, n, c, hit) {  # every whole-word occurrence of a host name, longest first
    if (NNAMES == 0) return s
    out = ""; i = 1
    while (i <= length(s)) {
        hit = 0
        if (i == 1 || !namech(substr(s, i - 1, 1))) {
            for (k = 1; k <= NNAMES; k++) {
                n = length(NAME[k])
                c = substr(s, i + n, 1)
                if (lower(substr(s, i, n)) == NAME[k] && (c == "" || c !~ /[A-Za-z0-9_-]/)) {
                    out = out HOSTS[NAME[k]]; i += n; hit = 1; break
                }
            }
        }
        if (!hit) { out = out substr(s, i, 1); i++ }
    }
    return out
}
BEGIN {
    H = "[0-9A-Fa-f]"; H2 = H H; H16 = H2 H2 H2 H2 H2 H2 H2 H2
    MACRE = H2 "[:-]" H2 "[:-]" H2 "[:-]" H2 "[:-]" H2 "[:-]" H2
    WWPNRE = "(0x" H16 "|" H2 ":" H2 ":" H2 ":" H2 ":" H2 ":" H2 ":" H2 ":" H2 ")"
    A = "[0-9A-Za-z]"; A3 = A A A; A4 = A3 A
    IPRE = "[0-9]+\\.[0-9]+\\.[0-9]+\\.[0-9]+"  # octets of more than 3 digits are refused in is_ip
}
{ L[NR] = $0 }
END {
    for (i = 1; i <= NR; i++) L[i] = labels(L[i])
    for (i = 1; i <= NR; i++) L[i] = lpar_info(L[i])
    for (i = 1; i <= NR; i++) L[i] = doc_name(L[i])
    for (i = 1; i <= NR; i++) L[i] = marker_host(L[i])
    for (i = 1; i <= NR; i++) L[i] = prompt(L[i])
    for (i = 1; i <= NR; i++) L[i] = serials(L[i])
    for (i = 1; i <= NR; i++) L[i] = hmc_serials(L[i])
    for (i = 1; i <= NR; i++) L[i] = bounded(L[i], MACRE, "mac", "[A-Za-z0-9_:]", "[A-Za-z0-9_:]", 0)
    for (i = 1; i <= NR; i++) L[i] = bounded(L[i], WWPNRE, "wwpn", "[A-Za-z0-9_:]", "[A-Za-z0-9_:]", 0)
    for (i = 1; i <= NR; i++) {
        l = lower(L[i])
        if (l ~ /address|gateway|server|inet|netmask|broadcast|nameserver/ || l ~ /(^|[^a-z0-9_])ip([^a-z0-9_]|$)/)
            L[i] = bounded(L[i], IPRE, "ip", "[A-Za-z0-9_.]", "[A-Za-z0-9_.]", 1)
        if (l ~ /ww_?name|wwpn|wwnn|world wide|port name|network address/)
            L[i] = bounded(L[i], H16, "wwpn", "[A-Za-z0-9_:]", "[A-Za-z0-9_:]", 0)
    }
    NNAMES = 0
    for (h in HOSTS) if (length(h) >= 3 && h !~ /^host[0-9]+$/) NAME[++NNAMES] = h
    for (i = 2; i <= NNAMES; i++) {  # longest first (insertion sort: a handful of names)
        v = NAME[i]
        for (j = i - 1; j >= 1 && length(NAME[j]) < length(v); j--) NAME[j + 1] = NAME[j]
        NAME[j + 1] = v
    }
    for (i = 1; i <= NR; i++) print names(L[i])
}
' ${1+"$1"}
