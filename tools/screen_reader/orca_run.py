"""Orca itself, with what it speaks (and shows on a braille line) written to a file line by line.

Run by the system python3 (Orca's, with its gi bindings), not the project's venv:
    python3 orca_run.py SPEECH_FILE [orca arguments...]
Orca logs every utterance to its "speech" logger (and the braille line to "braille") for its own
regression tests; its --debug-file holds the same lines but is written block-buffered, so a
listener reading it while Orca runs would see them late. A handler on those loggers flushes each."""
import logging
import runpy
import sys

ORCA = "/usr/bin/orca"


def main() -> None:
    out = sys.argv[1]
    handler = logging.FileHandler(out, encoding="utf-8")
    handler.setFormatter(logging.Formatter("%(created).3f %(name)s %(message)s"))
    for name in ("speech", "braille"):
        log = logging.getLogger(name)
        log.setLevel(logging.INFO)
        log.addHandler(handler)
    sys.argv = [ORCA, *sys.argv[2:]]
    runpy.run_path(ORCA, run_name="__main__")


if __name__ == "__main__":
    main()
