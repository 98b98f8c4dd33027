"""Whether a word the knowledge base never uses names a thing (out of scope) or is how people talk.

The knowledge base's vocabulary is closed: every word of its passages and rules is in the index.
A question word outside it is one of two kinds:

* phrasing and context: common English ("downside", "night", "basis"), shorthand of a known word
  ("shld", "perf"), a model, level or document code ("E980", "TL5", "19c", "redp5287"), a host or
  device instance name ("sapapp07", "hdisk14"), or a run-together pair of known words ("filesystem",
  "sapdata");
* a term of the trade the sources never discuss: a command, product or feature name ("ioscan",
  "zHyperLink", "mirrorvg", "RACF", "hyperpav").

The second kind is a strong "not covered" signal: the question is about something the five sources
do not talk about, however many platform words it shares with them. What counts as common English
is read from the word-frequency lists of `wordfreq` (Zipf scale: 3 is once per million words), not
from a list of ours, so outsiders' words are judged like ours.
"""

from __future__ import annotations

import gzip
import importlib.util
from functools import cache
from pathlib import Path

import msgpack

from advisor import linre

# Zipf frequency at or above which an unknown word is taken for ordinary language, not a term.
# Measured on tests/chat/eval/scope.yaml's tuning half: terms sit at 0-1.8 ("ioscan" 0, "lvm" 1.8),
# phrasing at 2.1 and above ("shm" 2.1, "perf" 2.7, "downside" 3.5).
COMMON_ZIPF = 2.0
# Below this an ordinary word is still rare enough to name a thing ("tomcat" 2.6, "relocation" 3.6,
# "mirroring" 3.0): it makes a question not covered when the sources share no term of the field with it.
RARE_ZIPF = 3.6
MAX_WORD = 40  # longer "words" are pasted garbage (and would cost a look-up per letter below)
MIN_PART = 3  # shortest half of a run-together pair ("sap" + "data")
WORKLOADS = frozenset({"sap", "db2", "ora"})  # names that prefix a workload's directories ("sapdata", "db2inst")

# A model, level or document code: a few letters and a number ("E980", "TL5", "SP6", "z15",
# "redp5287", "v10"), or a number and a letter ("19c", "11.31"); an AIX device instance ("hdisk2", "vfchost0",
# "sfwcomm3": the sources name the device type, a question its own instance) or a value written in hex
# ("0x200000", as lsattr shows max_xfer_size)
_CODE = linre.compile(
    r"^(?:[a-z]{0,4}\d+(?:\.\d+)*[a-z]?|\d+[a-z]{1,3}|(?:hdisk|vhost|vfchost|fscsi|vscsi|sfwcomm|rmt)\d+|0x[0-9a-f]+)$"
)
_VOWELS = linre.compile(r"[aeiou]")
# A host, partition or device instance name: a word and a short number ("sapapp07", "erpdb7", "hdisk14", "vios2"),
# or a z/OS system name by the usual convention ("SYSA", "SYSC", "SYS1"): which system the question is about, not a
# thing the sources could discuss
_INSTANCE = linre.compile(r"^(?:[a-z]{3,14}\d{1,3}|sys[a-z0-9])$")


# a member of a numbered family of names: "SETENV_00" of the SAP profile's "SETENV_XX" lines
_NUMBERED = linre.compile(r"^([a-z]{3,20})_\d{1,3}$")


def numbered_member(word: str, known) -> bool:
    """`word` is a numbered member of a family of names the sources use ("SETENV_00" of "SETENV_XX")."""
    m = _NUMBERED.match(word.lower())
    return m is not None and bool(known(m.group(1)))


def is_instance(word: str) -> bool:
    """A host, partition or system name ("sapapp07", "PRD1", "SYSC"): which system, not what about it."""
    return bool(_INSTANCE.match(word.lower()))


def is_code(word: str) -> bool:
    return bool(_CODE.match(word.lower()))


def camel(word: str) -> bool:
    """Capitals inside a word ("zHyperLink", "vPMEM"): how products are spelt, never plain English."""
    return any(ch.isupper() for ch in word[1:]) and any(ch.islower() for ch in word)


@cache
def _frequencies() -> dict[str, int]:
    """wordfreq's English list as word -> Zipf x 100, for the words at or above COMMON_ZIPF only.

    The list ("large", 321,000 words) is wordfreq's cBpack file: gzipped msgpack, a header, then one
    bucket of words per centibel of frequency, most frequent first (bucket i: Zipf 9 - i/100). It is
    streamed and read only down to COMMON_ZIPF (96,000 words): rarer words all count alike here, and
    wordfreq's own reader would hold the whole list (~50 MB) in every chat process. Loaded on first
    use: the chat pays for it, the CLI's start-up does not.
    """
    return _read_list("large_en", COMMON_ZIPF)


FOREIGN_ZIPF = 3.5  # a word at least this common in German, Spanish, ... is everyday language there


@cache
def foreign_words(language: str) -> dict[str, int]:
    """wordfreq's small list of another language (de, es, fr, pt, it) as word -> Zipf x 100, its everyday words
    only (FOREIGN_ZIPF and above); loaded when a message in that language first comes."""
    return _read_list(f"small_{language}", FOREIGN_ZIPF)


def _read_list(name: str, floor: float) -> dict[str, int]:
    """One of wordfreq's cBpack lists as word -> Zipf x 100, read down to `floor` only."""
    spec = importlib.util.find_spec("wordfreq")  # the data file, without importing wordfreq's tokenizers
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError("wordfreq is not installed (pyproject.toml lists it)")
    path = Path(next(iter(spec.submodule_search_locations))) / "data" / f"{name}.msgpack.gz"
    last = int(round((9.0 - floor) * 100))
    out: dict[str, int] = {}
    with gzip.open(path, "rb") as fh:
        unpacker = msgpack.Unpacker(fh, raw=False)
        count = unpacker.read_array_header()
        header = unpacker.unpack()
        if not isinstance(header, dict) or header.get("format") != "cB":
            raise RuntimeError(f"{path}: not a wordfreq cBpack file")
        for i in range(min(count - 1, last + 1)):
            for w in unpacker.unpack():
                out[w] = 900 - i
    return out


def zipf(word: str) -> float:
    """How common `word` is in English on the Zipf scale; 0 below COMMON_ZIPF (rare and unknown alike)."""
    return _frequencies().get(word.lower(), 0) / 100.0


def skeleton(word: str) -> str:
    """The word without its inner vowels: "should" -> "shld", how shorthand is typed."""
    return word[:1] + _VOWELS.sub("", word[1:])


def is_term(word: str, known, abbreviations: frozenset[str] = frozenset(), shorthand=None, below=COMMON_ZIPF) -> bool:
    """Whether `word`, which the knowledge base does not contain, names a thing rather than phrasing
    (`below`: the word frequency under which an ordinary word counts as a name).

    `known(w)`: whether the knowledge base contains the word or phrase `w`; `abbreviations`:
    vowel-less forms of common words ("shld", "wht"); `shorthand(w)`: whether `w` shortens a word
    of the sources ("params", "cmds").
    """
    low = word.lower()
    if len(low) > MAX_WORD:
        return True  # no word of the sources or of English is this long; the checks below are per letter
    if is_code(low) or not any(ch.isalpha() for ch in low) or is_instance(low):
        return False
    if numbered_member(low, known):
        return False  # "SETENV_00": one of a numbered family the sources name ("SETENV_XX"), as "hdisk14" is a disk
    if "_" in low.strip("_"):
        return True  # a tunable or message label: "hcheck_interval", "DISK_ERR4"
    if camel(word):
        return True
    if low in abbreviations or (shorthand is not None and shorthand(low)):
        return False
    if run_together(low, known):
        return False  # "filesystem", "sapdata", "datafiles", "cdrom"
    if low.startswith("v") and len(low) > MIN_PART + 1 and known(low[1:]):
        return False  # "vdisks", "vcpu": the virtual one of a thing the sources know
    return zipf(low) < below


def run_together(word: str, known) -> bool:
    """`word` is two words the sources write apart, run together ("filesystem", "cdrom", "sapdata")."""
    low = word.lower()
    return len(low) <= MAX_WORD and low.isalpha() and any(_pair(low, i, known) for i in range(2, len(low) - 1))


def _pair(word: str, i: int, known) -> bool:
    """`word` run together from two words the sources write apart ("file system"), or a workload's name and a
    known word. Two known words alone are not enough: "vparmodify" (vpar + modify) is a command they never show."""
    a, b = word[:i], word[i:]
    if a in WORKLOADS and len(b) >= MIN_PART and known(b):
        return True  # "sapdata", "sapmnt": a workload's own directories and files
    return min(len(a), len(b)) >= 2 and known(f"{a} {b}")
