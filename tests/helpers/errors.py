"""The API's error shape, checked alike by every test that meets one: ``{"error": code, "message":
text}``, and for an input error raised with a message also ``"says"``, its words, which filled in
English (as tablebase/core/message.py fills them, here from the JSON alone) give back the message
(shortened past 400 characters as the message is)."""

from __future__ import annotations

MAX_MESSAGE = 400


def english(words) -> str:
    """A ``Message.as_json()`` (or a value of its params) filled in English."""
    if not isinstance(words, dict):
        return str(words)
    if "number" in words:
        return f"{words['number']:,}"
    if "decimal" in words:
        return f"{words['decimal']:,.{words['places']}f}"
    if "join" in words:
        return words["sep"].join(english(item) for item in words["join"])
    if "and" in words:
        said = [english(item) for item in words["and"]]
        return said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1]
    n = words.get("n")
    template = words["id"] if "plural" not in words or n == 1 else words["plural"]
    values = {name: english(value) for name, value in words.get("params", {}).items()}
    if n is not None:
        values.setdefault("num", n)
    found = template % values if values or "%" in template else template
    if words.get("capital"):
        return found[:1].upper() + found[1:]
    return found.lower() if words.get("lower") else found


def clipped(text: str) -> str:
    return text if len(text) <= MAX_MESSAGE else text[:MAX_MESSAGE - 1] + "…"


def is_error(body) -> bool:
    """Whether ``body`` is the error shape, its words (if any) saying its message."""
    if not isinstance(body, dict) or set(body) - {"says"} != {"error", "message"}:
        return False
    return "says" not in body or clipped(english(body["says"])) == body["message"]


def ids(words) -> set[str]:
    """The message ids a words-JSON holds, its placeholders' words included."""
    if isinstance(words, list):
        return set().union(*(ids(item) for item in words)) if words else set()
    if not isinstance(words, dict):
        return set()
    found = {words["id"]} if "id" in words else set()
    for part in ("and", "join"):
        found |= ids(words.get(part, []))
    return found | ids(list(words.get("params", {}).values()))


def translated(words, messages: dict, lang: str) -> str:
    """``words`` filled from a catalogue (``{id: text or [forms]}``, as the page's data-i18n holds
    it) with the language's plural rule, as static/js/shared/i18n.js ``say`` fills them; an id
    missing from it stays English, as on a page."""
    if not isinstance(words, dict):
        return str(words)
    if "number" in words:
        return str(words["number"])
    if "join" in words:
        return words["sep"].join(translated(item, messages, lang) for item in words["join"])
    if "and" in words:
        said = [translated(item, messages, lang) for item in words["and"]]
        joiner = messages.get("and") or "and"
        return said[0] if len(said) == 1 else ", ".join(said[:-1]) + f" {joiner} " + said[-1]
    values = {name: translated(value, messages, lang) for name, value in words.get("params", {}).items()}
    found = messages.get(words["id"])
    if "plural" in words:
        n = words["n"]
        values.setdefault("num", n)
        forms = found if isinstance(found, list) and all(found) else [words["id"], words["plural"]]
        index = 0 if len(forms) == 1 else int(n > 1 if lang == "fr" else n != 1)
        text = forms[index]
    else:
        text = found if isinstance(found, str) and found else words["id"]
    text = text % values if values or "%" in text else text
    if words.get("capital"):
        return text[:1].upper() + text[1:]
    return text[:1].lower() + text[1:] if words.get("lower") else text


def from_json(words):
    """The ``Message`` (``Joined``, ``Grouped``) a words-JSON was made from: ``as_json`` read back."""
    from tablebase.core.message import Grouped, Joined, Message

    if not isinstance(words, dict):
        return words
    if "number" in words:
        return Grouped(words["number"])
    if "decimal" in words:
        return Grouped(words["decimal"], words["places"])
    if "join" in words or "and" in words:
        return Joined(tuple(from_json(item) for item in words.get("join", words.get("and"))), words.get("sep"))
    return Message(words["id"], {name: from_json(value) for name, value in words.get("params", {}).items()},
                   words.get("plural"), words.get("n"), words.get("lower", False), words.get("capital", False))
