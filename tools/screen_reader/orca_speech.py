"""What Orca spoke, read from the lines orca_run.py writes (pure: text in, utterances out).

A record is "<unix time> <logger> <Orca's log line>", Orca's line being e.g.
    SPEECH OUTPUT: 'Train push button.'            (an utterance)
    SPEECH OUTPUT: 'tab '                          (the echo of a key pressed)
    SPEECH OUTPUT: 'Hello' voice=uppercase         (a voice other than the default)
    BRAILLE LINE:  'Train push button'             (the braille display's line)
An utterance holding a newline continues on the next lines, which carry no prefix."""
from __future__ import annotations

import re
from dataclasses import dataclass

RECORD = re.compile(r"^(\d+\.\d+) (speech|braille) (.*)$")
# Orca's line may end in the voice's settings ({'established': False}) or its name (voice=...).
SPEECH = re.compile(r"^SPEECH OUTPUT: '(.*)'(\s*\{[^{}]*\}|\s*voice=\S+)?$", re.S)
BRAILLE = re.compile(r"^BRAILLE LINE:  '(.*)'$", re.S)


@dataclass(frozen=True)
class Said:
    time: float
    kind: str   # "speech" or "braille"
    text: str
    echo: bool = False  # the echo of a key pressed ('tab ', 'left shift '), not the page's words


def records(text: str) -> list[tuple[float, str, str]]:
    out: list[list] = []
    for line in text.split("\n"):
        m = RECORD.match(line)
        if m:
            out.append([float(m[1]), m[2], m[3]])
        elif out and line:
            out[-1][2] += "\n" + line
    return [tuple(r) for r in out]


def parse(text: str) -> list[Said]:
    """Every utterance and braille line in the log text, in order."""
    said = []
    for t, name, body in records(text):
        m = (SPEECH if name == "speech" else BRAILLE).match(body)
        if m:
            # Orca's key echo is the key's name and a space, said in the voice it sets up per key.
            echo = name == "speech" and m[1].endswith(" ") and (m[2] or "").strip().startswith("{") and len(m[1]) <= 30
            said.append(Said(t, name, m[1], echo))
    return said


def spoken(said: list[Said]) -> list[str]:
    """The utterances without the echo of the keys pressed: what was spoken about the page."""
    return [s.text for s in said if s.kind == "speech" and not s.echo]


def braille(said: list[Said]) -> list[str]:
    """The braille display's lines, as Orca wrote them (the whole line, not the visible part)."""
    return [s.text for s in said if s.kind == "braille"]


def squash(s: str) -> str:
    return " ".join(s.split())


def heard_in(sentence: str, utterances: list[str]) -> bool:
    """Was the page's sentence spoken whole, in one utterance (spacing aside)?"""
    want = squash(sentence)
    return bool(want) and any(want in squash(u) for u in utterances)
