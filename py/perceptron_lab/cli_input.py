"""The command line's data file: read only what can be a CSV file, and never past the size limit.

A path can name anything: a device that never ends (/dev/zero, /dev/urandom, /dev/full), a named
pipe that waits forever for a writer, a sparse file of 100 GB that reads as zeros. Each is
refused from its file system entry (os.stat, which neither opens nor blocks) with a sentence
naming it; a regular file is read up to the limit and refused past it, so nothing larger is
ever held in memory. File names that are not UTF-8 are shown with their bytes escaped.
"""

import os
import stat

from .data.csv_text import too_large_message
from .i18n import N_, _, number

_KINDS = ((stat.S_ISCHR, N_("a character device")), (stat.S_ISBLK, N_("a block device")),
          (stat.S_ISFIFO, N_("a named pipe (FIFO)")), (stat.S_ISSOCK, N_("a socket")), (stat.S_ISDIR, N_("a folder")))


class InputError(Exception):
    """A data file the CLI will not read; str(e) is the one-line reason."""


def shown(path):
    """A path for a message: its bytes as UTF-8, any that are not written as \\xNN."""
    return os.fsencode(path).decode("utf-8", "backslashreplace")


def display_name(path):
    """The file's name as data (the run's title, a script's text): undecodable bytes become �."""
    return os.fsencode(os.path.basename(path)).decode("utf-8", "replace")


def read_data_file(path, max_bytes):
    """The bytes of the regular file at path (at most max_bytes), else InputError saying why."""
    try:
        st = os.stat(path)
    except OSError as e:
        raise InputError(_("cannot read {path}: {strerror}").format(path=shown(path), strerror=e.strerror)) from None
    for test, kind in _KINDS:
        if test(st.st_mode):
            raise InputError(_("cannot read {path}: it is {kind}, not a file; save the data as a .csv file and name "
                               "that").format(
                path=shown(path), kind=_(kind)))
    if not stat.S_ISREG(st.st_mode):
        raise InputError(_("cannot read {path}: it is not a regular file").format(path=shown(path)))
    if st.st_size > max_bytes:  # before reading a byte: a sparse file can claim any size
        raise InputError(_("cannot read {path}: {reason}").format(
            path=shown(path), reason=_lower_first(too_large_message(st.st_size, max_bytes))))
    try:
        with open(path, "rb") as f:
            raw = f.read(max_bytes + 1)  # the file may have grown since stat
    except OSError as e:
        raise InputError(_("cannot read {path}: {strerror}").format(path=shown(path), strerror=e.strerror)) from None
    except MemoryError:
        raise InputError(_("cannot read {path}: not enough memory to hold it").format(path=shown(path))) from None
    if len(raw) > max_bytes:
        raise InputError(_("cannot read {path}: it grew past the limit while being read ({limit} bytes)").format(
            path=shown(path), limit=number(f"{max_bytes:,}")))
    return raw


def _lower_first(text):
    return text[:1].lower() + text[1:]
