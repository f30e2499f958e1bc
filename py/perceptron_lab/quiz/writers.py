"""The bank's formats: each one's file name and writer (the CLI's quiz command and the page's quiz
request write the same files)."""

from . import gift, moodle_xml, qti3, qti12

WRITERS = {
    "qti3": ("bank-qti3.zip", qti3.package),
    "qti12": ("bank-qti12-canvas.zip", qti12.canvas_package),
    "moodle": ("bank-moodle.xml", moodle_xml.write),
    "gift": ("bank.gift.txt", gift.write),
}
