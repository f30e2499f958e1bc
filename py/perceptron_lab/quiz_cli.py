"""python -m perceptron_lab quiz: question banks from the engine, written into one folder.

Every item's data, picture, answer and feedback come from quiz/items.py; one file per format:
bank-qti3.zip (QTI 3.0 package), bank-qti12-canvas.zip (QTI 1.2, Canvas classic quizzes),
bank-moodle.xml (Moodle XML), bank.gift.txt (GIFT); with --cartridge also unit.imscc."""

from pathlib import Path

from .cli_input import shown
from .quiz.items import KINDS, bank
from .quiz.writers import WRITERS
from .i18n import N_, _
MAX_COUNT = 200


def add_parser(sub):
    q = sub.add_parser("quiz", help=_("write question banks (QTI 3.0, QTI 1.2, Moodle XML, GIFT) from the engine"),
                       description=_("Write N variants of each kind of question, with the engine's answers."))
    q.add_argument("--count", type=int, default=20, metavar="N", help=_("variants of each kind (default 20)"))
    q.add_argument("--seed", type=int, default=0, help=_("first data seed (default 0): the same seed, the same bank"))
    q.add_argument("--formats", default=",".join(WRITERS), help=_("comma-separated: {names} (default all)").format(
        names=', '.join(WRITERS)))
    q.add_argument("--kinds", default=",".join(KINDS), help=_("comma-separated: {names} (default all)").format(
        names=', '.join(KINDS)))
    q.add_argument("--cartridge", action="store_true", help=_("also write unit.imscc (Common Cartridge 1.3)"))
    q.add_argument("--url", help=_("the lab's address for the cartridge (default: the configured site address)"))
    q.add_argument("-o", "--output", default="quiz", metavar="DIR", help=_("folder to write into (default ./quiz)"))
    return q


def _list(text, allowed, what, fail):
    names = [t.strip() for t in text.split(",") if t.strip()]
    bad = [n for n in names if n not in allowed]
    if bad or not names:
        raise SystemExit(fail(_(what).format(given=', '.join(bad) or _('(none given)'), allowed=', '.join(allowed))))
    return names


def run(args, fail):
    if not 1 <= args.count <= MAX_COUNT:
        return fail(_("--count must be between 1 and {most}").format(most=MAX_COUNT))
    if not 0 <= args.seed <= 2**32 - 1 - 1000 * len(KINDS) - MAX_COUNT:
        return fail(_("--seed must be a whole number from 0 to about 4·10⁹"))
    formats = _list(args.formats, WRITERS, N_("unknown format {given}: choose from {allowed}"), fail)
    kinds = _list(args.kinds, KINDS, N_("unknown kind {given}: choose from {allowed}"), fail)
    items = bank(args.count, args.seed, kinds)
    out = Path(args.output)
    files = {WRITERS[f][0]: WRITERS[f][1](items) for f in formats}
    if args.cartridge:
        from . import site_address
        from .quiz import cartridge
        try:
            url = site_address.site_address(args.url)
        except ValueError as e:
            return fail(str(e))
        if not url:
            return fail(_("the cartridge needs the lab's address: give --url or set PERCEPTRON_LAB_URL"))
        files["unit.imscc"] = cartridge.package(items, url)
    try:
        out.mkdir(parents=True, exist_ok=True)
        for name, data in files.items():
            (out / name).write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
    except OSError as e:
        return fail(_("cannot write {path}: {strerror}").format(
            path=shown(e.filename or str(out)), strerror=e.strerror))
    print(f"{len(items)} questions ({args.count} of each of {', '.join(kinds)}) in {out}: {', '.join(files)}")
    return 0
