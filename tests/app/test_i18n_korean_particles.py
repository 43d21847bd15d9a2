"""Korean particles after a fixed noun: a particle depends on the noun's last sound (백이, 나이트가;
흑을, 나이트를; 룩은, 나이트는; 킹과, 나이트와; 퀸으로, 나이트로), so a translation that fills in a
side's name (White, Black) or a piece's name must write the one particle each value takes, or put
the noun where no particle follows it, never the "이(가)" a reader has to work out. Every Korean
message that takes such a noun is rendered here with each of the noun's values (as the catalogue
translates them), and after each value the test finds no alternation ("이(가)", "을(를)", "은(는)",
"와(과)", "(으)로", "(이)") and, where a particle follows, the right one for that value.

Which placeholders take a fixed noun is declared in ``NOUN_SLOTS`` (the placeholder and where the
message is used: the values its callers fill in); ``test_every_noun_placeholder_is_declared`` fails
on a Korean message with an alternation after a placeholder named like one of them that is not
declared, so a new message is either declared (and checked) or takes words that are no fixed noun."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")
ALTERNATION = re.compile(r"^(이\(가\)|가\(이\)|을\(를\)|를\(을\)|은\(는\)|는\(은\)|와\(과\)|과\(와\)|\(으\)로|\(이\)|\(을\)|\(은\)|\(과\))")
PARTICLE = re.compile(r"^(이|가|을|를|은|는|과|와|으로|로)(?=[\s.,:;!?)…—]|$)")
SIDES = ("White", "Black")
PIECES = ("king", "queen", "rook", "bishop", "knight", "pawn", *(f"{side} {kind}" for side in ("white", "black")
                                                               for kind in ("king", "queen", "rook", "bishop", "knight", "pawn")))
MARK = "\x00"  # where a filled-in value ends

# placeholder -> (the noun values' English message ids, the message locations where it takes them)
NOUN_SLOTS = {
    "side": (SIDES, ("",)),
    "other": (SIDES, ("",)),
    "taken": (PIECES, ("static/js/",)),
    "heavy": (("queen", "rook"), ("tablebase/mates/coach/",)),
    "men": (PIECES, ("tablebase/mates/coach/",)),  # "the bishop on c4" ends with the piece's name in Korean
    "piece": (PIECES, ("static/js/board/", "static/js/mates/", "static/js/cube/edit_panel.js", "static/js/cube/page.js",
                       "tablebase/mates/", "tablebase/moves/")),
    "mover": (PIECES, ("tablebase/moves/",)),
    "target": (PIECES, ("tablebase/moves/",)),
}


# Named like a noun slot but holding what a user typed, which no translation can know the sound of:
# (placeholder, the message's location, what it holds).
OPEN = {
    ("taken", "tablebase/core/atoms.py"),  # the letters a custom piece may not take
    ("men", "tablebase/cube/endgames/position.py"),  # the men a request named
}


def korean():
    with (ROOT / "translations" / "ko" / "LC_MESSAGES" / "messages.po").open("rb") as source:
        return read_po(source)


def forms(message) -> list[str]:
    return list(message.string) if message.pluralizable else [message.string]


def slots(message) -> dict[str, tuple[str, ...]]:
    """The message's placeholders that take a fixed noun where the message is used."""
    used = [path for path, _ in message.locations]
    found = {}
    for name in set(PLACEHOLDER.findall(forms(message)[0])):
        if name in NOUN_SLOTS:
            values, where = NOUN_SLOTS[name]
            if any(path.startswith(where) for path in used):
                found[name] = values
    return found


def last_sound(word: str) -> str:
    """"consonant", "rieul" (ㄹ: takes 로) or "vowel" for the last Hangul syllable of ``word``."""
    syllable = next(ch for ch in reversed(word) if "가" <= ch <= "힣")
    final = (ord(syllable) - ord("가")) % 28
    return "vowel" if final == 0 else "rieul" if final == 8 else "consonant"


RIGHT = {  # the particle each last sound takes
    "vowel": {"가", "를", "는", "와", "로"},
    "consonant": {"이", "을", "은", "과", "으로"},
    "rieul": {"이", "을", "은", "과", "로"},
}


def check(text: str, value: str) -> str | None:
    """What is wrong after each filled-in ``value`` in ``text`` (marked by MARK), or None."""
    for after in text.split(MARK)[1:]:
        if ALTERNATION.match(after):
            return f"an alternation after {value!r}: {text.replace(MARK, '')!r}"
        particle = PARTICLE.match(after)
        if particle and particle.group(1) not in RIGHT[last_sound(value)]:
            return f"{particle.group(1)!r} after {value!r}: {text.replace(MARK, '')!r}"
    return None


def test_every_korean_message_with_a_fixed_noun_takes_the_right_particle():
    catalogue = korean()
    words = {m.id: m.string for m in catalogue if m.id and not m.pluralizable}
    checked, problems = 0, []
    for message in catalogue:
        if not message.id or not (found := slots(message)):
            continue
        for template in forms(message):
            for name, values in found.items():
                for english in values:
                    value = words[english]
                    filled = {key: "X" for key in PLACEHOLDER.findall(template)}
                    filled[name] = value + MARK
                    text = template.replace("%%", "%") if not filled else template % filled
                    problem = check(text, value)
                    checked += 1
                    if problem:
                        problems.append(problem)
    assert checked > 100, checked
    assert not problems, "\n".join(sorted(set(problems)))


def test_every_noun_placeholder_is_declared():
    """A Korean message with an alternation right after a placeholder named like a noun slot takes
    that noun somewhere not declared in NOUN_SLOTS: declare it (then the particle is checked) or
    rename the placeholder after what it holds."""
    undeclared = []
    for message in korean():
        if not message.id:
            continue
        declared = slots(message)
        for form in forms(message):
            for match in PLACEHOLDER.finditer(form):
                name = match.group(1)
                is_open = any((name, path) in OPEN for path, _ in message.locations)
                if name in NOUN_SLOTS and name not in declared and not is_open and ALTERNATION.match(form[match.end():]):
                    undeclared.append((name, [p for p, _ in message.locations], form))
    assert not undeclared, undeclared


@pytest.mark.parametrize(("word", "sound"), [("백", "consonant"), ("나이트", "vowel"), ("킹", "consonant"),
                                             ("%(x)s의 룩", "consonant"), ("서울", "rieul")])
def test_the_last_sound_is_read_from_the_last_syllable(word, sound):
    assert last_sound(word) == sound
