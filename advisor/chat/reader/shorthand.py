"""Admins' shorthand to plain words, before anything else reads the message.

"shld i just take it", "vios mem w/ 4 FC", "whats the diff", "SAP shm": chat and ticket
writing drops letters and uses abbreviations. Each entry maps one whole word (case-insensitive)
to what it stands for; words are replaced only as whole tokens, so "mem" never eats "member".
The table is data about how people write, not about the guidance: it lives here, next to the
reader that uses it, and every entry is exercised by tests/chat/test_reader.py.
"""

from __future__ import annotations

import re

from advisor import linre
from advisor.knowledge.text import shouted
from advisor.knowledge.vocabulary import zipf

SHORTHAND: dict[str, str] = {
    "shld": "should",
    "shd": "should",
    "shoud": "should",
    "shoudl": "should",
    "cn": "can",
    "u": "you",
    "ur": "your",
    "r": "are",
    "pls": "please",
    "plz": "please",
    "thx": "thanks",
    "whats": "what is",
    "what's": "what is",
    "wats": "what is",
    "wat": "what",
    "hw": "how",
    "hows": "how is",
    "isnt": "is not",
    "doesnt": "does not",
    "dont": "do not",
    "cant": "cannot",
    "wont": "will not",
    "im": "I am",
    "diff": "difference",
    "appserver": "app server",
    "flip-flopping": "swinging",  # "amepat keeps flip-flopping": the recommendations swing (Redbook 3.2.9)
    "flip-flops": "swings",
    "flip-flop": "swing",
    "appservers": "app servers",
    "mem": "memory",
    "memroy": "memory",
    "memry": "memory",
    "prts": "ports",
    "prt": "port",
    "memmory": "memory",
    "ram": "memory",
    "cfg": "configuration",
    "config": "configuration",
    "recs": "recommendations",
    "rec": "recommendation",
    "reqs": "requirements",
    "req": "requirement",
    "b/c": "because",
    "bc": "because",
    "w/": "with",
    "w/o": "without",
    "approx": "approximately",
    "btw": "",
    "fyi": "",
    "tbh": "",
    "imo": "",
    "hi": "",
    "hey": "",
    "ok": "ok",
    "shm": "shared memory",
    "shmem": "shared memory",
    "perf": "performance",
    "prod": "production",
    "prd": "production",
    "envs": "environments",
    "env": "environment",
    "lpars": "LPARs",
    "vioses": "VIOS",
    "vio": "VIOS",
    "vioss": "VIOS",
    "srv": "server",
    "svr": "server",
    "box": "server",
    "boxes": "servers",
    "sys": "system",
    "pgs": "pages",
    "pg": "page",
    "smt-on": "SMT on",
    "dedup": "deduplication",
    "io": "I/O",
    "hpux": "HP-UX",
    "hp-ux": "HP-UX",
    "zos": "z/OS",
    "zvm": "z/VM",
    "s4": "S/4HANA",
    "s/4": "S/4HANA",
    "s4hana": "S/4HANA",
    "lfaera": "LFAREA",
    "lfare": "LFAREA",
    "lfrea": "LFAREA",
    "amepta": "amepat",
    "ampat": "amepat",
    "amepaat": "amepat",
    "expnsion": "expansion",
    "expantion": "expansion",
    "exapnsion": "expansion",
    "compresion": "compression",
    "multithreding": "multithreading",
    "hypervsior": "hypervisor",
    "pagable": "pageable",
    "hw/os": "hardware and OS",
    "params": "parameters",
    "param": "parameter",
    "icache": "instruction cache",
    "i-cache": "instruction cache",
    "pagaeble": "pageable",
    "itanuim": "Itanium",
    "superdom": "Superdome",
    "entitlment": "entitlement",
    "buf": "buffers",
    "bufs": "buffers",
    "alloc": "allocated",
    "npivs": "NPIV adapters",
    "cmd": "command",
    "cmds": "commands",
    "msg": "message",
    "msgs": "messages",
    "resp": "response",
    "rt": "response time",  # the HP-UX slides' column heading ("RT?" after the page size table)
    "tho": "",
    "lvl": "level",
    "proc": "processor",
    "procs": "processors",
    "lvls": "levels",
}

# Terms of the field a calculator or a rule keys on: a word one typo away from one of these (one
# letter wrong, missing or extra, or two neighbours swapped: "lfraea", "amepta", "expnasion") is
# read as the term. Only words of five letters or more, so short English words stay themselves.
KEY_TERMS = (
    "LFAREA",
    "PLAREA",
    "amepat",
    "expansion",
    "pageable",
    "Superdome",
    "Itanium",
    "entitlement",
    "entitled",
    "hypervisor",
    "compression",
    "multithreading",
    "deficit",
    "mpsched",
    "psrset",
    "kctune",
    "lparstat",
    "schedo",
    "folding",
    "numa_policy",
    "VIRTSTOR",
    # the words the calculators key on ("bufer cache", "expnaded", "partitons", "instnaces")
    "buffer",
    "cache",
    "expanded",
    "instances",
    "instance",
    "physical",
    "partition",
    "partitions",
    "maximum",
    "storage",
    "memory",
)
_KEY_LOWER = {t.lower(): t for t in KEY_TERMS}


def _one_typo(a: str, b: str) -> bool:
    """Whether a and b differ by one substitution, insertion, deletion or swap of neighbours."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        if len(diff) == 1:
            return True
        return len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]]
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    i = next((k for k in range(len(short)) if short[k] != long_[k]), len(short))
    return short[i:] == long_[i + 1 :]


def key_term(word: str) -> str | None:
    """The field term `word` is a typo of, or None (exact spellings and short words are left alone)."""
    low = word.lower()
    if len(low) < 5 or low in _KEY_LOWER:
        return None
    return next((term for key, term in _KEY_LOWER.items() if _one_typo(low, key)), None)


# A token: a word possibly with one inner apostrophe or slash ("what's", "w/o", "b/c"), or "w/".
# a word in ASCII letters and digits, never a piece of a word in other letters ("r" of "rückgängig" is no "are")
_TOKEN = re.compile(r"(?<!\w)[A-Za-z0-9][A-Za-z0-9_+\-]*(?:['/][A-Za-z0-9]+)?/?(?!\w)")
# "any issue??", "really?!": the marks after a question mark add emphasis, not another question
_EMPHASIS = re.compile(r"(?<=\?)[?!]+")


TYPO_ZIPF = 3.5  # a short word rarer than this in English ("teh" 3.0, "adn" 2.4) may be a slip of the fingers
FUNCTION_ZIPF = 6.0  # ... of a word this common ("the" 7.7, "and", "that", "what", "with")


def swapped(word: str) -> str | None:
    """The everyday word a short word types with two letters swapped ("teh" -> "the", "waht" -> "what", "wiht" ->
    "with"); None when the word is a word of its own ("tow", "form") or no swap gives an everyday one."""
    low = word.lower()
    if not 3 <= len(low) <= 4 or not low.isalpha() or zipf(low) >= TYPO_ZIPF:
        return None
    for i in range(len(low) - 1):
        other = low[:i] + low[i + 1] + low[i] + low[i + 2 :]
        if zipf(other) >= FUNCTION_ZIPF:
            return other
    return None


_NEXT = linre.compile(r"\s+([A-Za-z]+)")
_HOW_NEXT = frozenset(
    "do does did to much many is are was were can could should would will come about long often far big".split()
)


def expand(text: str) -> str:
    """The message with shorthand spelled out; everything else (case, numbers, punctuation) unchanged, but for the
    marks repeated after a question mark ("any issue??")."""

    loud = shouted(text)  # "COMMAND TO PUT SHM INTO CLM?": spelt out in capitals too, so it still reads as shouted

    def repl(m: re.Match[str]) -> str:
        word = m.group(0)
        low = word.lower()
        if low == "box" and text[max(0, m.start() - 11) : m.start()].lower() == "out of the ":
            return word  # the idiom "out of the box" (by default), not a server
        if low == "hw":  # "hw do I ..." asks how; "hw compression", "the hw accelerator" name hardware
            after = _NEXT.match(text, m.end())
            return "how" if after is not None and after.group(1).lower() in _HOW_NEXT else "hardware"
        if low in SHORTHAND:
            return SHORTHAND[low].upper() if loud and word.isupper() else SHORTHAND[low]
        if low.endswith("/") and low[:-1] in SHORTHAND:
            return SHORTHAND[low[:-1]] + "/"
        return key_term(word) or swapped(word) or word

    return re.sub(r"\s{2,}", " ", _TOKEN.sub(repl, _EMPHASIS.sub("", text))).strip()
