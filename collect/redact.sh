#!/bin/sh
# redact.sh - replace what identifies a site in a collector bundle, before it leaves the host.
#
# It CHANGES NOTHING on the system: it reads a bundle (FILE, or standard input)
# and writes the redacted copy to standard output.  The collectors run it for
# --redact; it can also be run on a bundle written earlier.
#
# Replaced, each by a stand-in of the same shape, the same value by the same
# stand-in throughout the bundle (the rules of advisor/redact.py, pass for pass,
# so `advisor parse --redact` and this script give the same text):
#   host names     where a label (Node Name, Node Id, Partition Name, Host Name,
#                  Hostname, LPAR Name, VM00 Name, ... Extended Name, lsattr's
#                  hostname, ...), a bundle marker (host="..."), a prompt
#                  (user@host anywhere, host:/path, "host # cmd" and "host> cmd"
#                  before a command the advisor reads, also inside colour codes),
#                  "ssh [user@]host", uname -a, the line after "# hostname" or
#                  "# uname -n" / "# uname -L", a syslog line's host, an
#                  /etc/hosts line, a banner "Welcome to host!", "Last login:
#                  ... from host", who and last rows, AIX NFS mount rows,
#                  /etc/exports root=/rw=/ro=/access= and host(rw), the HMC's
#                  hostname= and domain=, resolv.conf search, sapcontrol
#                  instance rows and SAPLOCALHOST, SAP profile host parameters
#                  (SAPLOCALHOST, SAPDBHOST, rdisp/mshost, ...), cmviewcl rows,
#                  hdbnsutil site names and host mappings, crm_mon node lists,
#                  D GRS rows, the target of ping, traceroute,
#                  telnet, nslookup, host, showmount, netperf -H typed after a
#                  prompt (with a digit or a dot) names them -> host1, ...
#                  (HOST1 where written in capitals)
#   z/OS, z/VM     SYSNAME= SYSCLONE= SYSNAME() SYSCLONE() HWNAME() LPARNAME()
#                  SID() VMUSERID(), &SYSNAME. = "X" (D SYMBOLS), LOADxx SYSPLEX
#                  HWNAME LPARNAME VMUSERID, D XCF "SYSPLEX X: SYSA SYSB", CPC
#                  NAME / LP NAME (D M), SYSLOG records, "SYSA IEE174I hh.mm.ss",
#                  "RO SYSA,", D XCF,S,ALL rows, q userid "LINUX01 AT ZVMSYS1",
#                  VSWITCH "Authorized userids:" rows, q names (not service
#                  machines such as TCPIP)
#   HMC names      -m/-p/-n of HMC commands, name= of lssyscfg -r sys|lpar,
#                  lpar_name=, remote_lpar_name= (also in -F listings)
#   HP-UX names    parstatus Complex Name and partition rows, vparstatus rows
#                  and "The current virtual partition is X."
#   other names    lsmap -npiv clients, lswpar WPARs and their host names,
#                  swapinfo's NFS swap server; then every whole-word occurrence
#                  of a name, an IPv4 address or a serial (letters and digits,
#                  six or more) met anywhere
#   DNS domains    of a full name (db01.corp.example.com): every occurrence,
#                  also after another host -> dom1.example, ...
#   serials        after Serial Number, Machine Serial Number, serial_num,
#                  Sequence Code, Machine Id, LPAR UUID, ..., in the HMC's
#                  mtms=9009-42A*SERIAL, Server-9009-42A-SNSERIAL and
#                  logical_serial_num=, in location codes U9009.42A.SERIAL-V1-C3,
#                  IBM,02SERIAL (uname -u, systemid), uname -a's machine id,
#                  D M's CPC ND/SI and processor serials, lsattr's unique_id,
#                  getconf MACHINE_SERIAL, uname -i, VPD *SE, Linux on Z
#                  identification = and z/VM CPU ID -> SN00001, ...
#   PVIDs, VG ids  lspv, lsattr's pvid (also -EOl), PV/VG IDENTIFIER; LUN WWIDs (32 or 33
#   and WWIDs      hex digits as a word: multipath, by-id, scsimgr, lsblk)
#                  -> 00c0de0000000001 (hex of the same length)
#   MAC addresses  six colon or dash pairs; 12 hex digits on a MAC line; AIX
#                  netstat -in fa.16.3e.1.b2.c3; HP-UX lanscan 0x001A4B2C3D4E
#                  -> 02:00:00:00:00:01, ...
#   WWPNs          0x + 16 hex digits or eight colon pairs; 16 bare hex digits
#                  on a WWN / port name / (Z8) line -> c050760000000001, ...
#   IPv4 addresses on lines that speak of an address, gateway, server, inet,
#                  IP, netmask, subnet or broadcast, first on an /etc/hosts
#                  line, last after "Last login: ... from", in who, last and
#                  netstat -in and -rn rows, ip route via/src, after
#                  "# hostname -i", among the words of
#                  ping, netperf -H, nslookup typed after a prompt (a fileset level
#                  7.2.5.1 stays; on an HMC attribute line only address
#                  attributes)
#                  -> 192.0.2.1, ...
#   IPv6 addresses by their shape -> 2001:db8::1, ...
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
function alnum(c) { return c ~ /[A-Za-z0-9]/ }
function run_of(s, i,    j) {  # the [A-Za-z0-9_.-] run starting at i (at most 253 characters)
    j = i
    while (j <= length(s) && j - i < 253 && namech(substr(s, j, 1))) j++
    return substr(s, i, j - i)
}
function cmdword(w) { sub(/.*\//, "", w); return w }
function unquote(w) {
    while (substr(w, 1, 1) == "\"" || substr(w, 1, 1) == Q) w = substr(w, 2)
    while (length(w) && (substr(w, length(w), 1) == "\"" || substr(w, length(w), 1) == Q)) w = substr(w, 1, length(w) - 1)
    return w
}
function tokens(s,    i) {  # TOK[1..NT], TAT[k] where token k starts: runs of characters other than blank, tab, CR
    NT = 0; i = 1
    while (match(substr(s, i), /[^ \t\r]+/)) {
        NT++; TAT[NT] = i + RSTART - 1; TOK[NT] = substr(s, TAT[NT], RLENGTH)
        i = TAT[NT] + RLENGTH
    }
}
function csi_end(s, i,    j) {  # the position after a colour code ESC [ params letter starting at i, or 0
    if (substr(s, i, 1) != ESC || substr(s, i + 1, 1) != "[") return 0
    j = i + 2
    while (j - i - 2 < 32 && substr(s, j, 1) ~ /[0-9;?]/) j++
    return substr(s, j, 1) ~ /[A-Za-z]/ ? j + 1 : 0
}
function skip_csi(s, i,    e) { while ((e = csi_end(s, i)) > 0) i = e; return i }
function shape(kind, value, n,    digits, out, i, sep, w, s, p, pr) {
    if (kind == "ip") return (n < 254 ? "192.0.2." : "198.51.100.") (n % 254 + 1)
    if (kind == "ip6") return "2001:db8::" sprintf("%x", n)
    if (kind == "mac") {
        p = sprintf("%02x", int(n / 256) % 256) SUBSEP sprintf("%02x", n % 256)
        split(p, pr, SUBSEP)
        if (index(value, ".")) return "2.0.0.0." hexnz(pr[1]) "." hexnz(pr[2])
        if (index(value, ":") || index(value, "-")) {
            sep = index(value, "-") ? "-" : ":"
            return "02" sep "00" sep "00" sep "00" sep pr[1] sep pr[2]
        }
        return (substr(value, 1, 2) == "0x" || substr(value, 1, 2) == "0X" ? "0x" : "") "02000000" pr[1] pr[2]
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
    if (kind == "pvid") {  # hex of the same length (lsattr: the 16 digits of lspv, then 16 zeros)
        if (length(value) == 32 && substr(value, 17) == ZERO16) return sprintf("00c0de%010x", n) ZERO16
        return sprintf("00c0de%0" (length(value) - 6) "x", n)
    }
    if (kind == "domain") return "dom" n ".example"  # RFC 2606 reserves .example
    if (kind == "clone") return "Z" substr("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ", n % 36 + 1, 1)
    return "host" n
}
function hexnz(h) { sub(/^0/, "", h); return h }  # a pair without its leading zero (00 -> 0)
function plain_of(kind, value,    plain, n, pr, i) {  # 0x10000090FA1B2C3D, 10:00:00:90:fa:1b:2c:3d and the bare digits: one WWPN
    plain = lower(value)
    if (kind == "wwpn" || kind == "mac") {
        if (substr(plain, 1, 2) == "0x") plain = substr(plain, 3)
        gsub(/[:-]/, "", plain)
    }
    if (kind == "mac" && index(plain, ".")) {  # AIX netstat -in drops leading zeros: 0.14.5e.c2.1a.b
        n = split(plain, pr, "."); plain = ""
        for (i = 1; i <= n; i++) plain = plain (length(pr[i]) < 2 ? "0" : "") pr[i]
    }
    if (kind == "pvid" && length(plain) == 32 && substr(plain, 17) == ZERO16) plain = substr(plain, 1, 16)
    return plain
}
function stand_in(kind, value,    key) {  # a stand-in met again (two rules on one value) stays as it is
    key = kind SUBSEP plain_of(kind, value)
    if (key in MADE) return value
    if (!(key in MAP)) {
        COUNT[kind]++; MAP[key] = shape(kind, value, COUNT[kind]); NUM[key] = COUNT[kind]
        MADE[kind SUBSEP plain_of(kind, MAP[key])] = 1
    }
    if (kind == "wwpn" || kind == "mac" || kind == "pvid") return shape(kind, value, NUM[key])  # each in its own form
    return MAP[key]
}
function cased(s, v) { return (v ~ /[A-Z]/ && v !~ /[a-z]/) ? toupper(s) : s }  # SYSNAME=HOST1
function host(value,    short, s) {  # a stand-in already, a placeholder or a common word: kept
    if (lower(value) ~ /^host[0-9]+$/ || lower(value) ~ PLACEHOLDER || lower(value) ~ COMMON) return value
    if (value ~ /^[0-9][0-9]?[0-9]?\.[0-9][0-9]?[0-9]?\.[0-9][0-9]?[0-9]?\.[0-9][0-9]?[0-9]?$/ && is_ip(value))
        return stand_in("ip", value)  # "Name Server: 10.1.1.53" names an address
    short = value; sub(/\..*/, "", short)
    s = stand_in("host", short)
    HOSTS[lower(short)] = s; HOSTS[lower(value)] = s
    if (domain_ok(value)) DOMS[lower(DOM)] = stand_in("domain", DOM)  # db01.corp.example.com: corp.example.com
    return cased(s, value)
}
function domain_ok(value,    t, n, i, part) {  # DOM: the DNS domain of a name with two dots or more
    t = value
    if (gsub(/\./, ".", t) < 2) return 0
    DOM = substr(value, index(value, ".") + 1); sub(/\.+$/, "", DOM)
    n = split(DOM, part, ".")
    if (n < 2 || n > 9 || DOM !~ /^[A-Za-z0-9.-]+$/ || part[n] !~ /[A-Za-z]/) return 0
    for (i = 1; i <= n; i++) if (length(part[i]) < 1 || length(part[i]) > 63) return 0
    return 1
}
function name_ok(v) { return v ~ /^[A-Za-z0-9_.-]+$/ && length(v) <= 253 }
function host_list(value,    n, part, i, out) {  # a,b,c: each a host name
    n = split(value, part, ",")
    out = ""
    for (i = 1; i <= n; i++) out = out (i > 1 ? "," : "") (name_ok(part[i]) ? host(part[i]) : part[i])
    return out
}
# --- the passes, each over every line, in advisor/redact.py order ----------------------------
function labels(s,    l, m) {  # Node Name : x, LPAR Name: x, VM00 Name: x, hostname x (lsattr), ...
    l = lower(s)
    if (match(l, /^[ \t]*((node name|partition name|host name|nodename|lpar name|domain name|name server|system name|vm[0-9][0-9] name|topas monitor for host|hostname|cpc name|lp name|sysplex name|lpar extended name|vm[0-9][0-9] extended name|node id|static hostname|transient hostname|pretty hostname|cluster name|site name|sys peer|saplocalhost|saplocalhostfull|sapdbhost|sapglobalhost|rdisp\/mshost|j2ee\/dbhost|enque\/serverhost|virtual machine name)[ \t]*[:=][ \t]*|hostname[ \t]+)/) \
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
function user_at(s,    out, p, at, m) {  # user@host anywhere (prompts, titles, ssh targets)
    out = ""; p = 1
    while ((at = index(substr(s, p), "@")) > 0) {
        at = p + at - 1
        if (at > 1 && namech(substr(s, at - 1, 1)) && alnum(substr(s, at + 1, 1)) \
            && substr(s, at + 1 + length(run_of(s, at + 1)), 1) != "=") {  # LDR_CNTRL=DATAPSIZE=64K@TEXTPSIZE=64K: no host
            m = run_of(s, at + 1)
            out = out substr(s, p, at - p + 1) host(m)
            p = at + 1 + length(m)
        } else {
            out = out substr(s, p, at - p + 1); p = at + 1
        }
    }
    return out substr(s, p)
}
function prompt(s,    i, v, j, k, c) {  # host:/path or host:~ at the start; host # cmd, host> cmd
    i = 1
    while (substr(s, i, 1) == " " || substr(s, i, 1) == "\t") i++
    i = skip_csi(s, i)
    v = run_of(s, i)
    if (v == "" || namech(substr(s, i + length(v), 1))) return s
    j = skip_csi(s, i + length(v))
    if (substr(s, j, 2) ~ /^:[~\/]$/) return substr(s, 1, i - 1) host(v) substr(s, i + length(v))
    if (v !~ /^[A-Za-z]/ || v ~ /^(ba|k|z|c|tc)?sh(-[0-9.]+)?$/) return s
    k = j
    if (substr(s, k, 1) == " " || substr(s, k, 1) == "\t") k++
    if (substr(s, k, 1) !~ /[#$>]/) return s
    k++
    while (substr(s, k, 1) == " " || substr(s, k, 1) == "\t") k++
    if (!match(substr(s, k), /^[^ \t\r]+/)) return s
    c = cmdword(substr(s, k, RLENGTH))
    if (!(c in PCMD)) return s
    return substr(s, 1, i - 1) host(v) substr(s, i + length(v))
}
function ssh(s,    k, b, i, w, t, h, at) {  # ssh [options] [user@]host typed after a prompt
    if (!index(s, "ssh")) return s
    tokens(s)
    for (k = 1; k <= NT; k++) {
        if (cmdword(TOK[k]) != "ssh") continue
        if (k > 1) {
            b = TOK[k - 1]
            if (substr(b, length(b), 1) !~ /[#$>]/ && b != "sudo" && b != "pbrun" && b !~ /^[+][+]?[+]?$/) continue
        }
        i = k + 1
        while (i <= NT && substr(TOK[i], 1, 1) == "-") {
            w = TOK[i]
            i += (length(w) == 2 && index(SSHARGS, substr(w, 2, 1))) ? 2 : 1
        }
        if (i > NT) return s
        t = TOK[i]; h = t; sub(/.*@/, "", h)
        if (h !~ /^[A-Za-z0-9][A-Za-z0-9_.-]*$/ || length(h) > 253) return s
        at = TAT[i] + length(t) - length(h)
        return substr(s, 1, at - 1) host(h) substr(s, TAT[i] + length(t))
    }
    return s
}
function serials(s,    l, out, at, j, m, v) {
    out = ""
    while (1) {
        l = lower(s)
        if (!match(l, /(machine serial number|serial number|system serial number|serial_num|serial no|machine id number|id number|sequence code)/)) break
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
function location(s,    out, pos, rest, at, b, a) {  # U9009.42A.SERIAL-V1-C3: the serial in a location code
    out = ""; pos = 1
    while (pos <= length(s)) {
        rest = substr(s, pos)
        if (!match(rest, LOCRE)) break
        at = pos + RSTART - 1
        b = at > 1 ? substr(s, at - 1, 1) : ""
        a = substr(s, at + RLENGTH, 1)
        if ((b != "" && b ~ /[A-Za-z0-9_.]/) || (a != "" && a ~ /[A-Za-z0-9]/)) {
            out = out substr(s, pos, at - pos + 1); pos = at + 1; continue
        }
        out = out substr(s, pos, at + RLENGTH - 7 - pos) stand_in("serial", substr(s, at + RLENGTH - 7, 7))
        pos = at + RLENGTH
    }
    return out substr(s, pos)
}
function location_wwpn(s,    out, pos, rest, at, a) {  # -W + 16 hex digits: a target port in a location code
    out = ""; pos = 1
    while (pos <= length(s)) {
        rest = substr(s, pos)
        if (!match(rest, "-W" H16)) break
        at = pos + RSTART + 1
        a = substr(s, at + 16, 1)
        if (a != "" && a ~ /[A-Za-z0-9]/) { out = out substr(s, pos, at - pos); pos = at; continue }
        out = out substr(s, pos, at - pos) stand_in("wwpn", substr(s, at, 16))
        pos = at + 16
    }
    return out substr(s, pos)
}
function replace_tok(s, k) {
    if (!name_ok(TOK[k])) return s
    return substr(s, 1, TAT[k] - 1) host(TOK[k]) substr(s, TAT[k] + length(TOK[k]))
}
function table_row(s,    h, c) {  # lsmap -npiv client, lswpar WPAR and host name, swapinfo NFS server
    if (!index(s, "vfchost") && !index(s, "network") && s !~ /[ \t\r][A-Z][ \t\r]+[A-Z][ \t\r]/) return s
    tokens(s)
    if (NT >= 4 && TOK[1] ~ /^vfchost[0-9]+$/ && TOK[3] ~ /^[0-9]+$/) return replace_tok(s, 4)
    if (NT >= 5 && TOK[2] ~ /^[A-Z]$/ && TOK[3] ~ /^[A-Z]$/ && substr(TOK[5], 1, 1) == "/") {
        s = replace_tok(s, 4)
        return replace_tok(s, 1)
    }
    if (NT >= 2 && TOK[1] == "network") {
        h = TOK[NT]; c = index(h, ":")
        if (c > 1 && substr(h, c, 2) == ":/" && substr(h, 1, c - 1) ~ /^[A-Za-z][A-Za-z0-9_.-]*$/ && c - 1 <= 253)
            return substr(s, 1, TAT[NT] - 1) host(substr(h, 1, c - 1)) substr(s, TAT[NT] + c - 1)
    }
    return s
}
# --- platform shapes (advisor/redact.py _platform), then the line after hostname / uname -n ------------
function skip_blanks(s, j) { while (substr(s, j, 1) == " " || substr(s, j, 1) == "\t") j++; return j }
function zname(s, i,    j, c) {  # a z/OS or z/VM name (1-8 of A-Z 0-9 @ # $) at i, or ""
    j = i
    while (j <= length(s) && j - i < 9 && index(ZCH, substr(s, j, 1))) j++
    c = substr(s, j, 1)
    if (j - i < 1 || j - i > 8 || c == "-" || c == "." || c == "_") return ""
    return substr(s, i, j - i)
}
function full_zname(w) { return w != "" && zname(w, 1) == w }
function upper_zname(w) { return full_zname(w) && w == toupper(w) && w ~ /[A-Za-z]/ }
function isdigits(w, n) { return w ~ /^[0-9]+$/ && (n == 0 || length(w) == n) }
function clock(w, sep, th,    i) {  # hh:mm:ss (.th when th), hh.mm.ss
    if (length(w) != (th ? 11 : 8) || substr(w, 3, 1) != sep || substr(w, 6, 1) != sep) return 0
    if (th && substr(w, 9, 1) != ".") return 0
    for (i = 1; i <= (th ? 10 : 7); i += 3) if (substr(w, i, 2) !~ /^[0-9][0-9]$/) return 0
    return 1
}
function hexw(w, least, most, up) {
    if (length(w) < least || length(w) > most) return 0
    return up ? w ~ /^[0-9A-F]+$/ : w ~ /^[0-9A-Fa-f]+$/
}
function host_word(w) { return w ~ /^[A-Za-z][A-Za-z0-9_.-]*$/ && length(w) <= 253 }
function hosts_name(w) { return lower_name(w) || (w ~ /^[A-Za-z][A-Za-z0-9_.-]+$/ && length(w) >= 3 && length(w) <= 253) }
function lower_name(w) { return w ~ /^[a-z0-9][a-z0-9_.-]*$/ && length(w) <= 253 && w ~ /[a-z]/ }
function quad(w) { return w ~ /^[0-9][0-9]?[0-9]?\.[0-9][0-9]?[0-9]?\.[0-9][0-9]?[0-9]?\.[0-9][0-9]?[0-9]?$/ }
function fileset_row(s) {  # lslpp rows: "bos.net.tcp.server 7.2.5.1 COMMITTED TCP/IP Server" has no address
    tokens(substr(s, 1, 512))
    return (NT >= 3 && quad(TOK[2]) && (TOK[3] in LPP)) || (NT >= 2 && quad(TOK[1]) && (TOK[2] in LPP))
}
function put(s, k, v) { return substr(s, 1, TAT[k] - 1) v substr(s, TAT[k] + length(TOK[k])) }
function z_keywords(s,    pos, rest, ks, key, j, v, r) {  # SYSNAME=X, SYSCLONE(X), &SYSPLEX. = "X", SID(X) ...
    if (!index(s, "SYS") && !index(s, "NAME") && !index(s, "ID")) return s
    pos = 1
    while (pos <= length(s)) {
        rest = substr(s, pos)
        if (!match(rest, /SYSNAME|SYSPLEX|SYSCLONE|HWNAME|LPARNAME|VMUSERID|SID/)) break
        ks = pos + RSTART - 1; key = substr(s, ks, RLENGTH); j = ks + RLENGTH
        pos = j
        if (ks > 1 && wordch(substr(s, ks - 1, 1))) continue
        if (substr(s, j, 1) == "(") j++
        else if (key == "SID" || key == "VMUSERID") continue
        else {
            if (substr(s, j, 1) == ".") j++
            j = skip_blanks(s, j)
            if (substr(s, j, 1) != "=") continue
            j = skip_blanks(s, j + 1)
            if (substr(s, j, 1) == "\"" || substr(s, j, 1) == Q) j++
        }
        v = zname(s, j)
        if (v == "") continue
        r = key == "SYSCLONE" ? stand_in("clone", v) : host(v)
        s = substr(s, 1, j - 1) r substr(s, j + length(v))
        pos = j + length(r)
    }
    return s
}
function z_statement(s,    m, v, e, k, t) {  # LOADxx SYSPLEX/HWNAME/LPARNAME/VMUSERID; "SYSPLEX PLEX1: SYSA SYSB"
    if (!match(s, /^[ \t]*(SYSPLEX|HWNAME|LPARNAME|VMUSERID)[ \t]+/)) return s
    m = RLENGTH
    v = zname(s, m + 1)
    if (v == "") return s
    e = m + 1 + length(v)
    if (substr(s, e, 1) == ":") {
        XCF = (s ~ /^[ \t]*SYSPLEX[ \t]/)
        tokens(substr(s, e + 1))
        for (k = NT; k >= 1; k--) {
            t = TOK[k]
            if (full_zname(t)) s = substr(s, 1, e + TAT[k] - 1) host(t) substr(s, e + TAT[k] + length(t))
        }
    }
    return substr(s, 1, m) host(v) substr(s, e)
}
function console(s,    k, v) {  # SYSLOG record, "SYSA IEE174I hh.mm.ss", "RO SYSA,cmd", q userid "X AT Y"
    if (!index(s, "AT") && !index(s, "RO") && s !~ /[0-9][0-9][.:][0-9][0-9][.:][0-9][0-9]|[0-9][0-9]\/[0-9][0-9]\/[0-9][0-9][0-9][0-9]/) return s
    tokens(s)
    for (k = 3; k <= 4; k++)
        if (NT > k && isdigits(TOK[k], 5) && clock(TOK[k + 1], ":", 1) && full_zname(TOK[k - 1])) return put(s, k - 1, host(TOK[k - 1]))
    if (NT >= 3 && full_zname(TOK[1]) && TOK[2] ~ /^[A-Z][A-Z][A-Z][A-Z]?[A-Z]?[0-9][0-9][0-9][0-9]?[0-9]?[A-Z]?$/ && clock(TOK[3], ".", 0))
        if (TOK[1] ~ /[A-Za-z]/) return put(s, 1, host(TOK[1]))
    if (NT >= 2 && TOK[1] == "RO" && (v = zname(TOK[2], 1)) != "" && substr(TOK[2], length(v) + 1, 1) == ",")
        return substr(s, 1, TAT[2] - 1) host(v) substr(s, TAT[2] + length(v))
    if (NT == 3 && TOK[2] == "AT" && upper_zname(TOK[1]) && upper_zname(TOK[3])) {
        s = put(s, 3, host(TOK[3]))
        return put(s, 1, host(TOK[1]))
    }
    if (NT >= 5 && upper_zname(TOK[1]) && isdigits(TOK[2], 4) && hexw(TOK[3], 6, 6, 1) && hexw(TOK[4], 2, 2, 1) \
        && TOK[5] ~ /^[0-9][0-9]\/[0-9][0-9]\/[0-9][0-9][0-9][0-9]$/) {  # D XCF,S,ALL: system, CPC serial
        s = put(s, 3, stand_in("serial", TOK[3]))
        return put(s, 1, host(TOK[1]))
    }
    return s
}
function uname_a(s) {  # AIX host 3 7 MACHINEID; HP-UX host B.11.31 U ia64 IDNUMBER; Linux host 5.14... #1
    if (substr(s, 1, 4) != "AIX " && substr(s, 1, 6) != "HP-UX " && substr(s, 1, 6) != "Linux ") return s
    tokens(s)
    if (NT < 3 || !name_ok(TOK[2])) return s
    if (TOK[1] == "AIX" && NT >= 5 && isdigits(TOK[3], 0) && isdigits(TOK[4], 0) && hexw(TOK[5], 12, 12, 1))
        s = put(s, 5, stand_in("serial", TOK[5]))
    else if (TOK[1] == "HP-UX" && TOK[3] ~ /^[A-Z]\.[0-9][0-9]\.[0-9][0-9]$/) {
        if (NT >= 6 && isdigits(TOK[6], 0) && length(TOK[6]) >= 6) s = put(s, 6, stand_in("serial", TOK[6]))
    }
    else if (TOK[1] != "Linux" || NT < 4 || TOK[3] !~ /^[0-9]+\.[0-9]/) return s
    else if (!(substr(TOK[4], 1, 1) == "#" && substr(TOK[4], 2, 1) ~ /^[0-9]$/)) return s
    return put(s, 2, host(TOK[2]))
}
function log_host(s,    k) {  # "Nov 24 10:00:01 host sshd[42]: ...", "2026-11-24T10:00:01+01:00 host ..."
    if (!((substr(s, 4, 1) == " " && (substr(s, 1, 3) in MONTHS)) || (substr(s, 5, 1) == "-" && substr(s, 1, 1) ~ /^[0-9]$/))) return s
    tokens(substr(s, 1, 64))
    k = 0
    if (NT >= 5 && (TOK[1] in MONTHS) && isdigits(TOK[2], 0) && length(TOK[2]) <= 2 && clock(TOK[3], ":", 0)) k = 4
    else if (NT >= 3 && TOK[1] ~ /^[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9]/) k = 2
    if (k && NT > k && host_word(TOK[k]) && (substr(TOK[k + 1], length(TOK[k + 1]), 1) == ":" || index(TOK[k + 1], "[")))
        return put(s, k, host(TOK[k]))
    return s
}
function hosts_line(s,    nn, k, all, kind) {  # /etc/hosts: an address, then names (lower case, or from 3 characters)
    if (!index(substr(s, 1, 5), ".") && !index(substr(s, 1, 5), ":")) return s  # 1.2.3.4 or fe80::1 begins so
    if (s !~ /^([0-9][0-9]?[0-9]?\.[0-9]|[0-9A-Fa-f]?[0-9A-Fa-f]?[0-9A-Fa-f]?[0-9A-Fa-f]?:)/) return s
    tokens(s)
    nn = 0
    while (nn + 1 < NT && substr(TOK[nn + 2], 1, 1) != "#") nn++
    if (nn == 0) return s
    all = 1
    for (k = 2; k <= nn + 1; k++) { if (!hosts_name(TOK[k])) return s; if (lower(TOK[k]) !~ COMMON) all = 0 }
    if (all) return s
    if (TOK[1] ~ /^[0-9][0-9]?[0-9]?\.[0-9][0-9]?[0-9]?\.[0-9][0-9]?[0-9]?\.[0-9][0-9]?[0-9]?$/ && is_ip(TOK[1])) kind = "ip"
    else if (length(TOK[1]) <= 45 && TOK[1] ~ /^[0-9A-Fa-f:]+$/ && is_ipv6(TOK[1])) kind = "ip6"
    else return s
    for (k = nn + 1; k >= 2; k--) s = put(s, k, host(TOK[k]))
    return put(s, 1, stand_in(kind, TOK[1]))
}
function welcome(s,    at, v, rest) {  # "Welcome to db01!" (not "Welcome to AIX Version 7.3")
    at = index(lower(s), "welcome to ")
    if (!at) return s
    at += 11
    v = run_of(s, at); sub(/\.+$/, "", v)
    rest = substr(s, at + length(v))
    if (v == "" || substr(v, 1, 1) !~ /[A-Za-z]/ || rest !~ /^[.! \t*\r]*$/) return s
    return substr(s, 1, at - 1) host(v) rest
}
function last_login(s,    v) {  # "Last login: ... from HOST"
    if (substr(s, 1, 11) != "Last login:" && substr(s, 1, 24) != "Last unsuccessful login:") return s
    tokens(s)
    if (NT < 3 || TOK[NT - 1] != "from") return s
    v = TOK[NT]
    if (name_ok(v)) return put(s, NT, host(v))
    if (length(v) <= 45 && v ~ /^[0-9A-Fa-f:]+$/ && is_ipv6(v)) return put(s, NT, stand_in("ip6", v))
    return s
}
function partitions(s,    at, v) {  # parstatus Complex Name and partition rows, vparstatus rows and -w
    if (!index(s, "/") && !index(s, "Complex Name") && !index(lower(s), "ctive") && !index(s, "virtual partition is ")) return s
    if (match(s, /^[ \t]*Complex Name[ \t]*:[ \t]*/)) {
        at = RLENGTH + 1
        v = substr(s, at); sub(/[ \t\r]+$/, "", v)
        if (length(v) > 0 && length(v) <= 64) return substr(s, 1, at - 1) host(v) substr(s, at + length(v))
        return s
    }
    at = index(s, "virtual partition is ")
    if (at) {
        at += 21
        v = run_of(s, at); sub(/\.+$/, "", v)
        if (v != "" && substr(v, 1, 1) ~ /[A-Za-z]/) return substr(s, 1, at - 1) host(v) substr(s, at + length(v))
        return s
    }
    tokens(s)
    if (NT >= 6 && (lower(TOK[2]) == "active" || lower(TOK[2]) == "inactive") && isdigits(TOK[1], 0) && length(TOK[1]) <= 3 \
        && isdigits(TOK[3], 0) && length(TOK[3]) <= 3 && isdigits(TOK[4], 0) && length(TOK[4]) <= 3) {
        v = substr(s, TAT[6]); sub(/[ \t\r]+$/, "", v)
        if (length(v) <= 64) return substr(s, 1, TAT[6] - 1) host(v) substr(s, TAT[6] + length(v))
    }
    if (NT >= 4 && (TOK[2] in VPAR) && substr(TOK[4], 1, 1) == "/" && host_word(TOK[1])) return put(s, 1, host(TOK[1]))
    if (NT >= 4 && isdigits(TOK[1], 0) && (TOK[3] in VPAR6) && (TOK[4] == "Active" || TOK[4] == "Inactive") && name_ok(TOK[2]))
        return put(s, 2, host(TOK[2]))
    return s
}
function disk_ids(s,    k, key, v, pos, rest, j, r) {  # PVIDs (lspv, lsattr pvid, PV/VG IDENTIFIER), unique_id
    if (!index(s, "hdisk") && !index(s, "pvid") && !index(s, "unique_id") && !index(s, "IDENTIFIER")) return s
    tokens(s)
    if (NT >= 2 && TOK[1] ~ /^hdisk[0-9]+$/ && hexw(TOK[2], 16, 16, 0)) {
        for (k = NT; k >= 5; k--)
            if (TOK[k] ~ /^[A-Za-z0-9-]+$/ && length(TOK[k]) >= 16 && length(TOK[k]) <= 80) s = put(s, k, stand_in("serial", TOK[k]))
        return put(s, 2, stand_in("pvid", TOK[2]))
    }
    if (match(s, /^[ \t]*(pvid|unique_id)[ \t]+/)) {
        key = index(substr(s, 1, RLENGTH), "pvid") ? "pvid" : "unique_id"
        v = (NT >= 2 && TAT[2] == RLENGTH + 1) ? TOK[2] : ""
        if (key == "pvid" && hexw(v, 16, 32, 0)) return put(s, 2, stand_in("pvid", v))
        if (key == "unique_id" && v ~ /^[A-Za-z0-9-]+$/ && length(v) >= 8 && length(v) <= 80) return put(s, 2, stand_in("serial", v))
        return s
    }
    pos = 1
    while (pos <= length(s)) {
        rest = substr(s, pos)
        if (!match(rest, /(PV|VG) IDENTIFIER/)) break
        pos = pos + RSTART - 1 + RLENGTH
        j = skip_blanks(s, pos)
        if (substr(s, j, 1) == ":") j = skip_blanks(s, j + 1)
        k = j
        while (k <= length(s) && k - j < 33 && substr(s, k, 1) ~ /[0-9A-Fa-f]/) k++
        if (k - j >= 16 && k - j <= 32 && substr(s, k, 1) !~ /[A-Za-z0-9]/) {
            r = stand_in("pvid", substr(s, j, k - j))
            s = substr(s, 1, j - 1) r substr(s, k)
            pos = j + length(r)
        }
    }
    return s
}
function labelled_ids(s,    pos, at, v, j, k, i, cpc) {  # IBM,02SERIAL; CPC ND/SI; Machine Id; LPAR/VMnn UUID; D M rows
    if (!index(s, "IBM,") && !index(s, "CPC ") && !index(s, "I") \
        && s !~ /^[ \t\r]*[0-9A-F][0-9A-F][0-9A-F]?[0-9A-F]?[ \t\r]+[-+]/) return s
    pos = 1
    while ((at = index(substr(s, pos), "IBM,")) > 0) {
        at = pos + at - 1
        pos = at + 4
        v = substr(s, at + 4, 9)
        if ((at > 1 && wordch(substr(s, at - 1, 1))) || v !~ /^[0-9A-Z][0-9A-Z][0-9A-Z][0-9A-Z][0-9A-Z][0-9A-Z][0-9A-Z][0-9A-Z][0-9A-Z]$/) continue
        if (substr(s, at + 13, 1) ~ /[A-Za-z0-9]/) continue
        s = substr(s, 1, at + 5) stand_in("serial", substr(v, 3)) substr(s, at + 13)
    }
    j = 0
    if (match(s, /^[ \t]*CPC (ND|SI)[ \t]*=[ \t]*/)) { j = RLENGTH + 1; cpc = 1 }
    else if (match(s, /^[ \t]*(Machine Id|Machine ID|LPAR UUID|VM[0-9][0-9] UUID)[ \t]*:[ \t]*/)) { j = RLENGTH + 1; cpc = 0 }
    if (j) {
        if (cpc) for (i = 1; i <= 4; i++) {
            k = j
            while (k <= length(s) && substr(s, k, 1) ~ /[A-Za-z0-9]/) k++
            if (k == j || substr(s, k, 1) != ".") return s
            j = k + 1
        }
        k = j
        while (k <= length(s) && k - j < 40 && substr(s, k, 1) ~ /[A-Za-z0-9-]/) k++
        if (k - j >= 3) return substr(s, 1, j - 1) stand_in("serial", substr(s, j, k - j)) substr(s, k)
        return s
    }
    tokens(s)
    if (NT == 3 && hexw(TOK[1], 2, 4, 1) && TOK[2] ~ /^[-+][A-Z]?$/ && hexw(TOK[3], 6, 10, 1)) return put(s, 3, stand_in("serial", TOK[3]))
    return s
}
function network_rows(s,    st, n, i, p, q, v) {  # netstat -in (link#N and a dotted MAC; a network and an address), lanscan
    if (!index(s, "0x") && !index(s, ".")) return s
    tokens(s)
    if (NT >= 4 && TOK[1] ~ /^[a-z]+[0-9]*(:[0-9]+)?\*?$/ && isdigits(TOK[2], 0) && ifname_ok(TOK[1])) {
        if (substr(TOK[3], 1, 5) == "link#" && TOK[4] ~ DOTMAC) return put(s, 4, stand_in("mac", TOK[4]))
        if (TOK[3] ~ /^[0-9][0-9]?[0-9]?(\.[0-9][0-9]?[0-9]?)?(\.[0-9][0-9]?[0-9]?)?(\.[0-9][0-9]?[0-9]?)?$/ && TOK[4] ~ IPV4FULL \
            && is_ip(TOK[4]) && substr(TOK[4], 1, 4) != "127.") {
            st = stand_in("ip", TOK[4])
            s = put(s, 4, st)
            n = split(TOK[3], p, ".")
            split(st, q, ".")
            v = q[1]; for (i = 2; i <= n && i <= 3; i++) v = v "." q[i]
            if (n == 4) v = v ".0"
            return put(s, 3, v)
        }
        return s
    }
    if (NT >= 2 && (TOK[1] ~ /^[0-9][0-9]?[0-9]?(\/[0-9][0-9]?[0-9]?)+$/ && hwpath_ok(TOK[1]) || TOK[1] ~ /^LinkAgg[0-9][0-9]?[0-9]?[0-9]?$/))
        if (length(TOK[2]) == 14 && substr(TOK[2], 1, 2) == "0x" && hexw(substr(TOK[2], 3), 12, 12, 0)) return put(s, 2, stand_in("mac", TOK[2]))
    return s
}
function ifname_ok(w,    a) {  # at most 12 letters, 4 digits, a :N of 4 digits (as the pattern of advisor/redact.py)
    a = w; sub(/\*$/, "", a)
    if (index(a, ":") && length(substr(a, index(a, ":") + 1)) > 4) return 0
    sub(/:.*/, "", a)
    match(a, /^[a-z]+/)
    return RLENGTH <= 12 && length(a) - RLENGTH <= 4
}
function hwpath_ok(w,    n) { n = gsub(/\//, "/", w); return n >= 1 && n <= 12 }
function ttyw(w) {
    return w ~ /^pts\/[0-9][0-9]?[0-9]?[0-9]?[0-9]?$/ || w ~ /^tty[0-9A-Za-z]*$/ && length(w) <= 11 || w == "console" \
        || w ~ /^lft[0-9][0-9]?[0-9]?$/ || w ~ /^vty[0-9][0-9]?[0-9]?$/
}
function logins(s,    v, k, skip, st) {  # who "... (host)"; last "user tty host Tue Nov 24 ..."
    if (!index(s, "pts/") && !index(s, "tty") && !index(s, "console") && !index(s, "lft") && !index(s, "vty")) return s
    tokens(s)
    if (NT < 4 || !ttyw(TOK[2])) return s
    if (substr(TOK[NT], 1, 1) == "(" && substr(TOK[NT], length(TOK[NT]), 1) == ")" && length(TOK[NT]) > 2) {
        v = substr(TOK[NT], 2, length(TOK[NT]) - 2); k = NT; skip = 1
    } else if ((TOK[4] in DAYS) || (TOK[4] in MONTHS)) { v = TOK[3]; k = 3; skip = 0 }
    else return s
    if (v ~ IPV4FULL && is_ip(v)) st = stand_in("ip", v)
    else if (length(v) <= 45 && v ~ /^[0-9A-Fa-f:]+$/ && is_ipv6(v)) st = stand_in("ip6", v)
    else if (host_word(v)) st = host(v)
    else return s
    return substr(s, 1, TAT[k] - 1 + skip) st substr(s, TAT[k] + length(TOK[k]) - skip)
}
function nfs(s,    pos, rest, ks, b, v, k, t, r) {  # AIX mount rows; /etc/exports root=a:b rw= ro= access=, host(rw)
    if (substr(s, 1, 1) != "/") {
        if (!index(s, "nfs")) return s
        tokens(s)
        if (NT >= 4 && substr(TOK[2], 1, 1) == "/" && substr(TOK[3], 1, 1) == "/" && (TOK[4] == "nfs" || TOK[4] == "nfs3" || TOK[4] == "nfs4") \
            && host_word(TOK[1])) return put(s, 1, host(TOK[1]))
        return s
    }
    pos = 1
    while (pos <= length(s)) {
        rest = substr(s, pos)
        if (!match(rest, /(root|rw|ro|access)=/)) break
        ks = pos + RSTART - 1; pos = ks + RLENGTH
        b = substr(s, ks - 1, 1)
        if (b != "-" && b != "," && b != " " && b != "\t") continue
        while (match(substr(s, pos), /^[A-Za-z][A-Za-z0-9_.-]*/)) {
            v = substr(s, pos, RLENGTH > 253 ? 253 : RLENGTH)
            r = host(v)
            s = substr(s, 1, pos - 1) r substr(s, pos + length(v))
            pos += length(r)
            if (substr(s, pos, 1) != ":") break
            pos++
        }
    }
    tokens(s)
    for (k = NT; k >= 2; k--) {
        t = TOK[k]
        if (!match(t, /^[A-Za-z][A-Za-z0-9_.-]*/)) continue
        v = substr(t, 1, RLENGTH > 253 ? 253 : RLENGTH); r = substr(t, length(v) + 1)
        if (substr(r, 1, 1) == "(" && substr(r, length(r), 1) == ")" && (index(r, "rw") || index(r, "ro")))
            s = substr(s, 1, TAT[k] - 1) host(v) substr(s, TAT[k] + length(v))
    }
    return s
}
function long_ids(s,    l, pos, rest, start, n, b, st) {  # WWIDs of 32 or 33 hex digits (multipath, by-id, scsimgr)
    l = lower(s)
    if (!index(l, "wwid") && !index(l, "dm-") && !index(l, "scsi-") && !index(l, "wwn-") && !index(l, "mpath") && l !~ HEXTOK) return s
    pos = 1
    while (pos <= length(s)) {
        rest = substr(s, pos)
        if (!match(rest, /[0-9A-Fa-f]+/)) break
        start = pos + RSTART - 1; n = RLENGTH; pos = start + n
        b = start > 1 ? substr(s, start - 1, 1) : ""
        if (start > 2 && (substr(s, start - 2, 2) == "0x" || substr(s, start - 2, 2) == "0X")) b = start > 3 ? substr(s, start - 3, 1) : ""
        if ((n != 32 && n != 33) || b ~ /^[A-Za-z0-9]$/ || substr(s, pos, 1) ~ /^[A-Za-z0-9]$/) continue
        st = stand_in("pvid", substr(s, start, n))
        s = substr(s, 1, start - 1) st substr(s, pos)
        pos = start + length(st)
    }
    return s
}
function targets(s,    k, c, t, i) {  # ping/traceroute host (last word), telnet/nslookup/showmount host (first), netperf -H
    if (s !~ /ping|trace|telnet|ftp|rsh|rlogin|nslookup|host|showmount|netperf|iperf/) return s
    tokens(s)
    for (k = 1; k <= NT; k++) {
        c = cmdword(TOK[k])
        if (!(c in TFIRST) && !(c in TLAST) && !(c in TOPT)) continue
        if (k > 1 && substr(TOK[k - 1], length(TOK[k - 1]), 1) !~ /[#$>]/ && TOK[k - 1] != "sudo" && TOK[k - 1] != "pbrun" \
            && TOK[k - 1] !~ /^[+][+]?[+]?$/) continue
        t = 0
        if (c in TFIRST) { for (i = k + 1; i <= NT; i++) if (substr(TOK[i], 1, 1) != "-") { t = i; break } }
        else if (c in TLAST) { if (NT > k && substr(TOK[NT], 1, 1) != "-") t = NT }
        else for (i = k + 1; i < NT; i++) if (TOK[i] == TOPT[c]) { t = i + 1; break }
        for (i = NT; i > k; i--) {
            if (i == t && host_word(TOK[i]) && length(TOK[i]) >= 3 && TOK[i] ~ /[0-9.]/) s = put(s, i, host(TOK[i]))
            else if (TOK[i] ~ IPV4FULL && is_ip(TOK[i])) s = put(s, i, stand_in("ip", TOK[i]))
        }
        return s
    }
    return s
}
function route_flags_ok(f,    i) {  # a U with at most 7 flags either side (as the pattern of advisor/redact.py)
    for (i = 1; i <= length(f) && i <= 8; i++) if (substr(f, i, 1) == "U" && length(f) - i <= 7) return 1
    return 0
}
function listings(s,    k, all, at, key, v, j, st, start, f, e, g) {  # resolv.conf search, VPD *SE/*NA, CPU ids, sapcontrol, D GRS
    if (substr(s, 1, 7) == "search " || substr(s, 1, 7) == "domain ") {
        tokens(s)
        all = NT >= 2
        for (k = 2; k <= NT; k++) if (!index(TOK[k], ".") || !lower_name(TOK[k])) all = 0
        if (all) for (k = NT; k >= 2; k--) s = put(s, k, host(TOK[k]))
        return s
    }
    if (match(s, /^[ \t]*"?(vpd=)?\*(SE|NA)[ \t]+/)) {
        at = RSTART + RLENGTH; key = substr(s, at - 1, 1)
        key = index(substr(s, 1, at - 1), "*SE") ? "SE" : "NA"
        j = at
        while (j <= length(s) && j - at < 64 && substr(s, j, 1) !~ /[ \t\r"]/) j++
        v = substr(s, at, j - at)
        if (v == "") return s
        if (key == "SE" && v ~ /^[A-Za-z0-9-]+$/ && length(v) >= 3 && length(v) <= 40) st = stand_in("serial", v)
        else if (key == "NA" && v ~ IPV4FULL && is_ip(v)) st = stand_in("ip", v)
        else if (key == "NA" && hexw(v, 12, 12, 0)) st = stand_in("mac", v)
        else return s
        return substr(s, 1, at - 1) st substr(s, j)
    }
    at = index(s, "identification = ")
    if (at) {
        v = substr(s, at + 17, 6)
        if (hexw(v, 6, 6, 1) && substr(s, at + 23, 1) !~ /^[A-Za-z0-9]$/) return substr(s, 1, at + 16) stand_in("serial", v) substr(s, at + 23)
    }
    tokens(s)
    if (NT >= 4 && TOK[1] == "CPU" && hexw(TOK[2], 2, 2, 1) && TOK[3] == "ID" && hexw(TOK[4], 16, 16, 1)) {
        start = TAT[4] + 2  # FF + SERIAL + TYPE + 8000
        return substr(s, 1, start - 1) stand_in("serial", substr(TOK[4], 3, 6)) substr(s, start + 6)
    }
    if (NT == 7 && (TOK[7] in SAPCOLOUR) && substr(TOK[1], length(TOK[1]), 1) == "," && host_word(substr(TOK[1], 1, length(TOK[1]) - 1))) {
        all = 1
        for (k = 2; k <= 4; k++) if (substr(TOK[k], length(TOK[k]), 1) != "," || !isdigits(substr(TOK[k], 1, length(TOK[k]) - 1), 0)) all = 0
        if (all) return substr(s, 1, TAT[1] - 1) host(substr(TOK[1], 1, length(TOK[1]) - 1)) substr(s, TAT[1] + length(TOK[1]) - 1)
    }
    if (NT == 4 && TOK[2] == "has" && TOK[3] == "address" && host_word(TOK[1]) && quad(TOK[4]) && is_ip(TOK[4])) {
        s = put(s, 4, stand_in("ip", TOK[4]))  # host(1): "db01.corp.example.com has address 10.1.1.5"
        return put(s, 1, host(TOK[1]))
    }
    if (NT == 2 && TOK[1] == "Name:" && host_word(TOK[2])) {  # nslookup: a full name
        v = TOK[2]
        if (gsub(/\./, ".", v) >= 2) { sub(/\.+$/, "", v); sub(/.*\./, "", v); if (v ~ /[A-Za-z]/) return put(s, 2, host(TOK[2])) }
    }
    if (NT >= 3 && (TOK[1] in SAPKEY) && TOK[2] == "Attribute," && host_word(TOK[3])) return put(s, 3, host(TOK[3]))  # sapcontrol
    if (NT == 3 && (TOK[2] in SGSTATUS) && (TOK[3] in SGSTATE) && host_word(TOK[1])) return put(s, 1, host(TOK[1]))  # cmviewcl
    if (NT == 5 && (TOK[2] in SGSTATUS) && (TOK[3] in SGSTATE) && (TOK[4] == "enabled" || TOK[4] == "disabled"))
        return host_word(TOK[5]) ? put(s, 5, host(TOK[5])) : s
    if (NT >= 3 && (TOK[1] == "default" || TOK[1] ~ /^[0-9][0-9]?[0-9]?(\.[0-9][0-9]?[0-9]?)?(\.[0-9][0-9]?[0-9]?)?(\.[0-9][0-9]?[0-9]?)?$/) && quad(TOK[2])) {
        f = (NT >= 4 && quad(TOK[3])) ? TOK[4] : TOK[3]
        if (f ~ /^[A-Za-z!*=]*U[A-Za-z!*=]*$/ && route_flags_ok(f)) {  # netstat -rn: destination, gateway
            for (k = 2; k >= 1; k--)
                if (quad(TOK[k]) && is_ip(TOK[k]) && TOK[k] != "0.0.0.0" && substr(TOK[k], 1, 4) != "127.") s = put(s, k, stand_in("ip", TOK[k]))
            return s
        }
    }
    for (k = NT - 1; k >= 1; k--)  # ip route: via ADDRESS, src ADDRESS
        if ((TOK[k] == "via" || TOK[k] == "src") && quad(TOK[k + 1]) && is_ip(TOK[k + 1])) s = put(s, k + 1, stand_in("ip", TOK[k + 1]))
    if (NT == 4 && TOK[2] == "->" && TOK[3] ~ /^\[.+\]$/ && host_word(TOK[1]) && host_word(TOK[4]) && host_word(substr(TOK[3], 2, length(TOK[3]) - 2))) {
        s = put(s, 4, host(TOK[4]))  # hdbnsutil: host -> [SITE] host
        s = substr(s, 1, TAT[3]) host(substr(TOK[3], 2, length(TOK[3]) - 2)) substr(s, TAT[3] + length(TOK[3]) - 1)
        return put(s, 1, host(TOK[1]))
    }
    for (k = 2; k <= NT; k++)  # crm_mon: "Online: [ node1 node2 ]"
        if (TOK[k] == "[" && (TOK[k - 1] in CRM)) {
            e = 0
            for (j = k + 1; j <= NT; j++) if (TOK[j] == "]") { e = j; break }
            for (j = (e ? e - 1 : 0); j > k; j--) if (host_word(TOK[j])) s = put(s, j, host(TOK[j]))
            return s
        }
    if (NT >= 3 && (NT + 1) % 4 == 0) {  # z/VM q names: "LNXAPP59 - DSC , LNXAPP60 - DSC , TCPIP - DSC"
        all = 1
        for (g = 1; g <= NT; g += 4) {
            if (TOK[g + 1] != "-" || !upper_zname(TOK[g]) || !upper_zname(TOK[g + 2])) all = 0
            if (g + 3 <= NT && TOK[g + 3] != ",") all = 0
        }
        if (all) {
            for (g = NT - 2; g >= 1; g -= 4) if (TOK[g] !~ ZVMSERVICE) s = put(s, g, host(TOK[g]))
            return s
        }
    }
    if (NT >= 2 && NT % 2 == 0) {
        all = 1
        for (k = 2; k <= NT; k += 2) if (!(TOK[k] in GRS)) all = 0
        for (k = 1; k <= NT; k += 2) if (!upper_zname(TOK[k])) all = 0
        if (all) for (k = NT - 1; k >= 1; k -= 2) s = put(s, k, host(TOK[k]))
    }
    return s
}
function xcf_rest(s,    k, c) {  # a D XCF member list going on (indented, system names only) after "SYSPLEX X: A B"
    if (!XCF) return s
    XCF = 0
    c = substr(s, 1, 1)
    if (c != " " && c != "\t") return s
    tokens(s)
    if (NT == 0) return s
    for (k = 1; k <= NT; k++) if (!upper_zname(TOK[k])) return s
    for (k = NT; k >= 1; k--) s = put(s, k, host(TOK[k]))
    XCF = 1
    return s
}
function guests(s,    k) {  # Integrity VM hpvmstatus rows: "sapvm01  1 [SH] HPUX  On (OS)  4 ..."
    tokens(s)
    if (NT < 4 || !host_word(TOK[1]) || !isdigits(TOK[2], 0) || length(TOK[2]) > 4) return s
    k = (NT >= 5 && TOK[3] ~ /^[A-Z][A-Z]?$/) ? 4 : 3
    if (TOK[k] !~ /^(HPUX|HP-UX|LINUX|WINDOWS|OPENVMS|UNKNOWN)$/ || TOK[k + 1] !~ /^(On|Off|Invalid)$/) return s
    return put(s, 1, host(TOK[1]))
}
function platform(s) {
    if (length(s) > 16384) { XCF = 0; return s }  # longer than the advisor reads: only the rules over the whole text (as advisor/redact.py)
    s = xcf_rest(s)
    s = z_keywords(s); s = z_statement(s); s = console(s); s = uname_a(s); s = log_host(s); s = hosts_line(s)
    s = welcome(s); s = last_login(s); s = partitions(s); s = guests(s); s = disk_ids(s); s = labelled_ids(s); s = network_rows(s)
    s = logins(s); s = nfs(s); s = long_ids(s); s = targets(s)
    return listings(s)
}
function typed(b) { sub(/[ \t]+$/, "", b); return b == "" || substr(b, length(b), 1) ~ /[#$>%]/ || b ~ /^[+][+]?[+]?$/ }
function under_header(b, s,    nf, nv, fl, vl, k, out, end) {  # lsattr -EOl "#pvid:unique_id" rows; cmviewcl "CLUSTER STATUS"
    if (substr(b, 1, 1) == "#") {
        nf = split(substr(b, 2), fl, ":")
        end = s; sub(/\r+$/, "", end); end = substr(s, length(end) + 1)
        nv = split(substr(s, 1, length(s) - length(end)), vl, ":")
        if (nf < 2 || nv != nf) return s
        for (k = 1; k <= nf; k++) if (fl[k] !~ /^[a-z_0-9]+$/) return s
        out = ""
        for (k = 1; k <= nf; k++) {
            if (fl[k] == "pvid" && hexw(vl[k], 16, 32, 0)) vl[k] = stand_in("pvid", vl[k])
            else if (fl[k] == "unique_id" && vl[k] ~ /^[A-Za-z0-9-]+$/ && length(vl[k]) >= 8 && length(vl[k]) <= 80) vl[k] = stand_in("serial", vl[k])
            out = out (k > 1 ? ":" : "") vl[k]
        }
        return out end
    }
    tokens(b)
    if (NT != 2 || TOK[1] != "CLUSTER" || TOK[2] != "STATUS") return s
    tokens(s)
    if (NT == 2 && (TOK[2] in SGSTATUS) && host_word(TOK[1])) return put(s, 1, host(TOK[1]))
    return s
}
function userids(s,    k, all) {  # a row of z/VM user ids under "Authorized userids:"; USERIDS = 0 when the list ends
    if (length(s) > 16384) { USERIDS = 0; return s }
    tokens(s)
    all = NT > 0
    for (k = 1; k <= NT; k++) if (!upper_zname(TOK[k])) all = 0
    if (!all) { USERIDS = 0; return s }
    for (k = NT; k >= 1; k--) if (TOK[k] !~ ZVMSERVICE) s = put(s, k, host(TOK[k]))
    return s
}
function next_line(b, s,    k, c, kind, v, at) {  # the output of hostname / uname -n (a host), uname -m / getconf (a serial)
    sub(/[ \t\r]+$/, "", b)
    if (substr(b, 1, 1) == "#" && index(b, ":") && !index(b, " ") || substr(b, length(b) - 6) == " STATUS") return under_header(b, s)
    if (!index("esfnmLTiI", substr(b, length(b), 1)) || b == "") return s  # the last letters of the commands
    kind = ""
    for (k = 1; k <= NNEXT; k++) {
        c = NEXTC[k]
        if (length(b) >= length(c) && substr(b, length(b) - length(c) + 1) == c && typed(substr(b, 1, length(b) - length(c)))) { kind = NEXTK[k]; break }
    }
    if (kind == "") return s
    if (kind == "lpar") {  # uname -L: "3 sapprd01_lpar"
        tokens(s)
        if (NT == 2 && isdigits(TOK[1], 0) && host_word(TOK[2])) return put(s, 2, host(TOK[2]))
        return s
    }
    v = s; sub(/^[ \t\r]+/, "", v); sub(/[ \t\r]+$/, "", v)
    if (v == "" || index(v, " ") || index(v, "\t")) return s
    at = index(s, v)
    if (kind == "host" && host_word(v)) v = substr(s, at, length(v)) SUBSEP host(v)
    else if (kind == "ip" && v ~ IPV4FULL && is_ip(v)) v = v SUBSEP stand_in("ip", v)
    else if (kind == "machine" && hexw(v, 12, 12, 1)) v = v SUBSEP stand_in("serial", v)
    else if (kind == "serial" && v ~ /^[A-Za-z0-9-]+$/ && length(v) >= 3 && length(v) <= 80 && v ~ /[0-9]/) v = v SUBSEP stand_in("serial", v)
    else return s
    split(v, W2, SUBSEP)
    return substr(s, 1, at - 1) W2[2] substr(s, at + length(W2[1]))
}
function hmc_command(s,    k, t) {
    if (s !~ HMCRE) return 0
    tokens(s)
    for (k = 1; k <= NT; k++) { t = TOK[k]; sub(/^command="/, "", t); if (cmdword(t) in HCMD) return 1 }
    return 0
}
function field_list(s,    k, w, n) {  # the -F field list (FLD[1..NFLD]) and the -r resource (RES)
    NFLD = 0; RES = ""
    tokens(s)
    for (k = 1; k <= NT; k++) W[k] = unquote(TOK[k])
    n = NT
    for (k = 1; k < n; k++) {
        if (W[k] == "-F" && W[k + 1] ~ /^[a-z0-9_,]+$/) NFLD = split(W[k + 1], FLD, ",")
        else if (W[k] == "-r") RES = W[k + 1]
    }
}
function hmc_names(s,    out, pos, rest, at, v, k, w, lead, m, b) {  # lpar_names=a,b; -m SYSTEM, -p/-n PARTITION
    if (length(s) > 16384) return s  # longer than the advisor reads (as advisor/redact.py)
    out = ""; pos = 1
    while (pos <= length(s)) {
        rest = substr(s, pos)
        if (!match(rest, /lpar_names?=/)) break
        at = pos + RSTART - 1
        b = at > 1 ? substr(s, at - 1, 1) : ""
        v = ""
        if (!(b != "" && wordch(b))) {
            v = substr(s, at + RLENGTH)
            if (match(v, /^[A-Za-z0-9_.,-]+/)) v = substr(v, 1, RLENGTH > 2048 ? 2048 : RLENGTH); else v = ""
        }
        if (v == "") { out = out substr(s, pos, at - pos + 1); pos = at + 1; continue }
        m = index(substr(s, at), "=")
        out = out substr(s, pos, at + m - pos) host_list(v)
        pos = at + m + length(v)
    }
    s = out substr(s, pos)
    tokens(s)
    for (k = NT; k >= 2; k--) {
        if (TOK[k - 1] != "-m" && TOK[k - 1] != "-p" && TOK[k - 1] != "-n") continue
        w = TOK[k]; lead = 0
        while (substr(w, lead + 1, 1) == "\"" || substr(w, lead + 1, 1) == Q) lead++
        m = run_of(w, lead + 1)
        if (m != "") s = substr(s, 1, TAT[k] + lead - 1) host(m) substr(s, TAT[k] + lead + length(m))
    }
    return s
}
function csv_parse(body,    i, j, n, r) {  # comma-separated items IT[1..NI] (IQ: quoted); 1 if they join back to body
    NI = 0; i = 1; n = length(body)
    while (i <= n + 1) {
        if (substr(body, i, 1) == "\"") {
            r = index(substr(body, i + 1), "\""); j = r ? i + r : n + 1
            NI++; IT[NI] = substr(body, i + 1, j - i - 1); IQ[NI] = 1
            i = j + 2
        } else {
            r = index(substr(body, i), ","); j = r ? i + r - 1 : n + 1
            NI++; IT[NI] = substr(body, i, j - i); IQ[NI] = 0
            i = j + 1
        }
    }
    r = ""
    for (i = 1; i <= NI; i++) r = r (i > 1 ? "," : "") (IQ[i] ? "\"" IT[i] "\"" : IT[i])
    return r == body
}
function trim(s) { sub(/^[ \t]+/, "", s); sub(/[ \t]+$/, "", s); return s }
function attribute(key, value, row,    sys) {  # one HMC attribute value, redacted as its name says
    sys = (("lpar_env" in KEYS) && !("lpar_name" in KEYS)) || (("type_model" in KEYS) && ("serial_num" in KEYS))
    if (key == "lpar_name" || key == "remote_lpar_name" || key == "lpar_names" || key == "hostname" || key == "domain" \
        || (key == "name" && sys)) return host_list(value)
    if ((key == "logical_serial_num" || (row && key == "serial_num")) && value ~ /^[A-Za-z0-9-]+$/ && length(value) >= 3 && length(value) <= 40)
        return stand_in("serial", value)
    if (index(key, "ipaddr") || index(key, "ipv6") || index(key, "gateway") || index(key, "server"))
        return ipv6(bounded(value, IPRE, "ip", "[A-Za-z0-9_.]", "[A-Za-z0-9_.]", 1))
    return value
}
function csv(s, pairs,    body, end, i, eq, key, out, v) {  # an attribute line (pairs) or a -F row, each value redacted
    body = s; end = ""
    while (substr(body, length(body), 1) == "\r") { body = substr(body, 1, length(body) - 1); end = end "\r" }
    if (!csv_parse(body)) return s
    if (pairs) {
        split("", KEYS)
        for (i = 1; i <= NI; i++) if ((eq = index(IT[i], "=")) > 0) KEYS[trim(substr(IT[i], 1, eq - 1))] = 1
    }
    out = ""
    for (i = 1; i <= NI; i++) {
        if (!pairs) v = attribute(FLD[i], IT[i], 1)
        else if ((eq = index(IT[i], "=")) > 0) { key = substr(IT[i], 1, eq - 1); v = key "=" attribute(trim(key), substr(IT[i], eq + 1), 0) }
        else v = attribute("", IT[i], 0)
        out = out (i > 1 ? "," : "") (IQ[i] ? "\"" v "\"" : v)
    }
    return out end
}
function fields_row(s,    body, i, same) {  # a -F listing row: as many cells as fields, not the --header row
    body = s
    while (substr(body, length(body), 1) == "\r") body = substr(body, 1, length(body) - 1)
    if (!csv_parse(body) || NI != NFLD) return 0
    same = 1
    for (i = 1; i <= NI; i++) if (IT[i] != FLD[i]) same = 0
    return !same
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
function is_ipv6(v,    g, n, i, k, t, long) {  # fe80::1, 2001:db8:0:0:0:0:0:5; not 08:00:00 nor eight pairs
    if (index(v, "::")) {
        t = v
        if (index(v, ":::") || gsub(/::/, "", t) != 1) return 0
        n = split(v, g, ":"); k = 0
        for (i = 1; i <= n; i++) if (g[i] != "") { k++; if (length(g[i]) > 4) return 0 }
        return k >= 1 && k <= 7
    }
    n = split(v, g, ":")
    if (n != 8) return 0
    long = 0
    for (i = 1; i <= n; i++) { if (length(g[i]) < 1 || length(g[i]) > 4) return 0; if (length(g[i]) >= 3) long = 1 }
    return long
}
function ipv6(s,    out, pos, rest, at, m, b, a) {
    if (!index(s, ":")) return s
    out = ""; pos = 1
    while (pos <= length(s)) {
        rest = substr(s, pos)
        if (!match(rest, /[0-9A-Fa-f]*:[0-9A-Fa-f:]*/)) break
        at = pos + RSTART - 1; m = substr(s, at, RLENGTH)
        b = at > 1 ? substr(s, at - 1, 1) : ""
        a = substr(s, at + RLENGTH, 1)
        if (length(m) >= 2 && length(m) <= 45 && !(b != "" && b ~ /[A-Za-z0-9_:.]/) && !(a != "" && a ~ /[A-Za-z0-9_:.]/) && is_ipv6(m))
            m = stand_in("ip6", m)
        out = out substr(s, pos, at - pos) m
        pos = at + RLENGTH
    }
    return out substr(s, pos)
}
function mark_csi(s,    out, i, p, e) {  # a break (SOH) after each colour code, so a name right after one is a word
    out = ""; i = 1
    while ((p = index(substr(s, i), ESC)) > 0) {
        p = i + p - 1
        e = csi_end(s, p)
        if (e > 0) { out = out substr(s, i, e - i) SOH; i = e }
        else { out = out substr(s, i, p - i + 1); i = p + 1 }
    }
    return out substr(s, i)
}
function domains(s,    k, d, low, at, p, out, b, a, r) {  # every occurrence of a learned domain ("." may precede)
    low = lower(s)
    for (k = 1; k <= NDOM; k++) {
        d = DORDER[k]
        if (!(at = index(low, d))) continue
        out = ""; p = 1
        while (at > 0) {
            b = at > 1 ? substr(s, at - 1, 1) : ""; a = substr(s, at + length(d), 1)
            if (b ~ /^[A-Za-z0-9-]$/ || a ~ /^[A-Za-z0-9-]$/) {
                r = index(substr(low, at + 1), d); at = r ? at + r : 0
                continue
            }
            out = out substr(s, p, at - p) DOMS[d]
            p = at + length(d)
            r = index(substr(low, p), d); at = r ? p + r - 1 : 0
        }
        if (out != "") { s = out substr(s, p); low = lower(s) }
    }
    return s
}
function names(s,    out, i, c, hit, marked, rest, j, best) {  # every whole-word occurrence of a name, longest first
    if (NNAMES == 0) return s
    marked = index(s, ESC) && !index(s, SOH)
    if (marked) s = mark_csi(s)
    out = ""; i = 1
    while (i <= length(s)) {
        rest = substr(s, i)  # jump to the next character that starts a name
        if (!match(rest, FIRSTRE)) { out = out rest; break }
        out = out substr(rest, 1, RSTART - 1); i += RSTART - 1
        hit = 0
        if (i == 1 || substr(s, i - 1, 1) !~ /[A-Za-z0-9.-]/) {
            best = 0  # the longest name here: each end before a word break, looked up (cost: the length of a name)
            for (j = i; j <= length(s) && j - i < MAXLEN && index(NAMECH, substr(s, j, 1)); j++) {
                c = substr(s, j + 1, 1)
                if ((c == "" || c !~ /[A-Za-z0-9-]/) && (lower(substr(s, i, j - i + 1)) in WW)) best = j - i + 1
            }
            if (best) { out = out cased(WW[lower(substr(s, i, best))], substr(s, i, best)); i += best; hit = 1 }
        }
        if (!hit) { out = out substr(s, i, 1); i++ }
    }
    if (marked) gsub(SOH, "", out)
    return out
}
BEGIN {
    H = "[0-9A-Fa-f]"; H2 = H H; H12 = H2 H2 H2 H2 H2 H2; H16 = H12 H2 H2
    MACRE = H2 "[:-]" H2 "[:-]" H2 "[:-]" H2 "[:-]" H2 "[:-]" H2
    WWPNRE = "(0x" H16 "|" H2 ":" H2 ":" H2 ":" H2 ":" H2 ":" H2 ":" H2 ":" H2 ")"
    A = "[0-9A-Za-z]"; A3 = A A A; A4 = A3 A
    C = "[0-9A-Z]"; LOCRE = "U" C C C C "\\." C C C "\\." C C C C C C C
    IPRE = "[0-9]+\\.[0-9]+\\.[0-9]+\\.[0-9]+"  # octets of more than 3 digits are refused in is_ip
    PLACEHOLDER = "^(xxx+|redacted|removed|hidden|masked|anonymi[sz]ed|(my|your)?[_-]?(host|server|node|lpar|partition)[_-]?name)$"
    COMMON = "^(local|localhost[a-z0-9_.-]*|loghost|loopback|ip6-[a-z0-9_.-]*|ipv6-[a-z0-9_.-]*|broadcasthost|linux|aix|vios|hmc|ibm|suse" \
        "|ubuntu|debian|fedora|centos|rhel|none|default|unknown|active|inactive)$"  # never names (a monoplex is LOCAL)
    ZCH = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789@#$"  # a z/OS or z/VM name
    ZERO16 = "0000000000000000"
    HEXTOK = "(^|[^a-z0-9])(0x)?" H16 H16 "[0-9a-f]?([^a-z0-9]|$)"  # a 32- or 33-digit hex word (on lower-cased text)
    ZVMSERVICE = "^(TCPIP|DTCVSW[0-9]|SYSTEM|OPERATOR|OPERSYMP|DISKACNT|EREP|MAINT[0-9]?[0-9]?[0-9]?[0-9]?|VSMSERVE|FTPSERVE" \
        "|PERFSVM|RSCS|GCS|DIRMAINT|DATAMOVE|TSAFVM|PERSMAPI|VMSERV[SURP]|SMTP|PORTMAP|SNMPD|REXECD|LPSERVE|NAMESRV)$"
    n = split("Online: OFFLINE: Offline: Standby: Maintenance: Pending: UNCLEAN:", w, " "); for (i = 1; i <= n; i++) CRM[w[i]] = 1
    DOTMAC = "^" H H "?\\." H H "?\\." H H "?\\." H H "?\\." H H "?\\." H H "?$"
    IPV4FULL = "^[0-9][0-9]?[0-9]?\\.[0-9][0-9]?[0-9]?\\.[0-9][0-9]?[0-9]?\\.[0-9][0-9]?[0-9]?$"
    n = split("Mon Tue Wed Thu Fri Sat Sun", w, " "); for (i = 1; i <= n; i++) DAYS[w[i]] = 1
    n = split("telnet ftp sftp rsh rlogin nslookup host showmount", w, " "); for (i = 1; i <= n; i++) TFIRST[w[i]] = 1
    n = split("ping ping6 traceroute traceroute6 tracepath", w, " "); for (i = 1; i <= n; i++) TLAST[w[i]] = 1
    TOPT["netperf"] = "-H"; TOPT["iperf"] = "-c"; TOPT["iperf3"] = "-c"
    n = split("COMMITTED APPLIED BROKEN EFIXLOCKED OBSOLETE APPLYING COMMITTING REJECTING COMMIT APPLY REJECT CLEANUP C A B E O M ?", w, " ")
    for (i = 1; i <= n; i++) LPP[w[i]] = 1
    n = split("Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec", w, " "); for (i = 1; i <= n; i++) MONTHS[w[i]] = 1
    n = split("Up Down Load Crash Hung Shut", w, " "); for (i = 1; i <= n; i++) VPAR[w[i]] = 1
    n = split("UP DOWN EFI BOOT SHUTDOWN HUNG CRASH LOAD", w, " "); for (i = 1; i <= n; i++) VPAR6[w[i]] = 1
    # commands whose output (the next line) is a host name or a serial (_NEXT_LINE in advisor/redact.py)
    NNEXT = split("hostname,host;hostname -s,host;hostname -f,host;uname -n,host;uname -m,machine;" \
        "getconf MACHINE_SERIAL,serial;getconf CS_MACHINE_SERIAL,serial;getconf CS_MACHINE_IDENT,serial;" \
        "getconf CS_PARTITION_IDENT,serial;getconf MACHINE_IDENT,serial;getconf PARTITION_IDENT,serial;" \
        "uname -L,lpar;hostname -i,ip;hostname -I,ip;uname -i,serial;cat /etc/hostname,host", w, ";")
    for (i = 1; i <= NNEXT; i++) { split(w[i], pr, ","); NEXTC[i] = pr[1]; NEXTK[i] = pr[2] }
    n = split("CONNECTED QUIESCED JOINING REBUILDING", w, " "); for (i = 1; i <= n; i++) GRS[w[i]] = 1
    n = split("GREEN YELLOW RED GRAY", w, " "); for (i = 1; i <= n; i++) SAPCOLOUR[w[i]] = 1
    n = split("SAPLOCALHOST, SAPLOCALHOSTFULL, SAPDBHOST, SAPGLOBALHOST, rdisp/mshost, j2ee/dbhost,", w, " ")
    for (i = 1; i <= n; i++) SAPKEY[w[i]] = 1
    n = split("up down unknown starting halting", w, " "); for (i = 1; i <= n; i++) SGSTATUS[w[i]] = 1
    n = split("running halted failed reforming unknown starting halting", w, " "); for (i = 1; i <= n; i++) SGSTATE[w[i]] = 1
    ESC = "\033"; SOH = "\001"; Q = "\047"
    SSHARGS = "bcDEeFIiJLlmOopQRSWw"  # ssh options that take a value
    # commands the advisor reads, first word after a bare "host #" / "host>" prompt (PROMPT_COMMANDS in advisor/redact.py)
    n = split("D DISPLAY amepat cat chatr ioscli ioslevel kctune lparstat lsattr lscpu lsdev lshwres lslic lslpp lsmap lssyscfg " \
        "lswpar machinfo mpsched netstat entstat oslevel parstatus pbrun prtconf ps psrset schedo ssh sudo svmon " \
        "swapinfo topas vmcp vmo vmstat vparstatus", w, " ")
    for (i = 1; i <= n; i++) PCMD[w[i]] = 1
    # HMC commands whose -m names a managed system (HMC_COMMANDS in advisor/redact.py)
    n = split("lssyscfg lshwres lslic lsrefcode lscod lsmemopt lslparutil lslparmigr chsyscfg chhwres mksyscfg rmsyscfg " \
        "chsysstate viosvrcmd mkvterm rmvterm", w, " ")
    for (i = 1; i <= n; i++) { HCMD[w[i]] = 1; HMCRE = HMCRE (i > 1 ? "|" : "") w[i] }
}
{ L[NR] = $0 }
END {
    for (i = 1; i <= NR; i++) L[i] = labels(L[i])
    for (i = 1; i <= NR; i++) L[i] = lpar_info(L[i])
    for (i = 1; i <= NR; i++) L[i] = doc_name(L[i])
    for (i = 1; i <= NR; i++) L[i] = marker_host(L[i])
    for (i = 1; i <= NR; i++) L[i] = user_at(L[i])
    for (i = 1; i <= NR; i++) L[i] = prompt(L[i])
    for (i = 1; i <= NR; i++) L[i] = ssh(L[i])
    XCF = 0
    for (i = 1; i <= NR; i++) L[i] = platform(L[i])
    USERIDS = 0
    for (i = 2; i <= NR; i++) {
        b = L[i - 1]; sub(/[ \t\r]+$/, "", b)
        if (length(b) >= 19 && substr(b, length(b) - 18) == "Authorized userids:") USERIDS = 1
        if (USERIDS) L[i] = userids(L[i])
        else L[i] = next_line(L[i - 1], L[i])
    }
    for (i = 1; i <= NR; i++) L[i] = serials(L[i])
    for (i = 1; i <= NR; i++) L[i] = hmc_serials(L[i])
    for (i = 1; i <= NR; i++) L[i] = location(L[i])
    for (i = 1; i <= NR; i++) L[i] = location_wwpn(L[i])
    for (i = 1; i <= NR; i++) L[i] = table_row(L[i])
    NFLD = 0; RES = ""
    for (i = 1; i <= NR; i++) {  # HMC: commands, attribute lines, -F rows
        l = L[i]
        if (index(l, "#### advisor-bundle") || hmc_command(l)) {
            field_list(l)
            if (hmc_command(l)) L[i] = hmc_names(l)
            continue
        }
        if (l ~ /^[ \t\r]*$/ || l ~ /[#$>]/) NFLD = 0
        if (l ~ /^[ \t]*"?[a-z][a-z0-9_]*=/) L[i] = csv(l, 1)
        else if (NFLD > 0 && fields_row(l)) {
            split("", KEYS)
            for (k = 1; k <= NFLD; k++) KEYS[FLD[k]] = 1
            if (RES == "lpar") KEYS["lpar_env"] = 1
            if (RES == "sys") { KEYS["type_model"] = 1; KEYS["serial_num"] = 1 }
            L[i] = csv(l, 0)
        }
    }
    for (i = 1; i <= NR; i++) L[i] = bounded(L[i], MACRE, "mac", "[A-Za-z0-9_:]", "[A-Za-z0-9_:]", 0)
    for (i = 1; i <= NR; i++) L[i] = bounded(L[i], WWPNRE, "wwpn", "[A-Za-z0-9_:]", "[A-Za-z0-9_:]", 0)
    for (i = 1; i <= NR; i++) L[i] = ipv6(L[i])
    for (i = 1; i <= NR; i++) {
        l = lower(L[i])
        if ((l ~ /addr|gateway|server|inet|ipv4|ipv6|netmask|subnet|broadcast|route/ || l ~ /(^|[^a-z0-9_])ip([^a-z0-9_]|$)/) \
            && L[i] !~ /^[ \t]*"?[a-z][a-z0-9_]*=/ && !fileset_row(L[i]))
            L[i] = bounded(L[i], IPRE, "ip", "[A-Za-z0-9_.]", "[A-Za-z0-9_.]", 1)
        if (l ~ /ww_?name|wwpn|wwnn|world wide|port name|network address|\(z8\)/)
            L[i] = bounded(L[i], H16, "wwpn", "[A-Za-z0-9_:]", "[A-Za-z0-9_:]", 0)
        if (l ~ /(^|[^a-z])mac([^a-z]|$)|hardware address|network address|station address|alt_addr/)
            L[i] = bounded(L[i], "(0x)?" H12, "mac", "[A-Za-z0-9_:]", "[A-Za-z0-9_:]", 0)
    }
    NNAMES = 0
    for (h in HOSTS) if (length(h) >= 3 && h !~ /^host[0-9]+$/) WW[h] = HOSTS[h]
    for (k in MAP) {  # and every IPv4 address, every serial of letters and digits (six or more) met
        split(k, kp, SUBSEP)
        if ((kp[1] == "ip" || kp[1] == "serial" && length(kp[2]) >= 6 && kp[2] ~ /[a-z]/ && kp[2] ~ /[0-9]/) && !(kp[2] in WW)) WW[kp[2]] = MAP[k]
    }
    FIRSTS = ""; NAMECH = ""; MAXLEN = 0  # the first characters, all characters and the longest length of the names
    for (h in WW) {
        NNAMES++
        if (length(h) > MAXLEN) MAXLEN = length(h)
        if (!index(FIRSTS, substr(h, 1, 1))) FIRSTS = FIRSTS substr(h, 1, 1)
        for (j = 1; j <= length(h); j++) if (!index(NAMECH, substr(h, j, 1))) NAMECH = NAMECH substr(h, j, 1)
    }
    NAMECH = NAMECH toupper(NAMECH)
    FIRSTRE = FIRSTS ~ /^[a-z0-9_@#$]*$/ ? "[" FIRSTS toupper(FIRSTS) "]" : "."  # other first characters: try each
    NDOM = 0
    for (d in DOMS) DORDER[++NDOM] = d
    for (i = 2; i <= NDOM; i++) {  # longest first, then in byte order (as advisor/redact.py sorts them)
        v = DORDER[i]
        for (j = i - 1; j >= 1 && (length(DORDER[j]) < length(v) || length(DORDER[j]) == length(v) && DORDER[j] > v); j--) DORDER[j + 1] = DORDER[j]
        DORDER[j + 1] = v
    }
    for (i = 1; i <= NR; i++) print domains(names(L[i]))
}
' ${1+"$1"}
