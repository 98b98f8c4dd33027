"""A question in German, Spanish, French, Portuguese or Italian, read word by word in English.

The sources are in English, and so are the passages, claims and calculators. Admins in other countries often
ask in their own language and keep the terms of the trade in English ("wie viele SAP Instanzen pro Core?",
"hace falta reboot?", "é preciso reiniciar a LPAR?"). A full translation is not needed: the technical words are
already the sources' own, and what is missing is the frame around them (how many, recommended, possible, needed,
reboot, memory, pages). So the bridge does two things, both table lookups on whole words:

1. it tells the language by its function words (articles, prepositions, question words, auxiliaries) that are not
   English words; two distinct ones of one language and more than the English ones it holds make a message of that
   language, so an English ticket that names "Standard edition" or "con" is never touched;
2. it reads each word of that language as the English word for it: function words and the core terms of the
   field (memory, page, disk, instance, reboot, enable, default, fixed, pageable). Words it does not know (LPAR,
   AME, 128, LFAREA=...) stay as written, numbers and units among them.

The tables are data about how people write, not about the guidance; every word is looked up on its own (or as a
two-word phrase such as "wie viele", "hace falta"), so the cost is linear in the message and no pattern can
backtrack (the one pattern splits words and runs in linre).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache

from advisor import linre
from advisor.knowledge import vocabulary

MAX_CHARS = 4000  # a message longer than this is a pasted document or log, not a question to translate
MIN_HITS = 2  # distinct function words of one language that make a message that language
ENGLISH_ZIPF = 3.0  # a word this common in English is read as English ("system", "swap"), whatever the language

_WORD = linre.compile(r"[A-Za-z]+")
_SPACES = linre.compile(r"[ \t]{2,}")

# Function words of English that a question holds: a message with as many of these is English, whatever else.
ENGLISH = frozenset(
    """the is are was were what which how why when where who do does did can could should would will must
    we our you your it its this that these those of to and or for with without on in at from by have has
    there any some not only also if then than please""".split()
)

# Per language: words that mark it (not English words, not terms of the field) ...
MARKERS: dict[str, frozenset[str]] = {
    "de": frozenset(
        """und oder ist sind wir ich nicht mit auf fur wenn wie welche welcher welches welchen kann konnen muss
        mussen soll sollen sollte der das dem den des ein eine einen einer es bei noch auch zu von gibt habe haben
        wird werden warum wieviel wieviele viele viel mehr ohne uber unser unsere unseren mein meine moglich
        passiert nur ja nein bitte danke hallo zahlen werte""".split()
    ),
    "es": frozenset(
        """el los las del que por para como cuanto cuantos cuantas cual cuales es hay una uno puedo podemos puede
        se si y pero tenemos tiene hace falta necesito necesitamos debo debemos mi nuestro nuestra nuestros esta
        este estos muy mas tambien cuando donde porque lo al migramos hola gracias segun""".split()
    ),
    "fr": frozenset(
        """le la les des du est sont avec sans une un combien quel quelle quels quelles pourquoi faut il nous je
        dans sur pas ne et ou mais notre nos ma mes peut peux doit cette ce ces qui que au aux apres avant tres
        bonjour merci""".split()
    ),
    "pt": frozenset(
        """o um uma com sem para como quanto quantos quantas qual quais e nao preciso precisa podemos pode temos
        da dos das na nos nas ao pelo pela nosso nossa isso esse essa este esta muito mais quando onde porque se
        ja tambem obrigado por ter tem sao estao voce meu minha ou""".split()
    ),
    "it": frozenset(
        """il lo la gli le un una uno di del della dei delle con senza quanto quanti quante quanta ogni che cosa
        quale quali perche e si anche sono funziona possiamo puo nostro nostra questo questa quello molto piu
        quando sugli sui sul nella nel ancora grazie""".split()
    ),
}

# ... and each word (or two-word phrase) of it read in English; "" drops a word that carries nothing here.
_DE = """
schlecht=bad|schlimm=bad|gut=good|risiko=risk|gefahrlich=dangerous|problematisch=problematic
zwei=two|drei=three|vier=four|acht=eight|zehn=ten|hundert=hundred
wie viele=how many|der standard=the default|den standard=the default|im standard=by default|pro=per
wie viel=how much|und wenn=and if|was passiert=what happens|gibt es=is there|wieviele=how many|wieviel=how much
viele=many|viel=much|wie=how|was=what|welche=which|welcher=which|welches=which|welchen=which|warum=why|wieso=why
weshalb=why|wann=when|wo=where|wenn=if|falls=if|ob=whether|und=and|oder=or|ist=is|sind=are|war=was|wird=will
werden=be|kann=can|konnen=can|muss=must|mussen=must|soll=should|sollen=should|sollte=should|sollten=should|darf=may
habe=have|haben=have|hat=has|gibt=is|wir=we|ich=I|es=it|man=one|unser=our|unsere=our|unseren=our|unserer=our|mein=my
meine=my|nicht=not|kein=no|keine=no|mit=with|ohne=without|auf=to|fur=for|bei=at|von=of|zu=to|nach=after|vor=before
uber=over|im=in the|am=at the|zum=to the|zur=to the|der=the|die=the|das=the|dem=the|den=the|des=of the|ein=a|eine=a
einen=a|einer=a|eines=a|noch=still|auch=also|nur=only|mehr=more|weniger=less|genug=enough|zu viel=too much
ausreichend=enough|moglich=possible|notig=needed|notwendig=needed|benotigt=needed|brauchen=need|brauche=need
passiert=happens|empfiehlt=recommends|empfehlen=recommend|empfohlen=recommended|empfehlung=recommendation
speicher=memory|hauptspeicher=memory|arbeitsspeicher=memory|seite=page|seiten=pages|ausgelagert=paged out
auslagern=page out|auslagerbar=pageable|fix=fixed|fest=fixed|fixiert=fixed|platte=disk|platten=disks|festplatte=disk
standardwert=default|voreinstellung=default|instanz=instance|instanzen=instances|kern=core|kerne=cores|kernen=cores
neustart=reboot|neustarten=reboot|aktivieren=enable|aktiviert=enabled|einschalten=enable|deaktivieren=disable
ausschalten=disable|andern=change|anderung=change|setzen=set|einstellen=set|befehl=command|kommando=command
prufen=check|uberprufen=check|migrieren=migrate|faktor=factor|maschine=machine|netzwerk=network|durchsatz=throughput
langsam=slow|schneller=faster|besser=better|grenze=limit|gross=large|grosse=large|maximal=maximum|maximale=maximum
hochstens=at most|klein=small|kleine=small|anfordern=request|anzufordern=request|als=as|beim=at|ja=yes|nein=no
bitte=please|danke=thanks|hallo=hello|moin=hello|gemessen=measured|reicht das=is that enough|reicht=is enough
reichen=are enough|virtuell=virtual|virtuelle=virtual|virtuellen=virtual|virtueller=virtual|virtuelles=virtual
wochenende=weekend|nachts=at night|nacht=night|laufen=run|laufen lassen=run|gelaufen=run|lassen=let|nix=nothing
zahl=figure|zahlen=figures|werte=values|zertifiziert=certified|zertifizierte=certified|zertifizierten=certified
nichts=nothing|fast nix=almost nothing|fast nichts=almost nothing|nix los=quiet|nichts los=quiet|ruhig=quiet
passt das=is that ok|passt=fits|last=load|lastspitze=peak|spitzenlast=peak load|hochlast=peak load|lief=ran
"""
_ES = """
malo=bad|mala=bad|bueno=good|buena=good|problema=problem|riesgo=risk|peligroso=dangerous
segun=according to|basta=is enough|bastan=are enough|suficientes=enough
dos=two|tres=three|cuatro=four|ocho=eight|servidor=server|servidores=servers
hace falta=is needed|y si=and if|que pasa=what happens|por que=why|por defecto=default|cuantos=how many
cuantas=how many|cuanto=how much|cuanta=how much|que=what|cual=which|cuales=which|como=how|porque=because
cuando=when|donde=where|si=if|y=and|o=or|pero=but|es=is|son=are|esta=is|estan=are|hay=is there|puedo=can I
podemos=can we|puede=can|debo=should I|debemos=should we|deberia=should|tenemos=we have|tiene=has|necesito=need
necesitamos=need|necesario=needed|falta=needed|se=|lo=it|el=the|la=the|los=the|las=the|un=a|una=a|uno=one|de=of
del=of the|al=to the|a=to|en=on|con=with|sin=without|para=for|por=per|mi=my|nuestro=our|nuestra=our|nuestros=our
nuestras=our|este=this|esta=this|estos=these|muy=very|mas=more|menos=less|tambien=also|solo=only|solamente=only
suficiente=enough|demasiado=too much|posible=possible|recomienda=recommends|recomendado=recommended
recomendacion=recommendation|memoria=memory|pagina=page|paginas=pages|paginable=pageable|paginables=pageable
fijo=fixed|fija=fixed|fijas=fixed|fijos=fixed|disco=disk|discos=disks|predeterminado=default|instancia=instance
instancias=instances|nucleo=core|nucleos=cores|reiniciar=reboot|reinicio=reboot|activar=enable|activamos=enable
activo=enabled|habilitar=enable|desactivar=disable|cambiar=change|cambio=change|configurar=set|comando=command
verificar=check|comprobar=check|migrar=migrate|migramos=we migrate|factor=factor|maquina=machine|red=network
rendimiento=throughput|lento=slow|mejor=better|limite=limit|grande=large|grandes=large|pequeno=small
adaptador=adapter|adaptadores=adapters|varios=several|libres=free|libre=free|tamano=size|pasa=happens|hola=hello
gracias=thanks
"""
_FR = """
mauvais=bad|mauvaise=bad|bon=good|bonne=good|probleme=problem|risque=risk|dangereux=dangerous
deux=two|trois=three|quatre=four|huit=eight|serveur=server|serveurs=servers|paginable=pageable|paginables=pageable|elles=they|ils=they
on peut=can we|peut on=can we|autre=another|autres=other|cellule=cell|cellules=cells|mettre=put|meme=same
est-ce que=|faut il=is needed|combien de=how much|et si=and if|par defaut=default|qu est-ce que=what
combien=how much|quel=which|quelle=which|quels=which|quelles=which|comment=how|pourquoi=why|quand=when|ou=or|si=if
et=and|mais=but|est=is|sont=are|peut=can|peux=can|pouvons=can|doit=must|dois=must|devons=must|faut=needed|il=it
nous=we|je=I|on=we|le=the|la=the|les=the|l=the|un=a|une=a|de=of|d=of|du=of the|des=of the|au=to the|aux=to the|a=to
dans=in|sur=on|pour=for|avec=with|sans=without|par=per|pas=not|ne=|n=|qu=|s=|ce=this|cette=this|ces=these|qui=who
que=that|notre=our|nos=our|mon=my|ma=my|mes=my|apres=according to|avant=before|tres=very|plus=more|moins=less
seulement=only|assez=enough|suffisant=enough|trop=too much|possible=possible|recommande=recommends
recommandee=recommended|memoire=memory|page=page|pages=pages|fixe=fixed|fixes=fixed|disque=disk|disques=disks
defaut=default|instance=instance|instances=instances|coeur=core|coeurs=cores|redemarrer=reboot|redemarrage=reboot
activer=enable|desactiver=disable|changer=change|modifier=change|commande=command|verifier=check|migrer=migrate
facteur=factor|machine=machine|reseau=network|debit=throughput|lent=slow|meilleur=better|limite=limit|grand=large
grande=large|maximale=maximum|maximal=maximum|minimale=minimum|petit=small|taille=size|bonjour=hello|merci=thanks
nouvelle=new|nouveau=new|ancienne=old|ancien=old|forme=form
"""
_PT = """
mau=bad|ruim=bad|bom=good|boa=good|problema=problem|risco=risk|perigoso=dangerous
paginaveis=pageable|fixos=fixed|segundo=according to
dois=two|duas=two|tres=three|quatro=four|oito=eight|ter=have|por=per|servidor=server|servidores=servers|paginavel=pageable
o que=what|e se=and if|por que=why|por padrao=default|quantos=how many|quantas=how many|quanto=how much
quanta=how much|qual=which|ou=or|quais=which|como=how|porque=because|quando=when|onde=where|se=if|e=is|sao=are
esta=is|estao=are|ha=is there|posso=can I|podemos=can we|pode=can|devo=should I|devemos=should we|deve=should
temos=we have|tem=has|preciso=needed|precisa=needed|necessario=needed|nao=not|sim=yes|o=the|os=the|a=the|as=the|um=a
uma=a|de=of|do=of the|da=of the|dos=of the|das=of the|no=in the|na=in the|nos=in the|nas=in the|ao=to the|com=with
sem=without|para=to|pelo=by the|pela=by the|nosso=our|nossa=our|isso=this|esse=this|essa=this|este=this|muito=very
mais=more|menos=less|ja=already|tambem=also|so=only|somente=only|suficiente=enough|possivel=possible
recomenda=recommends|recomendado=recommended|memoria=memory|pagina=page|paginas=pages|fixo=fixed|fixa=fixed
fixas=fixed|disco=disk|discos=disks|padrao=default|instancia=instance|instancias=instances|nucleo=core|nucleos=cores
reiniciar=reboot|reinicializar=reboot|ativar=enable|ativado=enabled|habilitar=enable|desativar=disable|mudar=change
alterar=change|configurar=set|comando=command|verificar=check|verifico=check|migrar=migrate|fator=factor
maquina=machine|rede=network|lento=slow|melhor=better|limite=limit|maximo=maximum|maxima=maximum|grande=large
pequeno=small|tamanho=size|acontece=happens|obrigado=thanks|ola=hello
"""
_IT = """
cattivo=bad|male=bad|buono=good|buona=good|problema=problem|rischio=risk|pericoloso=dangerous
due=two|tre=three|quattro=four|otto=eight|paginabile=pageable|paginabili=pageable
e se=and if|che cosa=what|cosa=what|quanti=how many|quante=how many|quanto=how much|quanta=how much|quale=which
quali=which|come=how|perche=why|quando=when|dove=where|se=if|e=and|o=or|ma=but|sono=are|funziona=works
possiamo=can we|posso=can I|puo=can|devo=should I|dobbiamo=should we|deve=should|serve=needed|servono=needed
bisogna=needed|massimo=maximum|massima=maximum|necessario=needed|non=not|si=|il=the|lo=the|la=the|i=the|gli=the
le=the|un=a|una=a|uno=a|di=of|del=of the|della=of the|dei=of the|delle=of the|degli=of the|al=to the|a=to|in=in
nel=in the|nella=in the|sul=on the|sui=on the|sugli=on the|con=with|senza=without|per=for|nostro=our|nostra=our
questo=this|questa=this|quello=that|molto=very|piu=more|meno=less|anche=also|ancora=still|solo=only|soltanto=only
abbastanza=enough|sufficiente=enough|troppo=too much|possibile=possible|raccomanda=recommends|consiglia=recommends
consigliate=recommended|ogni=each|che=that|consigliato=recommended|memoria=memory|pagina=page|pagine=pages
fissa=fixed|fisse=fixed|fisso=fixed|disco=disk|dischi=disks|predefinito=default|istanza=instance|istanze=instances
riavviare=reboot|riavvio=reboot|attivare=enable|abilitare=enable|disattivare=disable|cambiare=change
modificare=change|impostare=set|comando=command|verificare=check|controllare=check|migrare=migrate|fattore=factor
macchina=machine|rete=network|lento=slow|migliore=better|limite=limit|grande=large|piccolo=small|dimensione=size
succede=happens|grazie=thanks|ciao=hello
"""


def _table(spec: str) -> dict[str, str]:
    pairs = (item.split("=", 1) for line in spec.split("\n") for item in line.split("|") if "=" in item)
    return {k.strip().replace("-", " "): v.strip() for k, v in pairs}


WORDS: dict[str, dict[str, str]] = {
    "de": _table(_DE),
    "es": _table(_ES),
    "fr": _table(_FR),
    "pt": _table(_PT),
    "it": _table(_IT),
}


@dataclass(frozen=True)
class Bridged:
    text: str  # the message with the words of its language read in English (as given when it is English)
    language: str = "en"


def plain(text: str) -> str:
    """Accents off ("mémoire" -> "memoire", "ß" -> "ss"), so one table entry serves every way of typing a word."""
    folded = unicodedata.normalize("NFKD", text.replace("ß", "ss").replace("ẞ", "SS"))
    return "".join(ch for ch in folded if not unicodedata.combining(ch))


# Endings of verbs and plurals, longest first: "aktiviere" and "aktivieren", "reinicia" and "reiniciar" are one
# entry. Only stems of STEM_MIN letters or more are looked up, so a short word is never read as another.
ENDINGS: dict[str, tuple[str, ...]] = {
    "de": ("ieren", "iere", "iert", "en", "st", "e", "t", "n"),
    "es": ("amos", "emos", "imos", "ando", "iendo", "ado", "ada", "ido", "ar", "er", "ir", "as", "es", "a", "e", "o"),
    "fr": ("ons", "ent", "ez", "er", "ir", "re", "ee", "es", "e"),
    "pt": ("amos", "emos", "imos", "ado", "ada", "ido", "ar", "er", "ir", "as", "es", "a", "e", "o"),
    "it": ("iamo", "are", "ere", "ire", "ato", "ata", "ito", "a", "e", "i", "o"),
}
STEM_MIN = 5


def _stems(language: str, table: dict[str, str]) -> dict[str, str]:
    """Each one-word entry under its stem (the entry's word without its longest ending)."""
    out: dict[str, str] = {}
    for word in table:
        if " " in word:
            continue
        stem = _stem(word, language)
        if stem != word:
            out.setdefault(stem, word)
    return out


def _stem(word: str, language: str) -> str:
    for ending in ENDINGS[language]:
        if word.endswith(ending) and len(word) - len(ending) >= STEM_MIN:
            return word[: -len(ending)]
    return word


def _key(word: str, language: str, table: dict[str, str]) -> str:
    """The table's spelling of a word: "moeglich" and "möglich" are one German word, "aktiviere" is "aktivieren"."""
    low = word.lower()
    if low in table:
        return low
    if language == "de":
        for typed, umlaut in (("ae", "a"), ("oe", "o"), ("ue", "u")):
            low = low.replace(typed, umlaut)
        if low in table:
            return low
    return STEMS[language].get(_stem(low, language), low)


STEMS: dict[str, dict[str, str]] = {lang: _stems(lang, table) for lang, table in WORDS.items()}


def language(words: list[str]) -> str:
    """The message's language: the one whose marking words it holds most (at least MIN_HITS distinct ones, and
    more than the English function words it holds), else English."""
    low = {w.lower() for w in words}
    english = len(low & ENGLISH)
    best, hits = "en", 0
    for lang, marks in MARKERS.items():
        n = len(low & marks)
        if n > hits:
            best, hits = lang, n
    return best if hits >= MIN_HITS and hits > english else "en"


def to_english(message: str) -> Bridged:
    """The message read in English word by word when it is written in one of the bridged languages."""
    if not message or len(message) > MAX_CHARS or message.isascii() and not _maybe_foreign(message):
        return Bridged(message)
    text = plain(message)
    lang = language([m.group(0) for m in _WORD.finditer(text)])
    if lang == "en":
        return Bridged(message)
    return Bridged(read_in_english(text, lang), lang)


def in_conversation(message: str, earlier: list[str]) -> Bridged:
    """A message too short to tell its language by itself ("befehl?", "et nouvelle forme?") read in the language of
    the conversation's latest message that was bridged (`earlier`: the user's messages, oldest first), when that
    language's tables know each of its words but names and acronyms ("rückgängig bitte" stays as written, for the
    readers that know it); as `to_english` otherwise."""
    bridged = to_english(message)
    if bridged.language != "en" or len(message.split()) > TERSE_WORDS or len(message) > MAX_CHARS:
        return bridged
    lang = next((b.language for m in reversed(earlier) if (b := to_english(m)).language != "en"), "en")
    if lang == "en":
        return bridged
    text = plain(message)
    table = WORDS[lang]
    words = [m.group(0) for m in _WORD.finditer(text) if not (len(m.group(0)) >= 2 and m.group(0).isupper())]
    if not words or not all(_key(w, lang, table) in table for w in words):
        return bridged
    return Bridged(read_in_english(text, lang), lang)


TERSE_WORDS = 4  # a follow-up this short has too few words of its own to tell its language


def read_in_english(text: str, lang: str, first: Mapping[str, str] | None = None) -> str:
    """`text` (accents off) with each word of `lang` the tables know read in English; `first`: entries looked up
    before the language's table (the what-if reader's verbs of change, advisor/chat/changewords.py)."""
    if lang in ("fr", "it"):  # "d'après", "l'LPAR", "dell'AME": the elided article is a word of its own
        text = text.replace("'", " ").replace("\u2019", " ")
    spans = [(m.start(), m.end(), m.group(0)) for m in _WORD.finditer(text)]
    table = {**WORDS[lang], **(first or {})}
    out: list[str] = []
    pos, i = 0, 0
    while i < len(spans):
        start, end, word = spans[i]
        if (len(word) >= 2 and word.isupper()) or "/" in (text[start - 1 : start], text[end : end + 1]):
            i += 1  # "OS" of "z/OS", "AME", "VM": a name or acronym, never a word of the language
            continue
        key = _key(word, lang, table)
        if i + 1 < len(spans) and text[end : spans[i + 1][0]] in (" ", "-", "'"):
            pair = f"{key} {_key(spans[i + 1][2], lang, table)}"
            if pair in table:
                out.append(text[pos:start] + table[pair])
                pos, i = spans[i + 1][1], i + 2
                continue
        if key in table:
            out.append(text[pos:start] + table[key])
            pos = end
        elif _everyday(word, lang):
            out.append(text[pos:start])  # "laut", "eigentlich": a word of that language no table entry carries
            pos = end
        i += 1
    out.append(text[pos:])
    return _SPACES.sub(" ", "".join(out)).strip()


@cache
def _everyday_words(language: str) -> frozenset[str]:
    """The everyday words of a language (wordfreq), accents off as the bridge reads them."""
    return frozenset(plain(w) for w in vocabulary.foreign_words(language))


def _everyday(word: str, language: str) -> bool:
    """A word the tables do not carry that is everyday language there and not in English: phrasing to set aside
    ("laut HP", "eigentlich"). A product or term ("tomcat", "HANA", "hugepages") is no everyday word of any of
    them, and a word in capitals or with digits is a name or code: both stay, and the question is judged on them."""
    low = word.lower()
    if len(low) < 3 or word.isupper() or vocabulary.zipf(low) >= ENGLISH_ZIPF:
        return False
    return low in _everyday_words(language)


def _maybe_foreign(message: str) -> bool:
    """A cheap first look for an ASCII message: does it hold any marking word of a bridged language at all?"""
    words = {m.group(0).lower() for m in _WORD.finditer(message[:MAX_CHARS])}
    return any(len(words & marks) >= MIN_HITS for marks in MARKERS.values())
