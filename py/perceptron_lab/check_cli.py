"""python -m perceptron_lab check LINK...: a teacher's check of exercise result links.

Each link's run is trained again by the engine (the bridge's "check" request, the page's own
definitions: exercise/grading.py) and one line per link says its score, which answers were
right and whether the link was altered. Links come from the arguments, a file or stdin (one per
line, or one column of a CSV file, whose other columns go to the gradebook CSV unchanged).

Exit status: 0 every link genuine, 1 at least one altered (a score its answers do not give, an answer list changed),
2 at least one malformed (the reason on stderr, one line per link) or bad options.
"""

import csv
import io
import json
import re
import sys
import time

from . import settings
from .cli_input import InputError, read_data_file, shown
from .i18n import _, ngettext, number

EXIT_ALTERED = 1
EXIT_MALFORMED = 2
MAX_LINKS = 10_000
RESULT_COLUMNS = ["status", "score", "answered", "right", "reasons"]
# The forms a script reads (docs/LANGUAGES.md, README "Grading the exercise"): their field names and the
# status codes (genuine, altered, malformed) are English in every language; only the lines of "text" and
# the reasons (sentences for a person) speak the command line's language.
FORMATS = ("text", "tsv", "json")
TSV_COLUMNS = ["link", *RESULT_COLUMNS]
# A line of a file of links ends at \n, \r\n or \r only: str.splitlines() also splits at form
# feeds, U+2028 and others, which would split one link in two and misnumber every later one.
LINE_END = re.compile(r"\r\n|\r|\n")
PROGRESS_SECONDS = 2.0  # a batch says how far it is on stderr at most this often, once it takes longer
BIG_LINK = 16_384  # a link this long carries data (a CSV file, many points) that takes seconds to replay


def add_parser(sub):
    c = sub.add_parser("check", help=_("check exercise result links: score, right answers, altered or not"),
                       description=_("Re-run the exercise each result link names and check its answers and score."))
    c.add_argument("links", nargs="*", metavar="LINK", help=_("result links (else read from --file or stdin)"))
    c.add_argument("--file", metavar="PATH", help=_("read links from PATH, one per line ('-' = stdin)"))
    c.add_argument("--column", metavar="NAME", help=_("PATH (or stdin) is a CSV file: the links are in column NAME "
                   "(a header name or a 0-based index); its other columns are kept in --csv"))
    c.add_argument("--assignment", metavar="LINK", help=_("the exercise link you handed out: a result of another "
                   "run (data or settings changed) counts as altered"))
    c.add_argument("--csv", dest="csv_out", metavar="OUT", help=_("write a CSV for a gradebook to OUT ('-' = stdout)"))
    c.add_argument("--json", action="store_true", help=_("print one JSON object per link instead of a line "
                   "(the same as --format json)"))
    c.add_argument("--format", choices=FORMATS, default=None,
                   help=_("text: one line per link in the command line's language; tsv: a header row, then one "
                          "row per link with English field names and status codes (for scripts); json: one JSON "
                          "object per link"))
    return c


def _rows(args, fail):
    """-> (header, rows, column index): rows are lists of cells; the link is rows[i][col]."""
    if args.links and (args.file or args.column):
        raise SystemExit(fail(_("give links as arguments or with --file, not both")))
    if args.links:
        return ["link"], [[s] for s in args.links], 0
    limit = settings.LIMITS["csv_max_bytes"]  # a file of links is read like a data file: never past this
    if args.file in (None, "-"):
        if args.file is None and sys.stdin.isatty():
            raise SystemExit(fail(_("give result links as arguments, with --file PATH, or on stdin")))
        raw, where = sys.stdin.buffer.read(limit + 1), "stdin"
        if len(raw) > limit:
            raise SystemExit(fail(_("stdin holds more than {limit} bytes of links").format(limit=number(f"{limit:,}"))))
    else:
        try:
            raw, where = read_data_file(args.file, limit), shown(args.file)
        except InputError as e:
            raise SystemExit(fail(str(e)))
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise SystemExit(fail(_("cannot read {where}: it is not UTF-8 text").format(where=where))) from None
    if args.column is None:
        rows = [[line.strip()] for line in LINE_END.split(text) if line.strip()]
        if not rows:
            raise SystemExit(fail(_("{where} holds no result links").format(where=where)))
        return ["link"], rows, 0
    old = csv.field_size_limit(max(limit, 131072))  # a cell may be as long as the file (a link's data)
    try:
        # strict: a quote left open would swallow every later row into one cell, each link after it lost
        table = list(csv.reader(io.StringIO(text, newline=""), strict=True))
    except csv.Error as e:
        raise SystemExit(fail(_("cannot read {where} as a CSV file: {e}").format(where=where, e=e))) from None
    finally:
        csv.field_size_limit(old)
    if not table:
        raise SystemExit(fail(_("{where} is empty: a CSV file with a header row and links was expected").format(
            where=where)))
    header, rows = table[0], [r for r in table[1:] if any(c.strip() for c in r)]
    if args.column in header:
        col = header.index(args.column)
    elif re.fullmatch(r"[0-9]{1,9}", args.column) and int(args.column) < len(header):
        col = int(args.column)
    else:
        raise SystemExit(fail(_("--column {column}: the CSV file has no such column (its columns: {columns})").format(
            column=args.column, columns=', '.join(header[:20]))))
    if not rows:
        raise SystemExit(fail(_("{where} holds no rows of links under its header").format(where=where)))
    return header, rows, col


class Progress:
    """"checked n of N links" on stderr while a long batch runs (never for a quick one): a check
    at the size limits takes seconds a link."""

    def __init__(self, total, clock=None, out=None):
        self.total, self.clock, self.out = total, clock or time.monotonic, out
        self.start = self.last = self.clock()

    def before(self, n, link):
        now = self.clock()
        big = len(link) >= BIG_LINK
        if now - self.last >= PROGRESS_SECONDS or big:
            self.last = now
            words = (_("checking link {n} of {total} ({seconds} s so far; it carries {chars} characters of data to "
                       "unpack and train on)…") if big else _("checking link {n} of {total} ({seconds} s so far)…"))
            out = self.out or sys.stderr
            out.write("perceptron-lab: " + words.format(n=number(f"{n:,}"), total=number(f"{self.total:,}"),
                                                        seconds=f"{now - self.start:.0f}",
                                                        chars=number(f"{len(link):,}")) + "\n")
            out.flush()


def _assignment_problem(result_link, assignment):
    """Why the result's run is not the assigned one (None when it is): the settings that apply
    to either run and differ, and the data."""
    from .exercise.result_link import BY_NAME, LinkError, is_active, read_link

    try:
        r = read_link(result_link)
    except LinkError:
        return None  # the check itself says why
    a, b = r["values"], assignment["values"]
    differ = [_(p["label"]) for name, p in BY_NAME.items()
              if p["group"] != "view" and name not in ("plot_features", "main_plot")  # the picture, not the run
              and (is_active(name, a) or is_active(name, b)) and a[name] != b[name]]
    if not differ and r["data"] != assignment["data"]:
        return _("it is not the assigned exercise (the data differs)")
    if not differ:
        return None
    return ngettext("it is not the assigned exercise ({settings} differs)",
                    "it is not the assigned exercise ({settings} differ)", len(differ)).format(settings=", ".join(differ))


def _right_text(right):
    wrong = [str(i + 1) for i, ok in enumerate(right) if not ok]
    if not wrong:
        return _("none wrong")
    return _("wrong: {answers}").format(answers=", ".join(wrong[:30]) + (", …" if len(wrong) > 30 else ""))


def _replayed(r):
    """What the replay found, in the command line's language (the line's second half)."""
    ex, right = r["exercise"], _right_text(r["right"])
    if not r.get("lessons"):  # the lesson predictions the link carries (lessons/answers.py)
        return _("{score} of {answered} right ({right}); {dataset}, {algorithm}").format(
            score=r["score"], answered=r["answered"], right=right, dataset=ex["dataset"], algorithm=ex["algorithm"])
    return _("{score} of {answered} right ({right}); {dataset}, {algorithm}; lesson predictions {lesson_score} of "
             "{lesson_answered} right; in all {total_score} of {total_answered} right").format(
        score=r["score"], answered=r["answered"], right=right, dataset=ex["dataset"], algorithm=ex["algorithm"],
        lesson_score=r["lessons"]["score"], lesson_answered=r["lessons"]["answered"],
        total_score=r["total"]["score"], total_answered=r["total"]["answered"])


def _tsv_cell(value):
    """A TSV field: tabs and line ends inside a reason would start another field or row."""
    return re.sub(r"[\t\r\n]+", " ", str(value))


def run(args, handle, fail, printable):
    try:
        header, rows, col = _rows(args, fail)
    except SystemExit as e:
        return e.code
    if len(rows) > MAX_LINKS:
        return fail(_("at most {most} links at once (this input has {n})").format(most=MAX_LINKS, n=len(rows)))
    assignment = None
    if args.assignment:
        from .exercise.result_link import LinkError, read_link

        try:
            assignment = read_link(args.assignment)
        except LinkError as e:
            return fail(_("--assignment: {e}").format(e=e))
    form = args.format or ("json" if args.json else "text")
    if args.json and form != "json":
        return fail(_("--json and --format {form} ask for two forms: give one").format(form=form))
    if form == "tsv":
        print("\t".join(TSV_COLUMNS))
    worst, out, progress = 0, [], Progress(len(rows))
    for n, row in enumerate(rows, start=1):
        link = row[col] if col < len(row) else ""
        progress.before(n, link)
        r = handle({"cmd": "check", "link": link})
        if not r["ok"]:
            reason = r["error"]["message"]
            sys.stderr.write("perceptron-lab: " + _("link {n}: {reason}").format(n=n, reason=printable(reason)) + "\n")
            worst = max(worst, EXIT_MALFORMED)
            result = {"status": "malformed", "score": "", "answered": "", "right": "", "reasons": reason}
            line = _("link {n}: MALFORMED: {reason}").format(n=n, reason=reason)
            record = {"link": n, "status": "malformed", "reason": reason}
        else:
            if assignment is not None:
                why = _assignment_problem(link, assignment)
                if why:
                    r["reasons"].append(why)
                    r["status"] = "altered"
            altered = r["status"] == "altered"
            worst = max(worst, EXIT_ALTERED if altered else 0)
            result = {"status": r["status"], "score": r["score"], "answered": r["answered"],
                      "right": "".join("1" if ok else "0" for ok in r["right"]), "reasons": "; ".join(r["reasons"])}
            what = _replayed(r)
            line = (_("link {n}: ALTERED: {reasons}. Replayed: {what}").format(n=n, reasons="; ".join(r["reasons"]), what=what)
                    if altered else _("link {n}: genuine: {what}").format(n=n, what=what))
            keys = ("status", "reasons", "score", "answered", "right", "claimed", "asked", "verdict", "exercise", "lessons", "total")
            record = {"link": n, **{k: r[k] for k in keys}}
        out.append(row + [""] * (len(header) - len(row)) + [result[k] for k in RESULT_COLUMNS])
        if form == "tsv":
            print("\t".join(_tsv_cell(printable(v)) for v in [n, *(result[k] for k in RESULT_COLUMNS)]))
        else:
            print(json.dumps(record) if form == "json" else printable(line))
    if args.csv_out:
        err = _write_csv(args.csv_out, header + RESULT_COLUMNS, out, fail)
        if err:
            return err
    return worst


def _cell(value):
    """A gradebook cell as UTF-8 text: a link given as an argument may hold bytes that are not
    UTF-8 (Python keeps them as lone surrogates, which no encoder writes); they are written \\xNN."""
    if not isinstance(value, str):
        return value
    try:
        return value.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
    except UnicodeEncodeError:  # a surrogate no byte stands for
        return value.encode("utf-8", "backslashreplace").decode("utf-8")


def _write_csv(target, header, rows, fail):
    try:
        fh = sys.stdout if target == "-" else open(target, "w", encoding="utf-8", newline="")
        try:
            w = csv.writer(fh)
            w.writerow([_cell(c) for c in header])
            w.writerows([_cell(c) for c in r] for r in rows)
        finally:
            if fh is not sys.stdout:
                fh.close()
    except OSError as e:
        return fail(_("cannot write {target}: {strerror}").format(target=target, strerror=e.strerror))
    return 0
