"""What bots, tickets and mail put around a message, taken off before anything reads it.

Helpdesk bots and CI jobs relay an admin's question inside their own wrapping: a tag
("[ci-gate]", "[bot:itsm]"), a ticket or change number ("Ticket #4711:", "CHG-2207 -"), mail
prefixes ("RE: FW:"), a mention ("@advisor", Slack's "<@U024BE7LH>", "/ask"), a JSON envelope
({"from": "helpdesk-bot", "text": "..."}), quoted mail ("> " lines, "On ... wrote:"), greetings,
signatures and "thx". None of it says what is asked, and at the start of a message it hides
what the message is ("[ci-gate] what if ..." is a what-if, "Ticket #1: undo" an undo), so
`unwrap` runs before everything else in a turn: the what-if, the calculators and the verdicts
all see the inner text.

Bounded and linear: every pattern runs in linre (linear time), the loops take at most
`MAX_STRIPS` prefixes and `MAX_LINES` lines, JSON is read once per envelope, two envelopes
deep at most. A wrapper is only taken off when words remain after it ("hi" alone stays a
greeting, "thx" alone stays thanks), and a bracketed tag that names something the reader
knows ("[AIX 7.2 TL5]", "[VIOS-001]") is kept as words, not thrown away.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from advisor import linre
from advisor.chat.intents import rule_ids
from advisor.chat.reader.platforms import os_levels, platforms
from advisor.chat.reader.quantities import quantities

MAX_STRIPS = 8  # prefixes taken off one message at most ("[bot] Ticket #1: RE: FW: @advisor hi, ...")
MAX_LINES = 400  # lines of a pasted mail looked at; the rest is kept as it is
MAX_ENVELOPES = 2  # JSON inside JSON ("{"payload": "{\"text\": ...}"}") read this deep
MAX_JSON_DEPTH = 4  # levels of an envelope searched for the question
SHORT_NOTE_WORDS = 5  # "please advise, thx", "see below": a new part of a mail this short asks nothing of its own
_DOCUMENT_KINDS = frozenset({"aix-lpar", "vios", "managed-system", "hpux-server", "zos-lpar", "zvm-lpar"})

# Keys that carry the question, best first; keys that carry context worth keeping as words; keys that
# only identify (who, when, which ticket) and say nothing about what is asked.
_QUESTION_KEYS = (
    "text",
    "message",
    "msg",
    "question",
    "q",
    "query",
    "user_q",
    "user_question",
    "prompt",
    "ask",
    "input",
    "utterance",
    "followup",
    "follow_up",
    "content",
    "body",
    "comment",
    "short_description",
    "description",
    "summary",
    "subject",
    "title",
)
_CONTEXT_KEYS = frozenset(
    "platform os os_level os_version machine processor system product component topic area category".split()
)

# "[ci-gate]", "[bot:x]", "[jenkins#812]", "[EXTERNAL]" at the start (a tag, at most 60 characters)
_TAG = linre.compile(r"^\s*\[([^\[\]\n]{1,60})\]\s*[:\-]?\s*")
_TAG_TOKEN = linre.compile(r"^[A-Za-z][\w:#./@+-]{0,59}$")
_MAIL = linre.compile(r"^\s*(?:re|fw|fwd|aw|wg|sv|tr|vs|antw)\s*(?:\[\d{1,3}\])?\s*:\s*", linre.IGNORECASE)
# "Ticket #4711:", "INC0012345 -", "case 12345:", "CHG-2207:", "#4711:", "OPS-1234 |"
_TICKET = linre.compile(
    r"^\s*(?:(?:ticket|incident|inc|case|change|chg|req|request|ritm|task|sctask|prb|problem|sr|pmr|issue|"
    r"bug|job|build|run)\s*(?:no\.?|nr\.?|number)?\s*[#:]?\s*[a-z]{0,6}[-_]?\d{1,12}|#\d{1,12}|[a-z]{2,10}-\d{2,12})"
    r"\s*(?:[:|>]|-\s|–\s|\s-|\)|\])\s*",
    linre.IGNORECASE,
)
# "JIRA PLAT-2291 comment from capacity mgmt:", "ServiceNow INC0104420 update:": a tracker's name, the item's key and
# what the text is (a comment or note from someone), then the text
_TRACKER = linre.compile(
    r"^\s*(?:jira|servicenow|snow|remedy|github|gitlab)\s+[a-z]{2,10}-?\d{1,12}\s*[:|>-]?\s*"
    r"(?:(?:comment|note|update|message|question)(?:\s+from\s+[\w .@&/-]{1,40}?)?\s*[:>-]\s*)?",
    linre.IGNORECASE,
)
# "@advisor", Slack's "<@U024BE7LH>", a slash command "/ask" (not a path: "/tmp is full")
_MENTION = linre.compile(r"^\s*(?:<@[A-Za-z0-9_.|-]{1,40}>|@[A-Za-z0-9_.-]{1,40}|/[a-z][a-z0-9_-]{0,30}\s)[\s,:;-]*")
_PATHS = frozenset("/tmp /usr /var /etc /opt /home /dev /proc /sys /bin /sbin /lib /export /mnt /sapmnt".split())
# a greeting, to whom (a few words or a capitalised name), then punctuation: "hi team,", "Good morning Petra -"
_HELLO = (
    r"(?i:hi|hello|hey|hiya|hallo|moin|servus|dear|greetings|good\s+(?:morning|afternoon|evening|day)|morning)"
    r"(?:\s+(?:(?i:all|team|folks|guys|there|everyone|everybody|colleagues|advisor|bot)|[A-Z][a-z]{1,15})){0,2}"
)
_GREETING = linre.compile(r"^\s*" + _HELLO + r"\s*(?:[,!:;.]+|\s-+)\s*")
_GREETING_LINE = linre.compile(r"^\s*" + _HELLO + r"\s*[,!:;.-]*\s*$")
# "user asks:", "customer wrote:", "Q:", "question:", "quick one:", "UNIX-7731 assigned to you:"
_LABEL = linre.compile(
    r"^\s*(?:(?:the\s+)?(?:user|customer|client|requester|caller|admin|requestor)(?:\s+[\w.@-]{1,30})?\s+"
    r"(?:asks|asked|wants\s+to\s+know|writes|wrote|says|said)|q|question|query|quick\s+(?:one|question|q)|"
    r"(?:[a-z]{2,10}-\d{1,12}\s+)?(?:was\s+)?(?:assigned\s+to\s+you|mentioned\s+you(?:\s+in\s+[\w-]{1,30})?)|"
    r"forwarded\s+question|ticket\s+text)\s*(?:->|=>|[:\-])\s*",
    linre.IGNORECASE,
)
# "Storage Ops bot:", "Jira SAPOPS-881 bot:", "ServiceNow bot ->": who relays the message (a few words, then "bot")
_BOT = linre.compile(r"^\s*(?:[A-Za-z][\w.#-]{0,24}\s+){0,3}bot\s*(?:->|=>|[:>|-])\s*", linre.IGNORECASE)
_THANKS_END = linre.compile(
    r"[\s,;.!-]*\b(?:(?:many\s+)?(?:thx|thanks|thank\s+you|ty|tia|cheers)(?:\s+(?:a\s+lot|in\s+advance|very\s+much))?"
    r"|please\s+advise|pls\s+advise|plz\s+advise)[\s.!]*$",
    linre.IGNORECASE,
)
# Lines of mail: where a reply's quoted part starts, where a signature starts, headers, greetings alone.
_REPLY_HEADER = linre.compile(
    r"^\s*(?:-{2,}\s*(?:original\s+message|forwarded\s+message|urspr\S*\s+nachricht|weitergeleitete\s+nachricht)"
    r"\s*-{2,}|on\s.{0,200}\swrote:|am\s.{0,200}\sschrieb\s.{0,100}:|le\s.{0,200}\sa\s+\S+crit\s*:)\s*$",
    linre.IGNORECASE,
)
_UNDERLINE = linre.compile(r"^\s*-{4,}\s*$")
_HEADER = linre.compile(r"^\s*(?:from|to|cc|bcc|sent|date|von|an|gesendet|datum|betreff|subject)\s*:", linre.IGNORECASE)
_SIGNATURE = linre.compile(
    r"^\s*(?:--+|__+|(?:best|kind|warm|many)?\s*regards\b.{0,40}|"
    r"(?:br|cheers|thanks|thank\s+you|thx|mfg)(?:[\s,]+\w{1,20})?[,.!]*|"
    # "Thanks & regards", "BR, Rajesh | Unix Ops | Sent from Outlook", "Thx, Marta (storage mgmt)": a closing word,
    # then a name and who they are, no question
    r"(?:br|cheers|thanks|thank\s+you|thx|mfg|saludos|cordialement|grazie|obrigad[oa]|gr\S{1,3}e)\s*[,&|-][^?]{0,80}|"
    r"(?:viele\s+|beste\s+)?gr\S{1,3}e\b.{0,20}|sent\s+from\s+my\s.{0,40}|this\s+e-?mail\s.{0,200})\s*$",
    linre.IGNORECASE,
)
_QUOTED = linre.compile(r"^\s*>+ ?")
_WORD = linre.compile(r"[A-Za-z0-9]")


@dataclass
class Unwrapped:
    """The message as the user asked it, and what was taken off around it (in the order taken)."""

    text: str
    removed: list[str] = field(default_factory=list)


def unwrap(message: str) -> Unwrapped:
    """The inner message: bot, ticket and mail wrappers taken off (see the module docstring)."""
    out = Unwrapped(message or "")
    for _ in range(MAX_ENVELOPES + 1):
        before = out.text
        out.text = _lines(out.text, out.removed)
        out.text = _prefixes(out.text, out.removed)
        inner = _envelope(out.text)
        if inner is None:
            break
        out.removed.append("json envelope")
        out.text = inner
        if out.text == before:
            break
    out.text = _trailing(out.text, out.removed)
    return out


def _has_words(text: str) -> bool:
    return bool(_WORD.search(text))


def _prefixes(text: str, removed: list[str]) -> str:
    """Tags, mail prefixes, ticket numbers, mentions, greetings and labels at the start, one at a time; a tag
    that says where ("[AIX 7.2 TL5]") is kept as words before the rest."""
    said: list[str] = []
    for _ in range(MAX_STRIPS):
        for pattern in (_TAG, _MAIL, _TRACKER, _TICKET, _MENTION, _GREETING, _LABEL, _BOT):
            m = pattern.match(text)
            if m is None or not m.group(0).strip() or _kept(pattern, m.group(0)):
                continue
            rest = text[m.end() :]
            if not _has_words(rest):
                continue
            if pattern is _TAG and _informative(m.group(1)):
                said.append(m.group(1).strip())
            removed.append(m.group(0).strip())
            text = rest
            break
        else:
            break
    return " ".join([*said, text.strip()])


def _kept(pattern: linre.Pattern, prefix: str) -> bool:
    """A prefix that looks like a wrapper but is part of the question: a rule id ("AME-001: why?"), a path,
    a bracket that holds no tag."""
    if pattern is _TICKET:
        return bool(rule_ids(prefix))
    if pattern is _TAG:  # "[ci-gate]", "[bot:x]", "[EXTERNAL]": one token; "[1, 2, 3]" is no tag
        tag = prefix.strip().lstrip("[").split("]")[0]
        return not (_informative(tag) or _TAG_TOKEN.match(tag))
    if pattern is _MENTION:
        return prefix.strip().split()[0].rstrip(",:;-") in _PATHS
    return False


def _informative(tag: str) -> bool:
    """A bracketed tag, or a quoted line, that names something the reader knows: a platform, an OS level, a rule, a
    quantity with its unit (a bare number is a build or ticket number: "[jenkins#812]")."""
    return bool(rule_ids(tag) or platforms(tag) or os_levels(tag) or any(q.unit for q in quantities(tag)[1]))


# "... for the SAP app servers? Regards, Mainframe Ops", "... is that ok? BR Tom": a closing and a name or team after
# the question, on its line (RE2: user text)
_SIGN_OFF_END = linre.compile(
    r"[.?!]\s*((?:(?:best|kind|warm|many)\s+)?(?:regards|br|cheers|thanks|thx|greetings|mfg|saludos)\b"
    r"[\s,;:-]*(?:[A-Za-z][\w.&/()-]{0,24}[\s,]*){0,4})$",
    linre.IGNORECASE,
)


def _trailing(text: str, removed: list[str]) -> str:
    """ "..., please advise, thx": the courtesies at the end, while words remain before them; a closing with a name
    after the question ("... app servers? Regards, Mainframe Ops")."""
    sign = _SIGN_OFF_END.search(text)
    if sign is not None and _has_words(text[: sign.start(1)]):
        removed.append(sign.group(1).strip())
        text = text[: sign.start(1)].rstrip()
    for _ in range(MAX_STRIPS):
        m = _THANKS_END.search(text)
        if m is None or m.start() == 0 or not _has_words(text[: m.start()]):
            break
        removed.append(m.group(0).strip())
        text = text[: m.start()].rstrip()
    return text


def _lines(text: str, removed: list[str]) -> str:
    """A pasted mail: the new part without its greeting, signature and quoted reply; the quoted or
    forwarded part when the new part says nothing."""
    if "\n" not in text:
        mark = _QUOTED.match(text)
        if mark and _has_words(text[mark.end() :]):
            removed.append(">")
            return text[mark.end() :]
        return text
    lines = text.splitlines()
    head, tail = lines[:MAX_LINES], lines[MAX_LINES:]
    own, forwarded, replied = _split_reply(head)
    kept = _body(own, removed)
    quoted = _body([_QUOTED.sub("", line, count=1) for line in forwarded if not _HEADER.match(line)], [])
    if not replied and _cited(kept, quoted):
        # "> For the March IPL we plan LFAREA=... on SYSB" over "SYSB has 96G online, is that ok?": lines quoted
        # into a ticket or chat (no reply header) are what the question is about, not an older mail
        leans = _leans(kept) or _UNSAID.search(" ".join(kept)) is not None  # "after the change": the quote says it
        own_lines = [line for line in kept if _has_words(line)]
        own_lines[0] = _prefixes(own_lines[0], removed)  # "INC0048211 - Prio 3 - ...": the ticket's own wrapper
        cited = [line for line in quoted if _has_words(line) and (leans or ("?" not in line and _informative(line)))]
        kept = cited + own_lines
    elif (not _says_much(kept) and any("?" in line for line in quoted)) or (quoted and _points_back(kept, quoted)):
        # "please advise, thx" under the quoted question, "see below" over a forwarded one: that question,
        # then what the new part adds
        kept = [line for line in quoted + kept if _has_words(line)]
    elif _UNSAID.search(" ".join(kept)) and any(_has_words(line) for line in quoted):
        # "after the change, how much memory?" under a quoted "> we will add 16 more NPIV clients": the new part names
        # something only the quoted part says, which comes first so that its figures are read with the new ones
        kept = [line for line in quoted + kept if _has_words(line)]
    elif _judges(kept) and any(_has_words(line) for line in quoted) and not any("?" in line for line in quoted):
        # "good idea?" under a quoted plan ("> let's add 20 more dialog WPs"): the plan is what is asked about
        kept = [line for line in quoted + kept if _has_words(line)]
    elif not any(_has_words(line) for line in kept):
        kept = quoted
    if not any(_has_words(line) for line in kept):
        return text
    if forwarded:
        removed.append("quoted reply")
    return "\n".join(kept + tail).strip()


def _judges(lines: list[str]) -> bool:
    """The new part is a short question about what it quotes: "good idea?", "thoughts?", "is that right?"."""
    text = " ".join(lines).strip()
    return text.endswith("?") and 0 < len(text.split()) <= SHORT_NOTE_WORDS


# "what do i tell them?", "thoughts on this?", "is that right?": a short new part about the quoted one
_BACK = linre.compile(
    r"\b(?:them|they|this|that|these|those|it|above|below|the\s+(?:number|figure|value|limit|answer))\b",
    linre.IGNORECASE,
)
# "after the change", "with their plan", "the request below": a definite change or plan the new part does not state
_UNSAID = linre.compile(
    r"\b(?:the|that|this|their|your|his|her)\s+(?:planned\s+|proposed\s+)?(?:change|changes|plan|request|proposal|"
    r"migration|upgrade)\b",
    linre.IGNORECASE,
)
# "LFAREA=(1M=(60%),2G=(20))", "dbc_max_pct=20": a setting written out, which a question about "that" may mean
_STATEMENT = linre.compile(r"\b[A-Za-z][A-Za-z_]{2,}\s?=\s?[(\d]")
POINTING_NOTE_WORDS = 16  # "SYSB has 96G online. is that ok?" under a quoted "we plan LFAREA=(...)": about that


def _points_back(lines: list[str], quoted: list[str]) -> bool:
    """The new part is a short question about the quoted part: that part is what is asked. A little longer one
    still is when the quoted part holds a question or a setting written out that the new part can mean."""
    said = " ".join(lines)
    if "?" not in said or _BACK.search(said) is None:
        return False
    holds = any("?" in line or _STATEMENT.search(line) for line in quoted)
    return len(said.split()) <= (POINTING_NOTE_WORDS if holds else SHORT_NOTE_WORDS)


def _says_much(lines: list[str]) -> bool:
    """The new part of a mail asks something of its own: a question mark, or more than a few words that are not
    a request to answer ("forwarding to the bot, pls answer. Tom", "same question from 2 teams, pls answer once")."""
    text = " ".join(lines)
    if "?" in text:
        return True
    return len(text.split()) > SHORT_NOTE_WORDS and _PASS_ON.search(text) is None


# "pls answer", "please advise", "forwarding to you", "see below": a note that passes the quoted question on
_PASS_ON = linre.compile(
    r"\b(?:pl(?:ea)?se?|pls|plz|kindly)\s+(?:answer|advise|help|reply|respond|check)\b|\bforward(?:ing|ed)?\s+(?:to|this)\b|"
    r"\bsee\s+(?:below|above)\b|\bsame\s+question\b",
    linre.IGNORECASE,
)


def _split_reply(lines: list[str]) -> tuple[list[str], list[str], bool]:
    """The lines before a reply header ("On ... wrote:", "-----Original Message-----", a From: block)
    and the lines after it; quoted "> " lines count as the reply. The flag: a reply header was found."""
    for i, line in enumerate(lines):
        if _REPLY_HEADER.match(line) or (i > 0 and linre.match(r"^\s*(?:from|von)\s*:", line, linre.IGNORECASE)):
            own = [x for x in lines[:i] if not _QUOTED.match(x)]
            return own, lines[i + 1 :], True
    own = [x for x in lines if not _QUOTED.match(x)]
    quoted = [x for x in lines if _QUOTED.match(x)]
    return own, quoted, False


MAX_CITED_LINES = 12  # quoted lines kept as what a question is about; more is a pasted thread, not a citation
SHORT_QUESTION_WORDS = 6  # "what is the number?", "any pointer?": a question that leans on what it quotes


def _cited(own: list[str], quoted: list[str]) -> bool:
    """Quoted lines that a question of the message's own part is about: both have words, and the quote is short
    enough to be a citation rather than a whole pasted thread."""
    said = [line for line in quoted if _has_words(line)]
    return bool(said) and len(said) <= MAX_CITED_LINES and any("?" in line for line in own)


_SENTENCE_END = linre.compile(r"[.!?:;\n]|\s-+\s")


def _leans(own: list[str]) -> bool:
    """The own part's last question leans on the quote: a few words ("what is the number?", "any pointer?") or a
    word pointing back ("is that ok or will it blow up?"); it asks what the quote says or asks."""
    text = "\n".join(own).strip()
    at = text.rfind("?")
    if at < 0:
        return False
    head = text[:at]
    cut = max((m.end() for m in _SENTENCE_END.finditer(head)), default=0)
    return len(head[cut:].split()) <= SHORT_QUESTION_WORDS or _BACK.search(head[cut:]) is not None


def _body(lines: list[str], removed: list[str]) -> list[str]:
    """Lines without headers, a greeting line alone, and everything from the signature on."""
    kept: list[str] = []
    for line in lines:
        if _HEADER.match(line):
            removed.append(line.strip())
            continue
        if _UNDERLINE.match(line) and kept and kept[-1].rstrip().endswith(":"):
            kept.append(line)  # "System Configuration:" / "-------": a pasted report's title underlined, no signature
            continue
        if _SIGNATURE.match(line) and any(_has_words(x) for x in kept):
            removed.append("signature")
            break
        if _GREETING_LINE.match(line):  # "Hi all," on a line of its own, wherever it stands
            removed.append(line.strip())
            continue
        kept.append(line)
    return kept


def _envelope(text: str) -> str | None:
    """The question inside a JSON object a bot wrapped it in (None: no envelope; a document stays as it is)."""
    body = text.strip()
    if not (body.startswith("{") and body.endswith("}")):
        return None
    try:
        data = json.loads(body)
    except (json.JSONDecodeError, RecursionError):
        return None
    if not isinstance(data, dict) or data.get("kind") in _DOCUMENT_KINDS:
        return None
    found: dict[str, str] = {}
    context: list[str] = []
    _walk(data, found, context, MAX_JSON_DEPTH)
    question = next((found[k] for k in _QUESTION_KEYS if k in found), None)
    if question is None:
        return None
    words = [c for c in context if c.lower() not in question.lower()]
    return f"{' '.join(words)}: {question.strip()}" if words else question.strip()


def _walk(data: Any, found: dict[str, str], context: list[str], depth: int) -> None:
    """The first string under each question key and the context values, shallowest first."""
    if depth <= 0 or not isinstance(data, dict):
        return
    nested = []
    for key, value in data.items():
        name = str(key).lower()
        if isinstance(value, str) and _has_words(value):
            if name in _QUESTION_KEYS and name not in found:
                found[name] = value
            elif name in _CONTEXT_KEYS and len(value) <= 200:
                context.append(value.strip())
        elif isinstance(value, dict):
            nested.append(value)
    for value in nested:
        _walk(value, found, context, depth - 1)
