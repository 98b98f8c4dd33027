"""--redact in every input form the advisor reads: no identifier survives, and collect/redact.sh (awk, run
on the host) gives the same bytes as advisor/redact.py (run by `advisor parse --redact`) on the same text.

The corpus in tests/collect/redaction/ was written for this (prompts of every form the session splitter
reads, with colour codes; HMC default and -F output with quoted CSV values; a bundle; a `script`
typescript with CRLF; VIOS mappings), each file with the identifiers listed below.
"""

from __future__ import annotations

import random
import re
import resource
import subprocess
import time
from pathlib import Path

import pytest

from advisor.documents.errors import DocumentError
from advisor.inputs import load_text
from advisor.parsers import registry
from advisor.parsers.prompts import prompt
from advisor.redact import _NEXT_LINE, _TARGET_FIRST, _TARGET_LAST, HMC_COMMANDS, PROMPT_COMMANDS, Redactor

ROOT = Path(__file__).resolve().parents[2]
REDACT = ROOT / "collect" / "redact.sh"
CORPUS = Path(__file__).with_name("redaction")
SESSIONS = ROOT / "tests" / "parsers" / "sessions"
SAMPLES = ROOT / "tests" / "parsers" / "samples"

# Every identifier each file holds: host names (prompts, labels, ssh targets, WPARs, NFS server), HMC
# managed-system and partition names, serials (also inside location codes), IPv4/IPv6, MACs, WWPNs.
SECRETS = {
    CORPUS / "aix-prompts.synthetic.txt": [
        "sapprd01", "sapprd02", "SAPPRD02_LPAR", "db01", "corp.example.net", "7891ABC", "10.44.12.7",
        "10.44.12.1", "10.44.0.53", "10.44.12.9", "10.44.12.8", "fe80::a8f1:2cff:fe3b:77a1", "erpci01",
        "sapprd03", "fa:16:3e:a1:b2:c3", "C05076082D8A0010", "C05076082D8A0011", "FA163EA1B2C4",
        "C05076082D8A0012", "jump01", "erpapp07", "hmc01", "p10-frame-a", "erpapp08", "wpsap01", "wpsap02",
        "wpsap01h", "wpsap02h",
    ],
    CORPUS / "hmc-fields.synthetic.txt": [
        "hmcprd1", "P10-PRD-A", "78F1E2D", "10.9.8.21", "10.9.9.21", "2001:db8:9:8::21", "viosprd1", "erpdb01",
        "erpapp01", "erpapp02", "erpapp03", "10.9.8.31", "10.9.8.32", "FA163EC0FFEE", "c050760a1b2c0004",
        "c050760a1b2c0005",
    ],
    CORPUS / "hpux-bundle.synthetic.txt": [
        "hpsapci", "4a6e2f8c-1d3b-11e3-9c1a-2c59e5a1b2c3", "USE3241XYZ", "1248743308", "nfsswap01",
    ],
    CORPUS / "linux-z-typescript.synthetic.txt": [
        "lnxsap01", "0000000000029A4F", "ZLPAR21", "ZVMPROD3", "2001:db8:44:1::17", "fe80::1:22ff:fe33:4455",
    ],
    CORPUS / "vios-npiv.synthetic.txt": [
        "78F1E2D", "WZS03KL", "erpdb01", "00:14:5e:c2:1a:0b", "10000090FA8B1C2D", "500507680C11A0B2",
    ],
    CORPUS / "zos-console.synthetic.txt": [
        "PRDA", "PRDB", "PRDC", "PLEXP1", "CPCPRD1", "CPCPRD2", "LPPRDA", "LPPRDB", "SYSCLONE(PA)", "SYSCLONE(PB)",
        '"PA"', "0E3C48561", "00000001E3C4", "000000000001E3C4",
    ],
    CORPUS / "zos-ieasys.synthetic.txt": ["QASB", "SYSCLONE=QB"],
    CORPUS / "hpux-partitions.synthetic.txt": [
        "hpsdprd1", "SD64 Walldorf Prod", "USE46021KR", "USE46021KS", "sdprd erp", "sdqas01", "vperpci", "vperpdb",
        "3215542211", "3e0ec7d0-2a1b", "10.61.4.22", "10.61.4.10", "10.61.4.11", "walldorf.example.com",
    ],
    CORPUS / "aix-disks.synthetic.txt": [
        "sapdb02", "jumpbox07", "corp.example.net", "10.44.30.9", "00C8F1E24C00", "78C8F1E", "00c8f1e2a1b2c3d4",
        "00c8f1e2b2c3d4e5", "00c8f1e200004c000000017a3d5e6f70", "33213600507680180835E80000000000005D904214503IBMfcp",
        "8d8e5e0d-7a4b-3c2d-1e0f-a1b2c3d4e5f6", "33213600507680180835E80000000000005E904214503IBMfcp",
        "5005076801000abc", "5005076801300abc", "CSS4A21", "60050768018", "1A93E0A1B2", "10000090FA9C1D2E",
        "20000090FA9C1D2E",
    ],
    CORPUS / "zvm-linux.synthetic.txt": [
        "lnxerp03", "ZVMPRD7", "000000000008E4A2", "LPZVM7", "6f3c2a10-8d4b-4e5f-9a0b-1c2d3e4f5a6b",
        "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d", "2001:db8:61:4::a1", "10.61.8.13", "10.61.8.14", "lnxerp04",
        "wdf.example.com",
    ],
    CORPUS / "free-text.synthetic.txt": [
        "erpapp11", "fa.16.3e.1.b2.c3", "10.44.20", "10.44.20.31", "ERPAPP11_LPAR", "10.44.9.17", "jumpbox09",
        "corp.example.net", "nfssrv04", "erpapp12", "erpapp13", "erpprdcl", "hmc07", "mgmt.example.org", "10.50.1.7",
        "10.50.1.1", "10.50.1.53", "hpdb05", "001A4B2C3D4E", "10.61.7.0", "10.61.7.25",
        "600508b4000a1b2c0000c00000a10000", "lnxdb06", "3c9d2b1a0f8e4d7c6b5a49382716a5b4",
        "36005076801808350e800000000000a12", "36005076801808350e800000000000a13", "PRDX", "PRDY", "01E3C4",
        "erpdb21", "10.44.20.77", "erpci21", "10.44.0.53",
    ],
    CORPUS / "pasted-extras.synthetic.txt": [
        "erpapp31", "12AB34C", "prod.example.de", "10.70.3.31", "10.70.3.1", "10.70.0.10", "10.70.0.11",
        "mgmt.example.de", "001a4b2c3d5f", "hpci07", "3405551212", "hmc31", "21ABCDE", "10.50.3.31", "lnxdb07",
        "0E3C48", "sapprdci", "sapprdas1", "PRDQ", "PRDR",
    ],
    CORPUS / "pasted-extras2.synthetic.txt": [
        "erpapp41", "10.71.3.1", "10.71.3.41", "10.71.3.0", "13CD57E", "FGD0042", "hpsap42", "sapcl42", "hpsap43",
        "sapprdci42", "LNXERP44", "LNXERP45", "lnxerp44", "500507630703d3b3", "10.80.1.42", "00c8f1e2c3d4e5f6",
        "33213600507680180835E80000000000005F904214503IBMfcp",
    ],
    CORPUS / "pasted-extras3.synthetic.txt": [
        "erpapp51", "nfssrv51", "hmc51", "P9-PRD-51", "WZS0ABD", "erpdb59", "lnxapp59",
        "600507680180835e8000000000000a99", "10.72.1.59", "fe80::ff:fe00:59", "WDFPRIM", "WDFSEC", "hanaprd59",
        "hanaprd60", "LNXAPP60", "10.72.1.60", "wdf.example.com",
    ],
    CORPUS / "pasted-extras4.synthetic.txt": [  # zosprd7 since session 6 (D IPLINFO is read: a prompt before it)
        "zosprd7", "sapwd71", "ntp1", "10.73.5.1", "21DE9F7", "10.73.5.71", "emea.example.com", "sapwd72", "10.73.5.72",
        "GHJ0071",
        "1C9280C0F1", "200000109B6A7D71", "100000109B6A7D71", "hpwd73", "SGH4407WD7", "LNXWD74", "lnxwd74",
        "00000000000A7D74", "WDLP74",
    ],
    CORPUS / "pasted-extras5.synthetic.txt": [
        "sapprd81", "SAPPRD81", "corp81.example.com", "10.20.8.11", "SAPDB82", "sapdb82-boot", "10.20.8.12",
        "DBSERVER83", "10.20.8.13", "HmcFra84", "10.20.8.14", "PLEXP8", "SYSA8", "SYSE8", "ZPRD86", "ZPRD87", "hpvm88",
        "sapvm89", "oravm90", "lnxguest91", "erpvm92", "zosprd93", "trcaix94", "trcaix95", "trcdb96", "trchmc97",
    ],
    SESSIONS / "hmc-all-frames.synthetic.txt": [
        "hmc01", "7800ABC", "7899XYZ", "10.1.2.3", "10.1.2.4", "vios1", "sapprd01", "Server-9080-HEX",
    ],
    SESSIONS / "hmc-not-activated.synthetic.txt": ["hmc01", "p9a", "sapprd01", "sapdr01"],
    SESSIONS / "jump-host-ssh-sudo.synthetic.txt": ["jump01", "aix2", "aix1", "750_2_AIX1"],
    SESSIONS / "aix-host-hash-prompt.synthetic.txt": ["sapaix01", "aix1", "750_2_AIX1"],
    SESSIONS / "aix-host-gt-prompt.synthetic.txt": ["sapaix01", "aix1", "750_2_AIX1"],
    SESSIONS / "sles-typescript-ansi.synthetic.txt": ["lnx01", "ZVMLP44", "ZVMSYS1", "00000000000ABCDE"],
    SESSIONS / "aix-lsattr-hdisk72.synthetic.txt": ["sapaix01", "5005076801000123", "5005076801200123"],
    SESSIONS / "two-lpars-pasted.synthetic.txt": ["aix1", "aix2", "750_2_AIX1", "750_2_AIX2"],
}  # fmt: skip


def _sh(text: str, tmp_path: Path) -> str:
    source = tmp_path / "in.txt"
    source.write_bytes(text.encode("utf-8"))
    done = subprocess.run(["sh", str(REDACT), str(source)], capture_output=True, timeout=120, env={"LC_ALL": "C"})
    assert done.returncode == 0, done.stderr
    return done.stdout.decode("utf-8")


def _read(path: Path) -> str:
    return path.read_bytes().decode("utf-8")


@pytest.mark.parametrize("path", sorted(SECRETS), ids=lambda p: p.name)
def test_no_identifier_survives_either_redaction(path: Path, tmp_path: Path) -> None:
    text = _read(path)
    for secret in SECRETS[path]:
        assert secret.casefold() in text.casefold(), f"{secret} is not in {path.name}: the list is stale"
    python = Redactor().text(text)
    assert python == _sh(text, tmp_path)
    left = [secret for secret in SECRETS[path] if secret.casefold() in python.casefold()]
    assert left == []


def test_both_redactions_agree_on_every_session_and_corpus_file(tmp_path: Path) -> None:
    """One run over all files (each file's own markers and prompts, one mapping), CRLF and colour codes
    included; the samples are covered one by one in test_collect_redact.py."""
    paths = sorted(SESSIONS.glob("*.txt")) + sorted(CORPUS.glob("*.txt"))
    text = "".join(_read(p) for p in paths)
    assert "\r\n" in text and "\x1b[" in text
    assert Redactor().text(text) == _sh(text, tmp_path)


def test_both_redactions_agree_on_mutated_lines(tmp_path: Path) -> None:
    """Lines of every sample, session and corpus file with characters and words the rules look at (@ : / # > = ,
    quotes, colour codes, 0x, ::, -m, -F, ssh, SYSNAME=, IBM,02, PV IDENTIFIER, a line break...) inserted, dropped
    and swapped at random (fixed seed)."""
    lines = [
        line
        for path in sorted(SAMPLES.glob("*.txt")) + sorted(SESSIONS.glob("*.txt")) + sorted(CORPUS.glob("*.txt"))
        for line in _read(path).split("\n")
    ]
    pieces = [*"@:/#$>-_.,\"'= \t\r[]~0123456789abcdefABCDEFxXU", "\x1b[01;32m", "\x1b[0m", "::", "0x", "ssh "]
    pieces += ["-m ", "-F name,lpar_name ", "lpar_names=", "name=", 'host="', "root@", "U9009.42A.", "-W", "sudo "]
    pieces += ["SYSNAME=", "SYSCLONE(", '&SYSPLEX. = "', "SID(", "SYSPLEX ", "RO ", " AT ", "IBM,02", "CPC ND = ", "\n"]
    pieces += ["PV IDENTIFIER ", "pvid ", "unique_id ", "hdisk1 ", "Welcome to ", "Last login: from ", "Complex Name :"]
    pieces += ["virtual partition is ", "# hostname\n", "$ uname -n\n", "Nov 24 10:00:01 ", "AIX ", "Linux ", "HP-UX "]
    pieces += ["pts/0 ", "(", ")", " nfs3 ", "link#2 ", "root=", "rw=", "dm-0 ", "0x001A4B2C3D4E", "# uname -L\n"]
    pieces += ["search ", "*SE ", "*NA ", "identification = ", "CPU 00 ID ", " CONNECTED ", ", GREEN", "ping -c 1 "]
    pieces += [" UG ", "default ", " via ", " up ", " running", "CLUSTER STATUS\n", "#pvid:unique_id\n", "Attribute, "]
    pieces += ["Authorized userids:\n", " TCPIP", "LNXERP07 ", " -> ", "[SITEB] ", "Online: [ ", " ]", " - DSC , "]
    pieces += ["db07.corp.example.net ", ".corp.example.net", "ntp1.emea.example.com", "-example.net", "EXAMPLE.NET."]
    pieces += [" has address 10.9.9.9", "Name:   ", "\nName: db9.x.example.org\n"]
    rng = random.Random(16)
    mutated = []
    for _ in range(2500):
        chars = list(rng.choice(lines))
        for _ in range(rng.randint(0, 4)):
            at = rng.randint(0, len(chars))
            if rng.random() < 0.5 or not chars:
                chars[at:at] = [rng.choice(pieces)]
            else:
                chars[min(at, len(chars) - 1)] = rng.choice(pieces)
        mutated.append("".join(chars))
    text = "\n".join(mutated) + "\n"
    assert Redactor().text(text) == _sh(text, tmp_path)


def _anonymous(document: dict) -> dict:
    """A document without what redaction replaces by design: its name, its partitions' names, disks' PVIDs."""
    document.pop("name", None)
    for partition in document.get("partitions") or []:
        partition.pop("name")
    document["partitions"] = sorted(document.get("partitions") or [], key=repr)
    for disk in (document.get("storage") or {}).get("disks") or []:
        disk.pop("pvid", None)
    return document


@pytest.mark.parametrize(
    "name",
    [
        "hmc-fields.synthetic.txt", "hpux-bundle.synthetic.txt", "linux-z-typescript.synthetic.txt",
        "hpux-partitions.synthetic.txt", "zvm-linux.synthetic.txt",
    ],
)  # fmt: skip
def test_a_redacted_input_still_reads_the_same(name: str) -> None:
    """The stand-ins keep each value's shape: the document is the same but for the names."""
    text = _read(CORPUS / name)
    plain = load_text(text, name).model.model_dump(mode="json")
    redacted = load_text(Redactor().text(text), name).model.model_dump(mode="json")
    assert re.fullmatch(r"(?i)host\d+", redacted["name"]) and plain["name"] in text
    assert _anonymous(redacted) == _anonymous(plain)


def test_every_input_the_advisor_reads_reads_the_same_after_redaction() -> None:
    """Every sample, session and corpus file that makes a document: redacted, it makes the same document but
    for the names and PVIDs (a rule that took a value the advisor reads for a name would show here)."""
    paths = sorted(SAMPLES.glob("*.txt")) + sorted(SESSIONS.glob("*.txt")) + sorted(CORPUS.glob("*.txt"))
    compared, changed = 0, []
    for path in paths:
        text = _read(path)
        name = None
        try:
            plain = load_text(text, path.name).model.model_dump(mode="json")
        except DocumentError:
            try:  # an output that names no system (IEASYSxx, lsattr...): named by hand, as --name does
                name = "given"
                plain = load_text(text, path.name, name=name).model.model_dump(mode="json")
            except DocumentError:
                continue
        redacted = load_text(Redactor().text(text), path.name, name=name).model.model_dump(mode="json")
        compared += 1
        if _anonymous(redacted) != _anonymous(plain):
            changed.append(path.name)
    assert compared >= 90 and changed == []  # 97 files


def test_a_version_on_an_hmc_line_with_an_address_stays(tmp_path: Path) -> None:
    line = "name=vios1,lpar_id=1,lpar_env=vioserver,os_version=VIOS 3.1.4.10,rmc_ipaddr=10.1.2.3\n"
    assert (
        Redactor().text(line)
        == _sh(line, tmp_path)
        == "name=host1,lpar_id=1,lpar_env=vioserver,os_version=VIOS 3.1.4.10,rmc_ipaddr=192.0.2.2\n"
    )


def test_what_is_no_identifier_stays(tmp_path: Path) -> None:
    text = (
        "lssyscfg -r prof -m sys1\n"  # a profile name and a pool name are no identifiers
        "name=normal,lpar_name=erp1,lpar_id=2,lpar_env=aixlinux\n"
        "name=DefaultPool,shared_proc_pool_id=0\n"
        "Nodename: HOSTNAME\n"  # what a redacted output prints instead of a name
        "sys_time=11/24/2026 08:00:00, fileset 7.2.5.1\n"  # a time is no IPv6 address, a level no IPv4 one
        "bash-4.4# lsdev -Cc disk\n"  # a shell's name is no host
    )
    out = Redactor().text(text)
    assert out == _sh(text, tmp_path)
    for kept in ("name=normal,", "DefaultPool", "HOSTNAME", "08:00:00", "7.2.5.1", "bash-4.4#"):
        assert kept in out, kept
    assert "erp1" not in out and "sys1" not in out


def test_words_that_name_nothing_stay(tmp_path: Path) -> None:
    """A monoplex's sysplex LOCAL, an OS in a banner, a fileset level before words, a SEA's VLAN pvid, a LUN id,
    localhost, LDR_CNTRL's 64K@TEXTPSIZE, an lslpp level on a TCP/IP line: none is a name or an address, and none may
    change a value the advisor reads."""
    text = (
        "SYSPLEX  LOCAL\n"
        "The local partition number is 0.\n"
        "*  Welcome to AIX Version 7.3!  *\n"
        "Welcome to SUSE Linux Enterprise Server 15 SP5 (s390x)\n"
        "  7.2.5.1  COMMITTED  Base Operating System Runtime\n"
        "pvid          1              PVID to use for the SEA device                 True\n"
        "lun_id        0x1000000000000    Logical Unit Number ID    False\n"
        "127.0.0.1       localhost loghost\n"
        "hostname\n"  # no prompt before it: a word, not the command
        "7300-02-01-2346\n"
        "LDR_CNTRL=DATAPSIZE=64K@TEXTPSIZE=64K@STACKPSIZE=64K@SHMPSIZE=64K\n"  # no user@host
        "  bos.net.tcp.server        7.2.5.1  COMMITTED  TCP/IP Server\n"  # a level, though the line says IP
        "  bos.net.tcp.client        7.2.5.1    C     F    TCP/IP Client Support\n"
        "  7.2.5.1  COMMIT     COMPLETE    11/20/26    10:00:01\n"
        "root@host1:/ # host ping\n"  # a word with no digit or dot is no target
    )
    out = Redactor().text(text)
    assert out == _sh(text, tmp_path) == text


def test_a_name_keeps_its_case_and_an_id_its_form(tmp_path: Path) -> None:
    """SYSNAME=PRDA gives HOST1 and prda host1; one WWPN written three ways keeps each way; lspv's PVID and
    lsattr's (16 zeros after it) get one stand-in."""
    text = (
        "SYSNAME=PRDA,\n"
        "prda:/ # lsattr -El fcs0\n"
        "ww_name 0x10000090FA8B1C2D FC World Wide Name False\n"
        "Physloc U78DA.ND0.WZS03KL-P0-C7-T0-W10000090FA8B1C2D-L0\n"
        "hdisk1          00c8f1e2b2c3d4e5                    sapvg           active\n"
        "pvid            00c8f1e2b2c3d4e50000000000000000    Physical volume identifier False\n"
    )
    out = Redactor().text(text)
    assert out == _sh(text, tmp_path)
    lines = out.splitlines()
    assert lines[0] == "SYSNAME=HOST1," and lines[1].startswith("host1:/ #")
    assert "0xc050760000000001" in lines[2] and "-Wc050760000000001-" in lines[3]
    assert "00c0de0000000001 " in lines[4] and "00c0de00000000010000000000000000 " in lines[5]


def test_the_command_lists_match_the_registry_and_redact_sh() -> None:
    """A bare "host # cmd" prompt is one only before a command the advisor reads: both lists are the same (and
    so are the lists of commands that name another host, and of those whose output is a name or a serial)."""
    script = re.sub(r'" \\\n\s*"', "", REDACT.read_text())  # awk's continued string literals, joined
    lists = [set(found.split()) for found in re.findall(r'split\("([A-Za-z_0-9 ]+)", w, " "\)', script)]
    assert PROMPT_COMMANDS in lists and HMC_COMMANDS in lists
    assert set(_TARGET_FIRST) in lists and set(_TARGET_LAST) in lists
    next_line = re.search(r'NNEXT = split\("([^"]+)", w, ";"\)', script)
    assert next_line is not None
    assert [tuple(pair.split(",")) for pair in next_line.group(1).split(";")] == list(_NEXT_LINE)
    never_typed = {"IEASYSxx", "IAR040I/IAR048I"}  # a parmlib member and IPL messages: no prompt comes before them
    read = {command.split()[0] for command in registry.commands()} - never_typed
    assert read <= PROMPT_COMMANDS


def test_one_address_one_stand_in_when_two_rules_see_it(tmp_path: Path) -> None:
    """A -F row is redacted by its fields; the line rule (the row says "server") must not redact it again."""
    text = (
        "hscroot@hmc1:~> lssyscfg -r lpar -m sys1 -F name,lpar_env,rmc_ipaddr\n"
        "vios1,vioserver,10.1.2.3\n"
        "IP Address: 10.1.2.3\n"
        "serial_num=7800ABC, Serial Number: 7800ABC\n"
    )
    redacted = Redactor().text(text)
    assert redacted == _sh(text, tmp_path)
    out = redacted.splitlines()
    assert out[1] == "host3,vioserver,192.0.2.2" and out[2] == "IP Address: 192.0.2.2"
    assert out[3] == "serial_num=SN00001, Serial Number: SN00001"


def _named(text: str, source: str) -> set[str]:
    """What the advisor itself reads as a system's identity: each prompt's host, the document's name and
    its partitions' names."""
    found = {p.host for line in text.split("\n") if (p := prompt(line.rstrip("\r"))) is not None and p.host}
    try:
        model = load_text(text, source).model
    except DocumentError:
        return found
    found |= {model.name, *(p.name for p in getattr(model, "partitions", None) or [])}
    return {name for name in found if len(name) >= 3 and not re.fullmatch(r"(?i)x{3,}|hostname", name)}


def test_no_name_the_advisor_reads_survives_redaction_in_any_sample_session_or_corpus_file() -> None:
    paths = sorted(SAMPLES.glob("*.txt")) + sorted(SESSIONS.glob("*.txt")) + sorted(CORPUS.glob("*.txt"))
    checked, left = 0, []
    for path in paths:
        text = _read(path)
        names = _named(text, path.name)
        redacted = Redactor().text(text).casefold()
        checked += len(names)
        left += [
            (path.name, n) for n in names if re.search(rf"(?<![a-z0-9]){re.escape(n.casefold())}(?![a-z0-9])", redacted)
        ]
    assert checked >= 50 and left == []  # 59 names over 134 files


def test_redact_sh_is_posix_awk_where_mawk_is_lenient() -> None:
    """POSIX awk (AIX, HP-UX, gawk --posix) refuses a parameter named as a function and interval expressions;
    mawk takes both, so the suite's awk would not notice."""
    script = REDACT.read_text()
    functions = set(re.findall(r"^function (\w+)\(", script, re.M))
    clashes = [
        (name, param)
        for name, params in re.findall(r"^function (\w+)\(([^)]*)\)", script, re.M)
        for param in re.split(r"[\s,]+", params.strip())
        if param in functions
    ]
    assert clashes == []
    program = script[script.index("exec awk '") : script.rindex("' ${1+")]
    assert re.search(r"\][{][0-9]", program) is None  # no [..]{n,m}: some awks read the braces literally


def test_a_line_longer_than_the_parse_reads_costs_linear_time(tmp_path: Path) -> None:
    """One 1 MB line of SYSNAME= statements took 20 s of CPU with the per-line rules (each replacement copies the
    line); past the parse's line limit only the rules over the whole text run, in both implementations."""
    line = "SYSNAME=PRDA," * (1_000_000 // 13)
    start = time.process_time()
    out = Redactor().text(line + "\nSYSNAME=PRDA,\n")
    Redactor().text("lssyscfg -r lpar -m sys1 " * 40_000)  # session 4's -m rule: 1 MB took 4 s
    assert time.process_time() - start < 10  # about 0.5 s
    assert out.endswith("\nSYSNAME=HOST1,\n") and out.startswith("SYSNAME=HOST1,SYSNAME=HOST1,")  # learned below
    short = "x" * 16_360 + " SYSNAME=PRDB,\n" + "y" * 16_390 + " SYSNAME=PRDC,\n"
    assert Redactor().text(short) == _sh(short, tmp_path) == short.replace("PRDB", "HOST1")


def test_thousands_of_learned_names_cost_linear_time(tmp_path: Path) -> None:
    """An /etc/hosts of 4,000 lines teaches 12,000 names and addresses: the whole-word pass tried each name at each
    word (Python 3 s, awk over a minute for these 0.2 MB); a tree of names (Python) and a look-up of each
    candidate end (awk) cost the length of a name instead."""
    text = "".join(f"10.{i % 250}.{i // 250}.{i % 200 + 1}   host-{i}.example.com srv{i}x\n" for i in range(4_000))
    start = time.process_time()
    python = Redactor().text(text)
    assert time.process_time() - start < 10  # under 1 s
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime
    assert _sh(text, tmp_path) == python
    assert resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime - before < 10  # under 1 s
    assert "srv3999x" not in python and "example.com" not in python
