"""A sentence the pages show (the coach's advice, the 3D endgames' explanations) as a message a
translator can work with: its English text with named
placeholders (``%(name)s``), the values that fill them (numbers, square names, or other messages:
an edge's name, a count of steps, a list joined by "and", a move), and for a counted message its plural
and the count. ``text()`` is the English the API has always answered; ``as_json()`` is what the
pages translate with the same gettext catalogue (static/js/shared/i18n.js ``say``).

``N_`` (``Nn_``: a counted one) marks a message for ``pybabel extract`` (babel.cfg reads every
module of tablebase); tablebase never translates anything itself. An input error is raised with
one (``ChessInputError(msg(...))``: docs/translations.md)."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..marks import N_, Nn_  # noqa: F401  (the markers, here as everywhere: tablebase/marks.py)


@dataclass(frozen=True)
class Message:
    id: str
    params: dict = field(default_factory=dict)
    plural: str | None = None  # a counted message: its plural, ``n`` the count (the placeholder num)
    n: int | None = None
    lower: bool = False  # shown inside a sentence: lowered (in English the whole name, as the API always said it)
    capital: bool = False  # begins a sentence: its first letter raised

    def text(self) -> str:
        template = self.id if self.plural is None or self.n == 1 else self.plural
        values = {key: english(value) for key, value in self.params.items()}
        if self.n is not None:
            values.setdefault("num", self.n)
        found = template % values if values or "%" in template else template
        if self.capital:
            return found[:1].upper() + found[1:]
        return found.lower() if self.lower else found

    def as_json(self) -> dict:
        found: dict = {"id": self.id}
        if self.params:
            found["params"] = {key: words_json(value) for key, value in self.params.items()}
        if self.plural is not None:
            found.update(plural=self.plural, n=self.n)
        if self.lower:
            found["lower"] = True
        if self.capital:
            found["capital"] = True
        return found


@dataclass(frozen=True)
class Grouped:
    """A number written with its thousands grouped: "1,234" in English, as the page's language
    groups them there; with ``places``, so many decimals after the language's decimal sign
    ("1.6" in English, "1,6" in French).

    As words: ``{"number": 1234}``, or with decimals ``{"decimal": 1.6, "places": 1}`` (a page
    writes it with Intl's rules, the server with Babel's).

    >>> Grouped(1234567).text(), Grouped(1.6, 1).as_json()
    ('1,234,567', {'decimal': 1.6, 'places': 1})
    """

    value: int | float
    places: int = 0

    def text(self) -> str:
        return f"{self.value:,}" if self.places == 0 else f"{self.value:,.{self.places}f}"

    def as_json(self) -> dict:
        return {"decimal": self.value, "places": self.places} if self.places else {"number": self.value}


@dataclass(frozen=True)
class Joined:
    """Messages listed with "and" ("the rook on e4 and knight on f5"; three or more: "a, b and c"
    in the API's English; a page lists them as its language does, by CLDR's rules: Babel's
    ``format_list`` on the server, ``Intl.ListFormat`` in the page), or, with ``sep``, simply
    joined by it ("; ").

    >>> Joined((msg("a"), msg("b"), msg("c"))).text(), Joined(("x", "y"), "; ").text()
    ('a, b and c', 'x; y')
    """

    items: tuple
    sep: str | None = None

    def text(self) -> str:
        said = [english(item) for item in self.items]
        if self.sep is not None:
            return self.sep.join(said)
        return said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1]

    def as_json(self) -> dict:
        items = [words_json(item) for item in self.items]
        return {"and": items} if self.sep is None else {"join": items, "sep": self.sep}


@dataclass(frozen=True)
class MoveName:
    """A move in standard notation (SAN: "Nxf7+") inside a sentence: in English as it is; a page
    writes its piece letters in the reader's language (static/js/shared/i18n.js ``moveName``,
    webapp/i18n_say.py ``move_name``)."""

    san: str

    def text(self) -> str:
        return self.san

    def as_json(self) -> dict:
        return {"san": self.san}


def msg(id: str, **params) -> Message:
    return Message(id, params)


def as_message(words) -> Message:
    """Words as a ``Message``: a message of the catalogue (text marked with ``N_``), or one already.

    >>> as_message("the table folder is missing").text()
    'the table folder is missing'
    """
    return msg(words) if isinstance(words, str) else words


def counted(singular: str, plural: str, n: int, **params) -> Message:
    return Message(singular, params, plural, n)


WORDS = (Message, Joined, Grouped, MoveName)  # the values that are words of their own


def english(value) -> str:
    return value.text() if isinstance(value, WORDS) else str(value)


def words_json(value):
    return value.as_json() if isinstance(value, WORDS) else value


def from_json(words):
    """Words as the API sends them (``words_json``: ``{"id", "params", "plural", "n", ...}``,
    ``{"san"}``, ``{"number"}``, ``{"decimal", "places"}``, ``{"and"}``, ``{"join", "sep"}``) made
    the values they were again; a plain value stays itself.

    >>> english(from_json({"id": "%(num)s free square", "plural": "%(num)s free squares", "n": 2}))
    '2 free squares'
    >>> english(from_json({"and": [{"id": "a"}, {"id": "b"}, {"san": "Nf3"}]}))
    'a, b and Nf3'
    """
    if not isinstance(words, dict):
        return words
    if "number" in words:
        return Grouped(words["number"])
    if "decimal" in words:
        return Grouped(words["decimal"], words.get("places", 0))
    if "san" in words:
        return MoveName(words["san"])
    if "and" in words:
        return Joined(tuple(from_json(item) for item in words["and"]))
    if "join" in words:
        return Joined(tuple(from_json(item) for item in words["join"]), sep=words["sep"])
    params = {name: from_json(value) for name, value in words.get("params", {}).items()}
    return Message(words["id"], params, words.get("plural"), words.get("n"),
                   lower=words.get("lower", False), capital=words.get("capital", False))
