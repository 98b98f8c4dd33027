"""What-ifs on a document written in German, Spanish, French, Portuguese or Italian, put in English words.

"Was passiert, wenn wir den Faktor auf 4.5 setzen?", "y si migramos a z13?", "et si on active le SMT ?": the
what-if reader (advisor/chat/wording.py, changes.py) knows English verbs of change and the schema's field words.
A message that opens with a what-if lead-in of one of these languages becomes "what if ..." with the rest read
word by word by the language bridge (advisor/chat/reader/bridge.py), whose tables are looked up after the verbs
of change below (the what-if sense of "passe", "setzen", "en 3"). Field values and figures stay as written. A
message that does not open that way is returned unchanged.
"""

from __future__ import annotations

from advisor import linre
from advisor.chat.reader.bridge import WORDS, plain, read_in_english

# a what-if lead-in per language, on the text with its accents off ("was wäre" -> "was ware")
_LEAD_INS: dict[str, linre.Pattern] = {
    "de": linre.compile(r"^\s*(?:was\s+(?:passiert|waere|ware|geschieht)|und)\s*,?\s*(?:wenn|falls)\b", linre.I),
    "es": linre.compile(r"^\s*[¿¡]?\s*(?:y\s+)?(?:que\s+(?:pasa|pasaria|ocurre)\s+)?si\b", linre.I),
    "fr": linre.compile(r"^\s*(?:et\s+|que\s+se\s+passe[\s-]*t[\s-]*il\s+)si\b", linre.I),
    "pt": linre.compile(r"^\s*o\s+que\s+acontece\s+se\b", linre.I),
    "it": linre.compile(r"^\s*cosa\s+succede\s+se\b", linre.I),
    "pt/it": linre.compile(r"^\s*e\s+se\b", linre.I),  # "e se ...": Portuguese or Italian, told by the rest
}


# an undo said first, then a change ("rückgängig machen und 2G auf (2) setzen", "deshacer y poner el factor en 2"),
# on the text with its accents off
_UNDO_LEADS: dict[str, linre.Pattern] = {
    "de": linre.compile(
        r"^\s*(?:bitte\s+)?(?:(?:ruckgangig|rueckgaengig)(?:\s+machen)?|(?:zuruck|zurueck)(?:setzen|nehmen))"
        r"(?:\s*[,.;:!]+\s*|\s+(?:und|dann)\b\s*)+",
        linre.I,
    ),
    "es": linre.compile(r"^\s*(?:deshacer|deshaz(?:lo)?)(?:\s*[,.;:!]+\s*|\s+(?:y|luego)\b\s*)+", linre.I),
    "fr": linre.compile(r"^\s*(?:annuler|annule|annulez)(?:\s*[,.;:!]+\s*|\s+(?:et|puis)\b\s*)+", linre.I),
    "pt": linre.compile(r"^\s*(?:desfazer|desfaz|desfaca)(?:\s*[,.;:!]+\s*|\s+(?:e|depois)\b\s*)+", linre.I),
    "it": linre.compile(r"^\s*annulla(?:re)?(?:\s*[,.;:!]+\s*|\s+(?:e|poi)\b\s*)+", linre.I),
}


def _verbs(spec: str) -> dict[str, str]:
    pairs = (item.split("=", 1) for item in spec.split())
    return {word: english.replace("_", " ") for word, english in pairs}


# verbs of change (and their auxiliaries, dropped) in the sense a what-if gives them
_CHANGE: dict[str, dict[str, str]] = {
    "de": _verbs(
        """abschalten=disable ausschalten=disable deaktivieren=disable abgeschaltet=disable einschalten=enable
        anschalten=enable aktivieren=enable eingeschaltet=enable aktiviert=enable setzen= gesetzt= stellen=
        umstellen=switch umgestellt=switch erhohen=raise erhoehen=raise senken=lower reduzieren=reduce wird=
        werden= wurde= wuerde= hatte=had haette=had hatten=had ware=were waere=were waren=were gewicht=weight
        wechseln=migrate"""
    ),
    "es": _verbs(
        """activamos=enable activar=enable activa=enable activo=enable encendemos=enable desactivamos=disable
        desactivar=disable desactiva=disable apagamos=disable migramos=migrate migrar=migrate pasamos=migrate
        ponemos=set poner=set subimos=raise bajamos=lower peso=weight en=to"""
    ),
    "fr": _verbs(
        """active=enable activer=enable activait=enable activons=enable desactive=disable desactiver=disable
        desactivait=disable passe=set passait=set passons=set mettait=set met=set migre=migrate migrait=migrate
        migrons=migrate poids=weight vers=to"""
    ),
    "pt": _verbs("ativarmos=enable ativar=enable ativamos=enable desativar=disable colocarmos=set mudarmos=migrate"),
    "it": _verbs(
        """attiviamo=enable attivare=enable disattiviamo=disable disattivare=disable mettiamo=set passiamo=migrate
        per=to"""
    ),
}


def _told(rest: str) -> str:
    """Portuguese or Italian, for a message opening with "e se": the one whose words the rest holds more of."""
    words = {m.group(0).lower() for m in linre.finditer(r"[A-Za-z]+", rest)}
    pt = len(words & (WORDS["pt"].keys() | _CHANGE["pt"].keys()))
    it = len(words & (WORDS["it"].keys() | _CHANGE["it"].keys()))
    return "pt" if pt > it else "it"


def english(text: str) -> str:
    """The message in English words when it opens with a foreign what-if lead-in, or with a foreign undo followed
    by a change ("undo, then ..."), else the message as it is."""
    folded = plain(text)
    for lang, undo in _UNDO_LEADS.items():
        m = undo.match(folded)
        rest = folded[m.end() :].strip() if m is not None else ""
        if rest:
            body = linre.sub(r"\s+", " ", read_in_english(rest, lang, _CHANGE[lang])).strip(" ,")
            return f"undo, then {body}"
    for lang, lead_in in _LEAD_INS.items():
        m = lead_in.match(folded)
        if m is not None:
            rest = folded[m.end() :]
            lang = _told(rest) if lang == "pt/it" else lang
            body = linre.sub(r"\s+", " ", read_in_english(rest, lang, _CHANGE[lang])).strip(" ,")
            return f"what if {body}"
    return text
