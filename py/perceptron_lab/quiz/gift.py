"""GIFT (Moodle's plain-text format): one question per item, HTML text ([html]); the picture is a
data: URL in the text (GIFT files carry no attachments); feedback is the general feedback (####)."""

import base64
import re

from .package import attr, number

_SPECIAL = re.compile(r"([~=#{}:\\])")


def esc(text):
    """GIFT's control characters ~ = # { } : and \\ written with a backslash; line breaks as spaces."""
    return _SPECIAL.sub(r"\\\1", text.replace("\n", " "))


def question(item):
    img = item["image"]
    url = "data:image/png;base64," + base64.b64encode(img["png"]).decode()
    html = f'{item["stem"]}<p><img src="{url}" alt={attr(img["alt"])} width="{img["size"][0]}" height="{img["size"][1]}"></p>'
    a = item["answer"]
    if a["type"] == "choice":
        body = " ".join(("=" if k == a["correct"] else "~") + esc(o) for k, o in enumerate(a["options"]))
    else:
        body = f"#{number(a['value'])}:{number(a['tolerance'])}"
    return (f"// {item['id']}\n::{esc(item['title'])}::[html]{esc(html)} "
            f"{{{body} ####[html]{esc(item['feedback'])}}}\n\n")


def write(items, category="Perceptron Lab"):
    return f"$CATEGORY: $course$/top/{category}\n\n" + "".join(map(question, items))
