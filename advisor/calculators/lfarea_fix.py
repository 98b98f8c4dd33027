"""LFAREA statements to recommend: one that fits the system limit, and one sized for DB2 buffer pools.

Built on advisor.calculators.lfarea (the parser and the limit of "Externals: Configuration &
Setup", source `ibm-zos-large-memory-share-2014`); every suggestion is checked with
`assess_lfarea` before it is returned.

* `fitting_statement`: for a statement over the limit. Old form: the limit itself in M (80 % is
  the same amount, 0.8 x online - 2G). New form: the 1M= request is kept as written when it fits
  on its own (else cut to the limit), the 2G= request gets the whole 2 GB pages left under the
  limit; minimums are dropped (the suggestion is a target that fits) and NOPROMPT is kept.
* `db2_statement`: the new-form request that reserves what page-fixed DB2 pools ask for: one 1 MB
  page per MB of FRAMESIZE(1M) pools, one 2 GB page per started 2 GB of FRAMESIZE(2G) pools.
"""

from __future__ import annotations

import math
from fractions import Fraction

from advisor.calculators.lfarea import LfareaAssessment, assess_lfarea

CITE_SECTION = "Externals: Configuration & Setup"


def _amount_text(amount) -> str:
    return f"{amount.value}%" if amount.unit == "%" else str(amount.value)


def fitting_statement(assessment: LfareaAssessment) -> str | None:
    """A statement that fits the limit for the same online storage; None when the original fits."""
    if assessment.fits_at_target:
        return None
    online = assessment.online_storage_gb
    limit_mb = math.floor(Fraction(str(assessment.limit_gb)) * 1024)
    request = assessment.request
    if assessment.form == "old":
        statement = f"LFAREA={limit_mb}M"
    else:
        parts = []
        used = 0
        if request.one_mb is not None:
            if assessment.pages_1m <= limit_mb:
                parts.append(f"1M=({_amount_text(request.one_mb.target)})")
                used = assessment.pages_1m
            else:
                parts.append(f"1M=({limit_mb})")
                used = limit_mb
        if request.two_gb is not None:
            pages = min(assessment.pages_2g, (limit_mb - used) // 2048)
            if pages > 0:
                parts.append(f"2G=({pages})")
        if not request.prompt:
            parts.append("NOPROMPT")
        statement = f"LFAREA=({','.join(parts)})" if parts else "LFAREA=(1M=(0))"
    check = assess_lfarea(statement, online)
    assert check.fits_at_target, (statement, check.ipl_message)
    return statement


def db2_statement(fixed_1m_gb: float, fixed_2g_gb: float) -> str | None:
    """New-form LFAREA for page-fixed DB2 pools; None when they ask for no large frames."""
    pages_1m = math.ceil(Fraction(str(fixed_1m_gb)) * 1024)
    pages_2g = math.ceil(Fraction(str(fixed_2g_gb)) / 2)
    parts = ([f"1M=({pages_1m})"] if pages_1m else []) + ([f"2G=({pages_2g})"] if pages_2g else [])
    return f"LFAREA=({','.join(parts)})" if parts else None
