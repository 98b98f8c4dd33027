"""Derived values for IBM Z kinds (zos-lpar, zvm-lpar)."""

from __future__ import annotations

from advisor.calculators import lfarea, lfarea_fix, zvm_smt
from advisor.citations import Cite
from advisor.derive import Invalid, Missing, derivation, list_derivation, need, shared

# Machine generation as a number, so rules can say "z13 or later".
Z_GENERATION = {
    "z9": 9,
    "z10": 10,
    "z114": 11,
    "z196": 11,
    "zBC12": 12,
    "zEC12": 12,
    "z13": 13,
    "z13s": 13,
    "z14": 14,
    "z15": 15,
    "z16": 16,
    "z17": 17,
}


@derivation(
    "z_generation",
    kinds=("zos-lpar", "zvm-lpar"),
    type="number",
    description="IBM Z machine generation (zEC12 = 12, z13 = 13, ...).",
    cite=(Cite(source="ibm-z13-smt-sap-redp5287", section="Introduction"),),
)
def z_generation(doc) -> int:
    (machine,) = need(doc, "machine")
    return Z_GENERATION[machine]


# --- z/VM -------------------------------------------------------------------------------------


@derivation(
    "zvm_smt_support",
    kinds=("zvm-lpar",),
    type="bool",
    description="The z/VM level can run SMT: 6.3 with APAR VM65586, or a later release.",
    cite=(zvm_smt.CITE_SOFTWARE,),
)
def zvm_smt_support(doc) -> bool:
    (version,) = need(doc, "zvm.version")
    try:
        return zvm_smt.zvm_smt_support(version, doc.zvm.apars).supported
    except LookupError:
        raise Missing(["zvm.apars"]) from None


# --- z/OS: LFAREA (ZOS-001, ZOS-002, ZOS-003, ZOS-005) ----------------------------------------

_SRC = "ibm-zos-large-memory-share-2014"
_LF_FORMS = (lfarea.CITE_FORMS, lfarea.CITE_PROMPT)
_LF_SYNTAX = (lfarea.CITE_IAR046I, lfarea.CITE_REQ)


def _lfarea_stated(doc) -> str | None:
    """The statement; None when it is stated as not coded (null). Missing when the field is left out."""
    if "lfarea" not in doc.model_fields_set:
        raise Missing(["lfarea"])
    return doc.lfarea


@shared
def _syntax_error(doc) -> lfarea.LfareaSyntaxError | None:
    statement = _lfarea_stated(doc)
    if statement is None:
        return None
    try:
        lfarea.parse_lfarea(statement)
    except lfarea.LfareaSyntaxError as exc:
        return exc
    return None


@shared
def _assessment(doc) -> lfarea.LfareaAssessment | None:
    """assess_lfarea for the document; None when LFAREA is not coded; Invalid when it does not parse."""
    statement = _lfarea_stated(doc)
    if statement is None:
        return None
    (online,) = need(doc, "online_storage_gb")
    try:
        return lfarea.assess_lfarea(statement, online)
    except lfarea.LfareaSyntaxError as exc:
        raise Invalid(
            f"the LFAREA statement is not valid (IAR046I {exc.ibm_reason.rstrip('.')}, column {exc.column}); "
            "see ZOS-002"
        ) from None


@derivation(
    "lfarea_valid",
    kinds=("zos-lpar",),
    type="bool",
    description="The LFAREA statement parses (true also when LFAREA is not coded).",
    cite=_LF_SYNTAX,
)
def lfarea_valid(doc) -> bool:
    return _syntax_error(doc) is None


@derivation(
    "lfarea_error_reason",
    kinds=("zos-lpar",),
    type="string",
    description="Reason code of the IAR046I syntax error; computed only when the statement is invalid.",
    cite=_LF_SYNTAX,
)
def lfarea_error_reason(doc) -> str | None:
    exc = _syntax_error(doc)
    return exc.reason if exc else None


@derivation(
    "lfarea_error_ibm_reason",
    kinds=("zos-lpar",),
    type="string",
    description="The IAR046I reason text z/OS prints; only when the statement is invalid.",
    cite=_LF_SYNTAX,
)
def lfarea_error_ibm_reason(doc) -> str | None:
    exc = _syntax_error(doc)
    return exc.ibm_reason.rstrip(".") if exc else None


@derivation(
    "lfarea_error_explanation",
    kinds=("zos-lpar",),
    type="string",
    description="What is wrong with the statement, in words; only when it is invalid.",
    cite=_LF_SYNTAX,
)
def lfarea_error_explanation(doc) -> str | None:
    exc = _syntax_error(doc)
    return exc.explanation if exc else None


@derivation(
    "lfarea_error_column",
    kinds=("zos-lpar",),
    type="number",
    unit="column",
    description="Column (1-based) of the statement where the syntax error was found.",
    cite=_LF_SYNTAX,
)
def lfarea_error_column(doc) -> int | None:
    exc = _syntax_error(doc)
    return exc.column if exc else None


@derivation(
    "lfarea_form",
    kinds=("zos-lpar",),
    type="string",
    description="Which LFAREA form the statement uses: old (xx%|nM|nG|nT), new (1M=/2G=), or none (not coded).",
    cite=_LF_FORMS,
)
def lfarea_form(doc) -> str:
    statement = _lfarea_stated(doc)
    if statement is None:
        return "none"
    try:
        return lfarea.parse_lfarea(statement).form
    except lfarea.LfareaSyntaxError as exc:
        raise Invalid(f"the LFAREA statement is not valid (IAR046I {exc.ibm_reason.rstrip('.')})") from None


@derivation(
    "lfarea_text",
    kinds=("zos-lpar",),
    type="string",
    description='The LFAREA statement, or "LFAREA not coded".',
    cite=_LF_FORMS,
)
def lfarea_text(doc) -> str:
    statement = _lfarea_stated(doc)
    return "LFAREA not coded" if statement is None else statement


@derivation(
    "lfarea_limit_gb",
    kinds=("zos-lpar",),
    type="number",
    unit="GB",
    description="Most that LFAREA can reserve on this online storage: 80 % x online - 2 GB (old form), "
    "80 % x (online - 4 GB) (new form; also used when LFAREA is not coded).",
    cite=_LF_FORMS,
)
def lfarea_limit_gb(doc) -> float:
    a = _assessment(doc)
    if a is None:
        (online,) = need(doc, "online_storage_gb")
        return round(lfarea.lfarea_limit_gb(online, "new"), 3)
    return round(a.limit_gb, 3)


@derivation(
    "lfarea_requested_gb",
    kinds=("zos-lpar",),
    type="number",
    unit="GB",
    description="What the LFAREA targets add up to (1 MB plus 2 GB pages).",
    cite=_LF_FORMS,
)
def lfarea_requested_gb(doc) -> float:
    a = _assessment(doc)
    return 0.0 if a is None else round(a.total_requested_gb, 3)


@derivation(
    "lfarea_minimum_gb",
    kinds=("zos-lpar",),
    type="number",
    unit="GB",
    description="What the LFAREA minimums add up to (a missing minimum equals the target).",
    cite=_LF_FORMS,
)
def lfarea_minimum_gb(doc) -> float:
    a = _assessment(doc)
    return 0.0 if a is None else round(a.minimum_total_gb, 3)


@derivation(
    "lfarea_fits_at_target",
    kinds=("zos-lpar",),
    type="bool",
    description="The LFAREA targets fit under the system limit.",
    cite=_LF_FORMS,
)
def lfarea_fits_at_target(doc) -> bool:
    a = _assessment(doc)
    return True if a is None else a.fits_at_target


@derivation(
    "lfarea_satisfiable",
    kinds=("zos-lpar",),
    type="bool",
    description="At least the LFAREA minimums fit under the system limit (otherwise IPL prompts, or "
    "reserves zero pages with NOPROMPT).",
    cite=_LF_FORMS,
)
def lfarea_satisfiable(doc) -> bool:
    a = _assessment(doc)
    return True if a is None else a.satisfiable


@derivation(
    "lfarea_ipl_outcome",
    kinds=("zos-lpar",),
    type="string",
    description="What IPL does with the statement: reserved, reduced, prompt or zero-pages "
    "(not-coded when LFAREA is absent).",
    cite=_LF_FORMS,
)
def lfarea_ipl_outcome(doc) -> str:
    a = _assessment(doc)
    return "not-coded" if a is None else a.ipl_outcome


@derivation(
    "lfarea_ipl_message",
    kinds=("zos-lpar",),
    type="string",
    description="The IPL behaviour in words, with the messages z/OS issues.",
    cite=_LF_FORMS,
)
def lfarea_ipl_message(doc) -> str:
    a = _assessment(doc)
    if a is None:
        return "LFAREA is not coded: IPL reserves zero 1 MB and zero 2 GB pages."
    return a.ipl_message


@derivation(
    "lfarea_suggested",
    kinds=("zos-lpar",),
    type="string",
    description="An LFAREA statement that fits the limit on this online storage; only when the coded one does not.",
    cite=_LF_FORMS,
)
def lfarea_suggested(doc) -> str | None:
    a = _assessment(doc)
    return None if a is None else lfarea_fix.fitting_statement(a)


def _reserved_pages(doc, size: str) -> int:
    a = _assessment(doc)
    if a is None:
        return 0
    pages = a.reserved_pages_1m if size == "1m" else a.reserved_pages_2g
    if pages is None:
        raise Invalid(
            "the LFAREA request is over the system limit, so what IPL reserves depends on the operator's "
            "reply to the prompt (see ZOS-001)"
        )
    return pages


@derivation(
    "lfarea_reserved_1m_gb",
    kinds=("zos-lpar",),
    type="number",
    unit="GB",
    description="Fixed 1 MB pages IPL reserves with this LFAREA (0 when not coded), in GB.",
    cite=_LF_FORMS,
)
def lfarea_reserved_1m_gb(doc) -> float:
    return round(_reserved_pages(doc, "1m") / 1024, 3)


@derivation(
    "lfarea_reserved_2g_gb",
    kinds=("zos-lpar",),
    type="number",
    unit="GB",
    description="2 GB pages IPL reserves with this LFAREA (0 when not coded), in GB.",
    cite=_LF_FORMS,
)
def lfarea_reserved_2g_gb(doc) -> float:
    return float(_reserved_pages(doc, "2g") * 2)


@derivation(
    "lfarea_reserved_gb",
    kinds=("zos-lpar",),
    type="number",
    unit="GB",
    description="All large pages IPL reserves with this LFAREA, in GB.",
    cite=_LF_FORMS,
)
def lfarea_reserved_gb(doc) -> float:
    return round(lfarea_reserved_1m_gb(doc) + lfarea_reserved_2g_gb(doc), 3)


# --- z/OS: DB2 buffer pools (ZOS-003, ZOS-007, ZOS-008) ---------------------------------------

_DB2 = (Cite(source=_SRC, section="DB2 Large Memory Benefits", locator="Conversion to DB2 Page Fix Buffers"),)


def _pools(doc, *fields: str) -> list:
    (pools,) = need(doc, "db2.buffer_pools")
    missing = [f"db2.buffer_pools[{i}].{f}" for i, p in enumerate(pools) for f in fields if getattr(p, f) is None]
    if missing:
        raise Missing(missing)
    return pools


def _fixed_gb(doc, frame: str) -> float:
    return round(
        sum(
            p.size_gb
            for p in _pools(doc, "size_gb", "page_fixed", "frame_size")
            if p.page_fixed and p.frame_size == frame
        ),
        3,
    )


@derivation(
    "db2_bp_fixed_1m_gb",
    kinds=("zos-lpar",),
    type="number",
    unit="GB",
    description="Size of the page-fixed DB2 buffer pools that ask for 1 MB frames.",
    cite=_DB2,
)
def db2_bp_fixed_1m_gb(doc) -> float:
    return _fixed_gb(doc, "1m")


@derivation(
    "db2_bp_fixed_2g_gb",
    kinds=("zos-lpar",),
    type="number",
    unit="GB",
    description="Size of the page-fixed DB2 buffer pools that ask for 2 GB frames.",
    cite=_DB2,
)
def db2_bp_fixed_2g_gb(doc) -> float:
    return _fixed_gb(doc, "2g")


@derivation(
    "db2_bp_fixed_large_gb",
    kinds=("zos-lpar",),
    type="number",
    unit="GB",
    description="Size of the page-fixed DB2 buffer pools that ask for 1 MB or 2 GB frames.",
    cite=_DB2,
)
def db2_bp_fixed_large_gb(doc) -> float:
    return round(_fixed_gb(doc, "1m") + _fixed_gb(doc, "2g"), 3)


@derivation(
    "db2_lfarea_statement",
    kinds=("zos-lpar",),
    type="string",
    description="A new-form LFAREA that reserves what the page-fixed large-frame DB2 pools ask for.",
    cite=_DB2 + _LF_FORMS,
)
def db2_lfarea_statement(doc) -> str | None:
    return lfarea_fix.db2_statement(_fixed_gb(doc, "1m"), _fixed_gb(doc, "2g"))


@list_derivation(
    "db2_bp_not_page_fixed",
    kinds=("zos-lpar",),
    description="DB2 buffer pools that are not page-fixed (PGFIX(NO)).",
    cite=_DB2,
)
def db2_bp_not_page_fixed(doc) -> list[str]:
    return [p.name for p in _pools(doc, "page_fixed") if not p.page_fixed]


@derivation(
    "db2_bp_total_gb",
    kinds=("zos-lpar",),
    type="number",
    unit="GB",
    description="Total size of the DB2 buffer pools.",
    cite=_DB2,
)
def db2_bp_total_gb(doc) -> float:
    return round(sum(p.size_gb for p in _pools(doc, "size_gb")), 3)


# --- z/OS: LFAREA usage, IAR019I (ZOS-004) ----------------------------------------------------

_VIRTSTOR = (
    Cite(source=_SRC, section="Externals: System Commands", locator="DISPLAY VIRTSTOR,LFAREA"),
    Cite(source=_SRC, section="Externals: Messages", locator="IAR019I"),
)


def _pct_of_lfarea(doc, field: str) -> float:
    total, value = need(doc, "lfarea_usage.total_mb", f"lfarea_usage.{field}")
    return 0.0 if total == 0 else round(value / total * 100, 2)


@derivation(
    "lfarea_4k_hwm_pct",
    kinds=("zos-lpar",),
    type="number",
    unit="%",
    description="High-water mark of large frames used for 4K requests, as a share of the LFAREA (IAR019I).",
    cite=_VIRTSTOR,
)
def lfarea_4k_hwm_pct(doc) -> float:
    return _pct_of_lfarea(doc, "max_allocated_4k_mb")


@derivation(
    "lfarea_1m_hwm_pct",
    kinds=("zos-lpar",),
    type="number",
    unit="%",
    description="High-water mark of fixed 1 MB use, as a share of the LFAREA (IAR019I).",
    cite=_VIRTSTOR,
)
def lfarea_1m_hwm_pct(doc) -> float:
    return _pct_of_lfarea(doc, "max_allocated_1m_mb")


# --- z/OS: large page requests and their support (ZOS-005, ZOS-006, ZOS-009) ------------------

_2G = (
    Cite(source=_SRC, section="IARV64 GETSTOR Examples"),
    Cite(source=_SRC, section="Externals: Messages", locator="IAR041I"),
)
_PLP = (Cite(source=_SRC, section="Installation"), Cite(source=_SRC, section="Interactions & Dependencies"))


def _requests(doc) -> list[tuple[str, str, str]]:
    """(who, page size, type) of every large page request the document states, from every source.

    Missing when the document states none of them (large_page_requests, db2.buffer_pools, java).
    """
    out: list[tuple[str, str, str]] = []
    stated = False
    if doc.large_page_requests is not None:
        stated = True
        for r in doc.large_page_requests:
            if r.page_size and r.type:
                out.append((r.name, r.page_size, r.type))
    pools = doc.db2.buffer_pools if doc.db2 is not None else None
    if pools is not None:
        stated = True
        for p in pools:
            if p.frame_size in ("1m", "2g") and p.page_fixed is not None:
                out.append((f"DB2 {p.name}", p.frame_size, "fixed" if p.page_fixed else "pageable"))
    if doc.java is not None and (doc.java.heap_pages is not None or doc.java.jit_code_cache_pages is not None):
        stated = True
        for who, pages in (("Java heap", doc.java.heap_pages), ("JIT code cache", doc.java.jit_code_cache_pages)):
            if pages and pages != "4k":
                size, kind = pages.split("-")
                out.append((who, size, kind))
    if not stated:
        raise Missing(["large_page_requests"])
    return out


@list_derivation(
    "two_gb_nonfixed_requests",
    kinds=("zos-lpar",),
    description="Requests for pageable or DREF 2 GB pages (2 GB pages exist only as TYPE=FIXED).",
    cite=_2G,
)
def two_gb_nonfixed_requests(doc) -> list[str]:
    try:
        requests = _requests(doc)
    except Missing:
        if "lfarea" not in doc.model_fields_set:  # LFAREA's 2G= reserves fixed pages: it is a request source too
            raise Missing(["large_page_requests", "lfarea"]) from None
        requests = []
    return [f"{who} ({kind})" for who, size, kind in requests if size == "2g" and kind != "fixed"]


@derivation(
    "two_gb_demand_count",
    kinds=("zos-lpar",),
    type="number",
    unit="count",
    description="Things that ask for 2 GB pages: requests of any type, plus a 2G= part of LFAREA.",
    cite=_2G,
)
def two_gb_demand_count(doc) -> int:
    try:
        count = sum(1 for _, size, _ in _requests(doc) if size == "2g")
        stated = True
    except Missing:
        count, stated = 0, False
    if "lfarea" in doc.model_fields_set:
        stated = True
        if doc.lfarea is not None:
            try:
                req = lfarea.parse_lfarea(doc.lfarea).two_gb
            except lfarea.LfareaSyntaxError:
                req = None
            if req is not None and req.target.value > 0:
                count += 1
    if not stated:
        raise Missing(["large_page_requests", "lfarea"])
    return count


def _zos(version: str) -> tuple[int, int]:
    major, minor = version.split(".")
    return int(major), int(minor)


def _rsm_level(doc) -> bool:
    """z/OS 2.1 or later, or 1.13 with the RSM Enablement Offering."""
    (version,) = need(doc, "zos_version")
    v = _zos(version)
    if v >= (2, 1):
        return True
    if v < (1, 13):
        return False
    (offering,) = need(doc, "rsm_enablement_offering")
    return offering


@derivation(
    "two_gb_supported",
    kinds=("zos-lpar",),
    type="bool",
    description="2 GB pages can exist here: zEC12 or later, and z/OS 2.1 or 1.13 with the RSM Enablement "
    "Offering when the z/OS level is stated.",
    cite=_2G + _PLP,
)
def two_gb_supported(doc) -> bool:
    (machine,) = need(doc, "machine")
    if Z_GENERATION[machine] < 12:
        return False
    if doc.zos_version is None:
        return True
    return _rsm_level(doc)


@derivation(
    "pageable_1m_supported",
    kinds=("zos-lpar",),
    type="bool",
    description="Pageable 1 MB pages are available: Flash Express on zEC12 or later, and z/OS 2.1 or "
    "1.13 with the RSM Enablement Offering.",
    cite=_PLP,
)
def pageable_1m_supported(doc) -> bool:
    (machine,) = need(doc, "machine")
    if Z_GENERATION[machine] < 12:
        return False
    (flash,) = need(doc, "flash_express")
    if not flash:
        return False
    return _rsm_level(doc)


@list_derivation(
    "pageable_1m_requests",
    kinds=("zos-lpar",),
    description="Requests for pageable or DREF 1 MB pages (JVM options, IARV64, DB2 pools not page-fixed "
    "with FRAMESIZE(1M)).",
    cite=_PLP,
)
def pageable_1m_requests(doc) -> list[str]:
    return [f"{who} ({kind})" for who, size, kind in _requests(doc) if size == "1m" and kind != "fixed"]
