"""Session 6's public-output fixes (issue 16): shapes public outputs come in that were refused in full though an
admin reads them.  Samples in tests/parsers/public6/ were written for these tests in the shapes projects publish
outputs in (a script's comments, a C block comment, a Java text block, a monitoring agent's sections); the
others are written inline from the commands' documented forms.  Each test checks the values the text states, or
the refusal or note that says why not.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from advisor.documents.errors import DocumentError
from advisor.inputs import load_text, read_outputs
from advisor.parsers.pasted import unwrap
from tests.parsers.parser_samples import SAMPLES, load, names

HERE = Path(__file__).parent / "public6"
SESSIONS = Path(__file__).parent / "sessions"


def _text(name: str) -> str:
    return (HERE / name).read_text(encoding="utf-8")


def _doc(text: str, name: str | None = None) -> dict:
    return load_text(text, "pasted.txt", name=name).document_json()


def _warnings(text: str, name: str | None = None) -> list[str]:
    return [w.reason for w in load_text(text, "pasted.txt", name=name).warnings]


def _refusal(text: str, name: str | None = None) -> str:
    with pytest.raises(DocumentError) as err:
        load_text(text, "pasted.txt", name=name)
    assert len(err.value.issues) == 1, err.value.issues
    return err.value.issues[0].message


# --- lsattr -EOl procN: the colon form (fusioninventory and scripts ask for it) ----------------------------------


@pytest.mark.parametrize(
    ("text", "processor", "smt"),
    [
        ("#frequency:smt_enabled:smt_threads:state:type\n3800000000:true:8:enable:PowerPC_POWER9\n", "POWER9", 8),
        ("#state:type:smt_threads:frequency\nenable:PowerPC_POWER8:4:3525000000\n", "POWER8", 4),
        ("#type:frequency:smt_threads\nPowerPC_POWER6:4704000000:2\n", "POWER6", 2),
        ("#frequency:smt_enabled:smt_threads:state:type\n3800000000:false:1:enable:PowerPC_POWER9\n", "POWER9", 1),
        ("#type:smt_threads\nPowerPC_POWER10:8\n", "POWER10", 8),
    ],
    ids=["all-attributes", "a-state-type-threads", "aix53-order", "smt-off", "two-attributes"],
)
def test_lsattr_colon_form_of_a_processor(text: str, processor: str, smt: int) -> None:
    """Was: refused ("state no field"): a processor was told only by smt_threads, smt_enabled and type together,
    and `lsattr -EOl proc0 -a ...` prints only the attributes asked for."""
    doc = _doc(text, name="lp1")
    assert (doc["processor"], doc["cpu"]["smt"]) == (processor, smt)


def test_lsattr_colon_form_of_a_power7_keeps_the_processor_out_with_a_note() -> None:
    text = "#state:type:smt_threads:frequency\nenable:PowerPC_POWER7:4:3550000000\n"
    assert _doc(text, name="lp1")["cpu"]["smt"] == 4
    assert "processor" not in _doc(text, name="lp1")
    assert any("POWER7 and POWER7+" in w for w in _warnings(text, name="lp1"))


def test_lsattr_colon_form_of_other_devices_is_no_processor() -> None:
    """A type attribute that is no processor type (a disk's, an adapter's) does not make a processor."""
    text = "#PCM:algorithm:queue_depth:reserve_policy:type\nPCM/friend/aixmpiods8k:fail_over:20:no_reserve:fcp\n"
    assert "state no field" in _refusal(text, name="lp1")


# --- lsattr procN of another machine beside prtconf ------------------------------------------------------------

_PRTCONF = (
    "System Model: IBM,9009-42A\nMachine Serial Number: 78ABCDE\nProcessor Type: PowerPC_POWER9\n"
    "Processor Implementation Mode: POWER 9\nNumber Of Processors: 6\nProcessor Clock Speed: 3800 MHz\n"
    "CPU Type: 64-bit\nKernel Type: 64-bit\nLPAR Info: 5 aixsap11\nMemory Size: 131072 MB\n"
    "Platform Firmware level: VL950_099\n"
)
_PROC0 = (
    "attribute   value          description           user_settable\n\n"
    "frequency   {hz}     Processor Speed       False\n"
    "smt_enabled true           Processor SMT enabled False\n"
    "smt_threads 4              Processor SMT threads False\n"
    "state       enable         Processor state       False\n"
    "type        PowerPC_POWER9 Processor type        False\n"
)


def _session(hz: str) -> str:
    return f"# prtconf\n{_PRTCONF}# lsattr -El proc0\n{_PROC0.format(hz=hz)}"


def test_lsattr_proc_of_the_same_machine_gives_smt() -> None:
    assert _doc(_session("3800000000"))["cpu"]["smt"] == 4


def test_lsattr_proc_whose_clock_is_not_prtconfs_is_another_machines() -> None:
    """A script's comments quoting prtconf of one machine and lsattr proc0 of another: cpu.smt was taken from
    the other machine's proc0, without a word."""
    doc = _doc(_session("4150000000"))
    assert "cpu" not in doc and doc["processor"] == "POWER9"
    assert any("not of one machine" in w for w in _warnings(_session("4150000000")))


# --- outputs quoted in program text: comments, C blocks, Java text blocks, a monitoring agent's sections --------


def test_an_lparstat_in_a_scripts_comments_reads_as_plain() -> None:
    doc = _doc(_text("script.comments-lparstat-prtconf.txt"))
    assert doc["name"] == "LPARSAP03"
    assert doc["cpu"] == {
        "mode": "shared",
        "entitled_capacity": 1.5,
        "virtual_processors": 3,
        "sharing": "uncapped",
        "weight": 128,
        "smt": 8,
        "pool_cores": 36,
    }
    assert (doc["memory"]["desired_gb"], doc["memory"]["max_gb"]) == (64.0, 96.0)


def test_a_machinfo_in_a_c_block_comment() -> None:
    doc = _doc(_text("cblock.comment-machinfo-rx2800.txt"))
    assert (doc["name"], doc["os_version"], doc["cores"]) == ("erpdb2", "11iv3", 16)
    assert doc["memory_gb"] == pytest.approx(196563 / 1024)


def test_a_sysinfo_in_a_java_text_block() -> None:
    """Each line ends in the text block's literal "\\n": the Type was "3931\\n", no machine the table knows."""
    doc = _doc(_text("java.textblock-sysinfo-z16-zvm73.txt"))
    assert (doc["name"], doc["machine"], doc["zvm"]) == ("ZVMP21", "z16", {"version": "7.3"})


def test_a_monitoring_agents_prtconf_section() -> None:
    doc = _doc(_text("checkmk.agent-prtconf-section.txt"))
    assert (doc["name"], doc["processor"], doc["firmware_level"]) == ("AIXSAP11", "POWER9", 950)


def _commented(text: str, marker: str) -> str:
    return "".join(f"{marker}{line}".rstrip(" ") + "\n" for line in text.splitlines())


def _text_block(text: str) -> str:
    return '        String out = """\n' + "".join(f"            {line}\\n\n" for line in text.splitlines()) + '"""\n'


_FORMS = {
    "hash": lambda t: _commented(t, "# "),
    "c-block": lambda t: "/*\n" + _commented(t, " * ") + " */\n",
    "slashes": lambda t: _commented(t, "    // "),
    "java-text-block": _text_block,
}


def _outputs(text: str) -> list[tuple[str, dict]] | str:
    """The outputs read from ``text`` (command and data), or the refusal's message."""
    try:
        _form, _data, outputs, _problems = read_outputs(text, "pasted.txt")
    except DocumentError as err:
        return str(err)
    return [(o.command, o.data) for o in outputs]


@pytest.mark.parametrize("form", sorted(_FORMS))
def test_every_sample_reads_the_same_inside_program_text(form: str) -> None:
    """Every repository sample, quoted in a comment or a text block, gives the outputs and values it gives
    plain (the comment's opening and closing lines aside)."""
    differ = []
    for name in names():
        plain = load(name)
        if len(plain.splitlines()) < 3:
            continue
        if _outputs(_FORMS[form](plain)) != _outputs(plain):
            differ.append(name)
    assert not differ, differ


@pytest.mark.parametrize("path", sorted(p.name for p in SESSIONS.glob("*.txt")))
def test_sessions_are_never_taken_for_comments(path: str) -> None:
    """Root prompts (`# lsdev ...`) open lines like a comment marker; a session's output lines outnumber them."""
    text = (SESSIONS / path).read_text(encoding="utf-8")
    assert unwrap(text) == text


def test_a_session_of_one_line_outputs_is_no_comment() -> None:
    text = "# oslevel -s\n7300-02-01-2346\n# uname -L\n7 aixsap07\n# ioslevel\n# bootinfo -K\n64\n"
    assert unwrap(text) == text


def test_repository_samples_are_not_unwrapped() -> None:
    changed = [name for name in names() if unwrap(load(name)) != load(name)]
    assert not changed, changed
    assert SAMPLES.is_dir()


# --- /proc/sysinfo: the LPAR z/VM runs in names the document -------------------------------------------------

_SYSINFO = (
    "Manufacturer:         IBM\nType:                 8561\nModel:                701              T01\n"
    "\nLPAR Number:          12\nLPAR Characteristics: Shared\nLPAR Name:            ZVMPRD1\n"
    "LPAR CPUs Total:      6\n\n{levels}"
)
_VM = "VM{n:02d} Name:            {user}\nVM{n:02d} Control Program: {cp}\nVM{n:02d} CPUs Total:      2\n"


def test_sysinfo_with_zvm_right_in_the_lpar_is_named_by_the_lpar() -> None:
    """Was: refused asking for --name; VM00 Name is the guest's user id, the LPAR is the z/VM partition."""
    doc = _doc(_SYSINFO.format(levels=_VM.format(n=0, user="LNXSAP1", cp="z/VM    7.3.0")))
    assert (doc["kind"], doc["name"], doc["machine"], doc["zvm"]) == ("zvm-lpar", "ZVMPRD1", "z15", {"version": "7.3"})


def test_sysinfo_with_zvm_under_zvm_names_nothing() -> None:
    levels = _VM.format(n=0, user="ZVMSEC", cp="z/VM    7.3.0") + _VM.format(n=1, user="LNX1", cp="z/VM    7.2.0")
    assert "--name" in _refusal(_SYSINFO.format(levels=levels))


def test_a_callers_name_still_wins_over_the_lpar_name() -> None:
    text = _SYSINFO.format(levels=_VM.format(n=0, user="LNXSAP1", cp="z/VM    7.3.0"))
    assert _doc(text, name="zvmsap")["name"] == "zvmsap"


def test_sysinfo_of_a_kvm_guest_is_still_refused() -> None:
    assert "KVM" in _refusal(_SYSINFO.format(levels=_VM.format(n=0, user="guest1", cp="KVM/Linux")))


# --- HMC lssyscfg -r sys of a POWER5 frame (older HMC, powered off) -------------------------------------------

_P5 = (
    "name=p5-520-prod,type_model=9131-52A,serial_num=10ABCDE,ipaddr=10.1.1.20,state={state},"
    "detailed_state=None,sys_time=03/11/2009 08:15:02,active_lpar_mobility_capable={cap},max_lpars={lpars},"
    "service_lpar_id=none,curr_sys_keylock=norm,power_on_option=standby\n"
)


@pytest.mark.parametrize(
    ("state", "cap", "lpars"), [("Operating", "0", "20"), ("Power Off", "unavailable", "unavailable")]
)
def test_a_power5_frame_gives_its_processor(state: str, cap: str, lpars: str) -> None:
    """Was: refused ("state no field"): the p5 type-models were not in the table."""
    doc = _doc(_P5.format(state=state, cap=cap, lpars=lpars))
    assert (doc["kind"], doc["name"], doc["processor"]) == ("managed-system", "p5-520-prod", "POWER5")
