"""--redact: site identifiers replaced by stable stand-ins of the same shape, the review still reads."""

from __future__ import annotations

from advisor.inputs import load_text
from advisor.redact import Redactor
from tests.parsers.parser_samples import load

SESSION = (
    "root@sapapp01:/ # prtconf\n"
    "System Model: IBM,9009-42A\n"
    "Machine Serial Number: 7834ABC\n"
    "Processor Type: PowerPC_POWER9\n"
    "Number Of Processors: 4\n"
    "LPAR Info: 7 sapapp01\n"
    "Memory Size: 65536 MB\n"
    "Good Memory Size: 65536 MB\n"
    "Kernel Type: 64-bit\n"
    "Host Name: sapapp01.example.com\n"
    "IP Address: 10.20.30.41\n"
    "Gateway: 10.20.30.1\n"
    "root@sapapp01:/ # lslpp -l devices.sddpcm.72.rte\n"
    "  devices.sddpcm.72.rte     2.7.1.1  COMMITTED  IBM SDD PCM for AIX V72\n"
    "root@sapapp01:/ # netstat -v ent0 | grep Address\n"
    "Hardware Address: fa:16:3e:12:34:56\n"
    "root@sapapp01:/ # lscfg -vl fcs0 | grep Network\n"
    "        Network Address.............10000090FA1B2C3D\n"
    "        World Wide Port Name: 0x10000090FA1B2C3D\n"
)


def test_identifiers_are_replaced_and_shapes_kept() -> None:
    out = Redactor().text(SESSION)
    for secret in ("sapapp01", "7834ABC", "10.20.30.41", "10.20.30.1", "fa:16:3e:12:34:56", "10000090FA1B2C3D"):
        assert secret.casefold() not in out.casefold(), secret
    assert "root@host1:/ # prtconf" in out and "LPAR Info: 7 host1" in out and "Host Name: host1" in out
    assert "IP Address: 192.0.2.2" in out and "Gateway: 192.0.2.3" in out
    assert "Hardware Address: 02:00:00:00:00:01" in out
    assert "World Wide Port Name: 0xc050760000000001" in out
    assert "2.7.1.1" in out  # a fileset level is no IP address


def test_the_mapping_is_stable_across_files_of_one_run() -> None:
    redactor = Redactor()
    first = redactor.text("Node Name : sapapp01\nIP Address: 10.1.1.1\n")
    second = redactor.text("root@sapapp01:/ # oslevel -s\nGateway: 10.1.1.1\n")
    assert first == "Node Name : host1\nIP Address: 192.0.2.2\n"
    assert second == "root@host1:/ # oslevel -s\nGateway: 192.0.2.2\n"


def test_a_redacted_output_still_builds_its_document() -> None:
    text = Redactor().text(load("lparstat_i.s2.txt"))
    plain = load_text(load("lparstat_i.s2.txt"), "plain.txt").model
    redacted = load_text(text, "redacted.txt").model
    assert redacted.name != plain.name and redacted.name.lower().startswith("host")  # HOST2 for a name in capitals
    assert redacted.cpu == plain.cpu and redacted.memory == plain.memory


def test_parse_and_check_redact_on_the_command_line(tmp_path) -> None:
    from typer.testing import CliRunner

    from advisor.cli import app
    from tests.assemble.helpers import write

    path = write(tmp_path, "session.txt", "root@sapapp01:/ # lparstat -i\n" + load("lparstat_i.s2.txt"))
    parsed = CliRunner().invoke(app, ["parse", "--redact", path])
    assert parsed.exit_code == 0, parsed.output
    assert '"name": "host' in parsed.stdout.lower()
    plain = CliRunner().invoke(app, ["parse", path])
    secret = load_text(load("lparstat_i.s2.txt"), "x").model.name
    assert secret in plain.stdout and secret not in parsed.stdout
    checked = CliRunner().invoke(app, ["check", "--redact", "--format", "json", path])
    assert checked.exit_code in (0, 1) and secret not in checked.stdout


def test_hmc_serials_in_mtms_and_default_system_names() -> None:
    text = "name=Server-9009-42A-SN7800ABC,serial_num=7800ABC\nlic_type=Managed System,mtms=9009-42A*7800ABC\n"
    out = Redactor().text(text)
    assert "7800ABC" not in out
    assert out.count("SN00001") == 3  # one serial, one stand-in, in all three spellings
    assert "Serial Number: AB" in Redactor().text("Serial Number: AB\n")  # too short: no label runs into it
