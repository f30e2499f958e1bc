"""A lesson file read into steps (docs/LESSONS.md): Markdown with a few directives, no I/O.

    # Title                       the lesson's title (its number is the file's)
    notes: 000, 001               the lecture notes it follows (a directive: digits allowed)
    ## A step's title             a new step (one screen)
    @run preset=and eta=1         the step's run, in params.json's link keys
    @run NAME key=value ...       a second run of the step, from the first one with these changes
    @plot boundary                the picture the step shows
    @change margin eta            what the student may change on this step (link keys)
    @ask KIND [args]: prompt      a predict-then-see question (questions.py names the kinds)
    @explain: text                said after the answer, numbers from the run
    ? condition: sentence         a claim shown only when the condition holds for the run
    (text after @ask)             the reveal: shown once the question is answered
    any other line                prose: no literal numbers, {placeholders} from the run

Prose, prompts and explanations may not contain a digit: every number is a placeholder.
"""

import re
from dataclasses import dataclass, field

DIGIT = re.compile(r"\d")
PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z_0-9.]*)\}")
CONDITION = re.compile(r"^(not )?[a-z_][a-z_0-9.]*( and (not )?[a-z_][a-z_0-9.]*)*$")


class LessonFormatError(ValueError):
    """A lesson file that breaks the format; line is 1-based."""

    def __init__(self, message, line=None):
        super().__init__(f"line {line}: {message}" if line else message)
        self.line = line


@dataclass
class Sentence:
    text: str
    condition: str | None = None  # a fact name, "not x", "x and not y": shown only when it holds
    reveal: bool = False  # written after the step's @ask: shown once the question is answered


@dataclass
class Question:
    kind: str
    args: list
    prompt: str
    explain: str = ""


@dataclass
class Step:
    title: str
    runs: dict = field(default_factory=dict)  # name -> {link key: text}; "" is the step's own run
    plot: str = "boundary"
    change: list = field(default_factory=list)
    sentences: list = field(default_factory=list)
    question: Question | None = None


@dataclass
class Lesson:
    title: str
    notes: list
    steps: list


def _words(line, lineno):
    """key=value pairs of a directive."""
    out = {}
    for word in line.split():
        if "=" not in word:
            raise LessonFormatError(f"expected key=value, got {word!r}", lineno)
        k, v = word.split("=", 1)
        out[k] = v
    return out


def _prose(text, lineno):
    if DIGIT.search(PLACEHOLDER.sub("", text)):
        raise LessonFormatError(f"a literal number in the prose: {text!r} (use a {{placeholder}})", lineno)
    return text


def parse(text):
    """The Lesson a file's text describes; LessonFormatError names the line that breaks the format."""
    title, notes, steps = None, [], []
    step = None
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("<!--"):
            continue
        if line.startswith("## "):
            step = Step(title=_prose(line[3:].strip(), lineno))
            steps.append(step)
        elif line.startswith("# "):
            title = _prose(line[2:].strip(), lineno)
        elif line.startswith("notes:") and step is None:
            notes = [n.strip() for n in line[6:].split(",") if n.strip()]
        elif step is None:
            raise LessonFormatError("text before the first step (## title)", lineno)
        elif line.startswith("@"):
            _directive(step, line, lineno)
        elif line.startswith("?"):
            cond, sep, sentence = line[1:].partition(":")
            cond = cond.strip()
            if not sep or not CONDITION.match(cond):
                raise LessonFormatError("a claim is '? condition: sentence'", lineno)
            step.sentences.append(Sentence(_prose(sentence.strip(), lineno), cond, step.question is not None))
        else:
            step.sentences.append(Sentence(_prose(line, lineno), None, step.question is not None))
    if title is None or not steps:
        raise LessonFormatError("a lesson needs a '# title' and at least one '## step'")
    for s in steps:
        if "" not in s.runs:
            raise LessonFormatError(f"step {s.title!r} has no @run")
    return Lesson(title, notes, steps)


def _directive(step, line, lineno):
    name, _, rest = line[1:].partition(" ")
    name, rest = name.rstrip(":"), rest.strip()
    if name == "run":
        first, _, more = rest.partition(" ")
        if "=" in first or not first:
            step.runs[""] = _words(rest, lineno)
        else:
            if "" not in step.runs:
                raise LessonFormatError("a named @run comes after the step's own @run", lineno)
            step.runs[first] = _words(more, lineno)
    elif name == "plot":
        step.plot = rest
    elif name == "change":
        step.change = rest.split()
    elif name == "ask":
        head, sep, prompt = rest.partition(":")
        if not sep or not head.split():
            raise LessonFormatError("a question is '@ask KIND [args]: prompt'", lineno)
        kind, *args = head.split()
        step.question = Question(kind, args, _prose(prompt.strip(), lineno))
    elif name == "explain":
        if step.question is None:
            raise LessonFormatError("@explain comes after its @ask", lineno)
        step.question.explain = _prose(rest.lstrip(":").strip(), lineno)
    else:
        raise LessonFormatError(f"unknown directive @{name}", lineno)
