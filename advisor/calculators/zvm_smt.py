"""SMT for SAP application servers under z/VM (IBM Redpaper REDP-5287-00).

* "Introduction": 2-way SMT arrived with the z13, for IFL and zIIP engines only.
* "Software": the measurements ran on z/VM 6.3 with APAR VM65586 (z/VM's SMT support).
* Table 2: the three runs (zEC12; z13 without SMT; z13 with SMT) at about 90 % CPU, from which
  the paper's percentages follow: z13 SMT vs z13 +28 % ETR / +29 % ITR, vs zEC12 +38 % ETR /
  +40 % ITR; z13 without SMT vs zEC12 +7 % ETR / +9 % ITR.

z/VM releases after 6.3 ship SMT support in the base; the paper predates them, so treating
6.4 and later as capable is IBM's product documentation, not this source.
"""

from __future__ import annotations

from pydantic import BaseModel

from advisor import linre
from advisor.citations import Cite

SOURCE = "ibm-z13-smt-sap-redp5287"
CITE_ENGINES = Cite(source=SOURCE, section="Introduction")
CITE_SOFTWARE = Cite(source=SOURCE, section="Software")
CITE_TABLE2 = Cite(source=SOURCE, section="Measurement results", locator="Table 2")

SMT_APAR = "VM65586"
SMT_FIRST_GENERATION = 13  # z13
SMT_ENGINES = ("ifl", "ziip")


class Run(BaseModel):
    run_id: str
    machine: str
    smt: bool | None  # None: not available (zEC12)
    users: int
    cpu_pct: float
    etr: float  # dialog steps per second
    itr: float


TABLE2 = {
    "zEC12": Run(run_id="S41030B1", machine="zEC12", smt=None, users=1968, cpu_pct=92.30, etr=175.34, itr=189.97),
    "z13": Run(run_id="S41107B2", machine="z13", smt=False, users=2240, cpu_pct=91.00, etr=188.29, itr=206.91),
    "z13-smt": Run(run_id="S41114B2", machine="z13", smt=True, users=2856, cpu_pct=90.50, etr=241.69, itr=267.06),
}


# What the paper itself states of a gain, in its own rounding (against the zEC12 only: Figure 4's text, Figure 5's text
# and the Summary); Table 2's figures give 37.8 % and 40.6 % with SMT, 7.4 % and 8.9 % core to core
PAPER_STATES = {
    ("zEC12", "z13-smt"): "38% higher ETR (Figure 4) and up to 40% more ITR (Figure 5)",
    ("zEC12", "z13"): "7% higher ETR (Figure 4) and a 9% ITR gain (Figure 5), core to core",
}


def paper_states(before: str, after: str) -> str | None:
    """The paper's own rounding of the gain of `after` over `before`, where it states one."""
    return PAPER_STATES.get((before, after))


class Gain(BaseModel):
    etr_pct: float
    itr_pct: float
    users: int
    users_pct: float  # more users carried at about the same CPU


def gain(before: str, after: str) -> Gain:
    """Percentage gain of `after` over `before` (keys of TABLE2), rounded to one decimal."""
    a, b = TABLE2[before], TABLE2[after]
    return Gain(
        etr_pct=round((b.etr / a.etr - 1) * 100, 1),
        itr_pct=round((b.itr / a.itr - 1) * 100, 1),
        users=b.users - a.users,
        users_pct=round((b.users / a.users - 1) * 100, 1),
    )


def _version(text: str) -> tuple[int, int]:
    m = linre.fullmatch(r"\s*(\d+)\.(\d+)(?:\.\d+)?\s*", text)
    if not m:
        raise ValueError(f"z/VM version must look like 6.3, not {text!r}")
    return int(m.group(1)), int(m.group(2))


class SmtSupport(BaseModel):
    supported: bool
    reason: str
    citations: tuple[Cite, ...] = (CITE_SOFTWARE,)


def zvm_smt_support(version: str, apars: list[str] | None) -> SmtSupport:
    """Whether this z/VM level can run SMT: 6.3 with APAR VM65586, or a later release.

    For 6.3 the APAR list is needed; raises LookupError when it is None.
    """
    v = _version(version)
    if v < (6, 3):
        return SmtSupport(supported=False, reason=f"z/VM {version} is below 6.3, which has no SMT support")
    if v > (6, 3):
        return SmtSupport(supported=True, reason=f"z/VM {version} is later than 6.3 and includes SMT support")
    if apars is None:
        raise LookupError("zvm.apars")
    if SMT_APAR in {a.strip().upper() for a in apars}:
        return SmtSupport(supported=True, reason=f"z/VM 6.3 with APAR {SMT_APAR}")
    return SmtSupport(supported=False, reason=f"z/VM 6.3 without APAR {SMT_APAR}")
