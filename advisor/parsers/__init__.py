"""Command output parsers: text of AIX, VIOS, HP-UX, z/OS and Linux on Z commands to typed data.

Each module holds one command (``COMMAND``, ``detect``, ``parse``); ``registry``
finds the module for a command name or a text; ``bundle`` reads the files the
collectors write.  docs/parsers.md lists the commands and their keys.
"""

from .base import ParseError, ParseResult, ParseWarning, Provenance
from .bundle import parse_bundle, split_bundle
from .registry import detect, parse_output

__all__ = [
    "ParseError",
    "ParseResult",
    "ParseWarning",
    "Provenance",
    "detect",
    "parse_bundle",
    "parse_output",
    "split_bundle",
]
