"""argparse's own words (usage:, options, its error lines) in the command line's language.

argparse asks the standard library's gettext, for which Python ships no catalogs; the command line
points argparse's `_` at the lab's catalogs instead (its `--help` and errors then speak one language).
The msgids are argparse's own (Python 3.9-3.13), marked here so that tools/catalogs.py extracts them;
a `%(name)s` in them stays as argparse writes it."""

import argparse

from . import i18n
from .i18n import N_

ARGPARSE = (
    N_("usage: "), N_("positional arguments"), N_("options"), N_("show this help message and exit"),
    N_("%(prog)s: error: %(message)s\n"), N_("argument %(argument_name)s: %(message)s"),
    N_("the following arguments are required: %s"), N_("unrecognized arguments: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"), N_("invalid %(type)s value: %(value)r"),
    N_("expected one argument"), N_("expected at least one argument"), N_("expected at most one argument"),
    N_("not allowed with argument %s"), N_("one of the arguments %s is required"),
    N_("ambiguous option: %(option)s could match %(matches)s"), N_("ignored explicit argument %r"),
)


def speak():
    """From now on argparse writes its words through the lab's catalogs, in the language in use."""
    argparse._ = i18n._
