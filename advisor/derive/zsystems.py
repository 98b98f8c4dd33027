"""Derived values for IBM Z kinds (zos-lpar, zvm-lpar)."""

from __future__ import annotations

from advisor.calculators import zvm_smt
from advisor.citations import Cite
from advisor.derive import Missing, derivation, need

# Machine generation as a number, so rules can say "z13 or later".
Z_GENERATION = {"z9": 9, "z10": 10, "z114": 11, "z196": 11, "zBC12": 12, "zEC12": 12,
                "z13": 13, "z13s": 13, "z14": 14, "z15": 15, "z16": 16, "z17": 17}


@derivation("z_generation", kinds=("zos-lpar", "zvm-lpar"), type="number",
            description="IBM Z machine generation (zEC12 = 12, z13 = 13, ...).",
            cite=(Cite(source="ibm-z13-smt-sap-redp5287", section="Introduction"),))
def z_generation(doc) -> int:
    (machine,) = need(doc, "machine")
    return Z_GENERATION[machine]


# --- z/VM -------------------------------------------------------------------------------------

@derivation("zvm_smt_support", kinds=("zvm-lpar",), type="bool",
            description="The z/VM level can run SMT: 6.3 with APAR VM65586, or a later release.",
            cite=(zvm_smt.CITE_SOFTWARE,))
def zvm_smt_support(doc) -> bool:
    (version,) = need(doc, "zvm.version")
    try:
        return zvm_smt.zvm_smt_support(version, doc.zvm.apars).supported
    except LookupError:
        raise Missing(["zvm.apars"]) from None
