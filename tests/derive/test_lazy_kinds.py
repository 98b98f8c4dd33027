"""`advisor.derive` imports the derivations, and so the calculators, of the kinds it derives only
(issue 13's start-up: a check of one AIX document pays for no z/OS or HP-UX code). Checked on
sys.modules in a fresh process; and MODULES, the map that makes it possible, is checked true."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from advisor import derive
from advisor.documents import KINDS

ROOT = Path(__file__).parents[2]
PROBE = """
import json, sys
from advisor import derive
from advisor.documents.io import validate_document
derive.compute("aix-lpar", validate_document(json.load(open("examples/aix-ame4k-64k.json"))))
print(json.dumps(sorted(m for m in sys.modules if m.startswith(("advisor.derive", "advisor.calculators")))))
"""
AIX_ONLY = {
    "advisor.derive.ame",
    "advisor.derive.power",
    "advisor.derive.virtualio",
    "advisor.calculators.ame",
    "advisor.calculators.hpt",
    "advisor.calculators.veth_buffers",
    "advisor.calculators.vios_memory",
}


def test_deriving_an_aix_document_imports_no_other_platforms_calculators():
    proc = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    modules = set(json.loads(proc.stdout)) - {"advisor.derive", "advisor.calculators"}
    assert modules == AIX_ONLY


def test_every_derivation_is_listed_under_its_kinds():
    everything = derive.everything()
    assert set(derive.KINDS) == set(KINDS)
    for d in everything.values():
        module = d.module.removeprefix("advisor.derive.")
        assert set(d.kinds) <= set(derive.MODULES[module]), (d.name, module, d.kinds)
    for module, kinds in derive.MODULES.items():  # and no module is imported for a kind it does not serve
        assert all(any(k in d.kinds for d in everything.values() if d.module.endswith(f".{module}")) for k in kinds)


def test_a_kind_derives_in_the_same_order_whatever_was_imported_first():
    """The order of derived values reaches the facts and the output: it must not depend on which
    kind a process derived first (a VIOS first imports power.py before ame.py)."""
    probe = (
        "from advisor import derive; derive.applicable('vios'); derive.applicable('hpux-server'); "
        "print(' '.join(d.name for d in derive.applicable('aix-lpar').values()))"
    )
    proc = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    names = proc.stdout.split()
    assert names[0] == "ame_cpu_capacity_pct"  # ame.py's first, as when AIX is derived first
    assert names == [d.name for d in derive.applicable("aix-lpar").values()]
