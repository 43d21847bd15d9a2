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
