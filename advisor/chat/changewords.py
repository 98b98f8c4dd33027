"""What-ifs on a document written in German, Spanish, French, Portuguese or Italian, put in English words.

"Was passiert, wenn wir den Faktor auf 4.5 setzen?", "y si migramos a z13?", "et si on active le SMT ?":
the what-if reader (advisor/chat/wording.py, changes.py) knows English verbs of change and the schema's
field words. This bridge only rewrites a message that opens with a what-if lead-in of one of these
languages, and only its function words and verbs of change (switch on/off, set, migrate, raise, lower):
field words ("Faktor", "SMT", "z13") mostly are the same word in every language or are listed here. Field
values and figures stay as written. A message that does not open that way is returned unchanged.
"""

from __future__ import annotations

from advisor import linre

# "was passiert, wenn", "was wäre, wenn", "und wenn", "y si", "¿qué pasa si", "et si", "que se passe-t-il si",
# "e se", "und falls": a what-if lead-in; the rest of the message is the change
_LEAD_IN = linre.compile(
    r"^\s*[¿¡]?\s*(?:(?:was\s+(?:passiert|w(?:ä|ae|a)re|geschieht)|und)\s*,?\s*(?:wenn|falls)"
    r"|(?:y\s+)?(?:qu[eé]\s+(?:pasa|pasar[ií]a|ocurre)\s+)?si"
    r"|(?:et\s+|que\s+se\s+passe[\s-]*t[\s-]*il\s+)si|e\s+se|(?:o\s+que\s+acontece|cosa\s+succede)\s+se)\b",
    linre.IGNORECASE,
)
# function words and verbs of change -> the English the what-if reader knows ("" drops the word)
_WORDS: dict[str, str] = {
    # German
    "wir": "we",
    "man": "we",
    "den": "the",
    "die": "the",
    "das": "the",
    "der": "the",
    "dem": "the",
    "auf": "to",
    "mit": "with",
    "ohne": "without",
    "und": "and",
    "statt": "instead of",
    "abschalten": "disable",
    "ausschalten": "disable",
    "deaktivieren": "disable",
    "abgeschaltet": "disable",
    "einschalten": "enable",
    "anschalten": "enable",
    "aktivieren": "enable",
    "eingeschaltet": "enable",
    "aktiviert": "enable",
    "setzen": "",
    "gesetzt": "",
    "stellen": "",
    "umstellen": "switch",
    "umgestellt": "switch",
    "erhöhen": "raise",
    "erhoehen": "raise",
    "senken": "lower",
    "reduzieren": "reduce",
    "wird": "",
    "werden": "",
    "würde": "",
    "wuerde": "",
    "hätte": "had",
    "haette": "had",
    "hat": "has",
    "ein": "a",
    "eine": "a",
    "einen": "a",
    "wäre": "were",
    "waere": "were",
    "wären": "were",
    "hätten": "had",
    "faktor": "factor",
    "seiten": "pages",
    "speicher": "memory",
    "kerne": "cores",
    "gewicht": "weight",
    "maschine": "machine",
    "migrieren": "migrate",
    "wechseln": "migrate",
    # Spanish
    "activamos": "enable",
    "activar": "enable",
    "activa": "enable",
    "activo": "enable",
    "encendemos": "enable",
    "desactivamos": "disable",
    "desactivar": "disable",
    "desactiva": "disable",
    "apagamos": "disable",
    "migramos": "migrate",
    "migrar": "migrate",
    "pasamos": "migrate",
    "ponemos": "set",
    "poner": "set",
    "subimos": "raise",
    "bajamos": "lower",
    "el": "the",
    "los": "the",
    "las": "the",
    "del": "of the",
    "con": "with",
    "sin": "without",
    "memoria": "memory",
    "núcleos": "cores",
    "nucleos": "cores",
    "páginas": "pages",
    "paginas": "pages",
    "peso": "weight",
    "máquina": "machine",
    "maquina": "machine",
    # French
    "nous": "we",
    "active": "enable",
    "activer": "enable",
    "activait": "enable",
    "activons": "enable",
    "désactive": "disable",
    "desactive": "disable",
    "désactiver": "disable",
    "désactivait": "disable",
    "passe": "set",
    "passait": "set",
    "passons": "set",
    "mettait": "set",
    "met": "set",
    "migre": "migrate",
    "migrait": "migrate",
    "migrons": "migrate",
    "le": "the",
    "les": "the",
    "du": "of the",
    "avec": "with",
    "sans": "without",
    "mémoire": "memory",
    "memoire": "memory",
    "coeurs": "cores",
    "cœurs": "cores",
    "poids": "weight",
    "facteur": "factor",
    "vers": "to",
    # Portuguese and Italian
    "ativarmos": "enable",
    "ativar": "enable",
    "ativamos": "enable",
    "desativar": "disable",
    "attiviamo": "enable",
    "attivare": "enable",
    "disattiviamo": "disable",
    "disattivare": "disable",
    "mettiamo": "set",
    "colocarmos": "set",
    "fator": "factor",
    "fattore": "factor",
    "memória": "memory",
    "il": "the",
    "lo": "the",
    "o": "the",
    "os": "the",
    "para": "to",
    "per": "to",
    # shared by several: "a" / "à" / "en" before a value or a machine ("a z13", "à 4.5", "en 3")
    "a": "to",
    "à": "to",
    "en": "to",
    "la": "the",
    "de": "of",
}
_WORDISH = linre.compile(r"\pL+")  # a word in any alphabet ("Kerne", "núcleos", "mémoire")


def english(text: str) -> str:
    """The message in English words when it opens with a foreign what-if lead-in, else the message as it is."""
    m = _LEAD_IN.match(text)
    if m is None:
        return text
    rest = text[m.end() :]
    out: list[str] = []
    pos = 0
    for w in _WORDISH.finditer(rest):
        out.append(rest[pos : w.start()])
        word = w.group(0)
        out.append(_WORDS.get(word.lower(), word))
        pos = w.end()
    out.append(rest[pos:])
    body = linre.sub(r"\s+", " ", "".join(out)).strip(" ,")
    return f"what if {body}"
