"""Moodle XML: a category, then one multichoice or numerical question per item; the picture is
a <file> inside the question text (base64), referred to as @@PLUGINFILE@@/<name>."""

import base64
from .package import attr, text

from .package import number


def cdata(html):
    return "<![CDATA[" + html.replace("]]>", "]]]]><![CDATA[>") + "]]>"


def _text(tag, html, extra=""):
    return f'<{tag} format="html"><text>{cdata(html)}</text>{extra}</{tag}>'


def _answers(a):
    if a["type"] == "choice":
        return ("<single>true</single><shuffleanswers>false</shuffleanswers><answernumbering>none</answernumbering>"
                + "".join(f'<answer fraction="{100 if k == a["correct"] else 0}" format="html">'
                          f"<text>{text(o)}</text><feedback format=\"html\"><text></text></feedback></answer>"
                          for k, o in enumerate(a["options"])))
    return (f'<answer fraction="100" format="moodle_auto_format"><text>{number(a["value"])}</text>'
            f'<feedback format="html"><text></text></feedback><tolerance>{number(a["tolerance"])}</tolerance>'
            "</answer>")


def question(item):
    img = item["image"]
    qtype = "multichoice" if item["answer"]["type"] == "choice" else "numerical"
    html = (f'{item["stem"]}<p><img src="@@PLUGINFILE@@/{img["name"]}" alt="{attr(img["alt"])[1:-1]}" '
            f'width="{img["size"][0]}" height="{img["size"][1]}"></p>')
    file_ = f'<file name="{img["name"]}" path="/" encoding="base64">{base64.b64encode(img["png"]).decode()}</file>'
    return (f'<question type="{qtype}"><name><text>{text(item["title"])}</text></name>'
            f"{_text('questiontext', html, file_)}{_text('generalfeedback', item['feedback'])}"
            "<defaultgrade>1</defaultgrade><penalty>0</penalty><hidden>0</hidden>"
            f"<idnumber>{item['id']}</idnumber>{_answers(item['answer'])}</question>\n")


def write(items, category="Perceptron Lab"):
    head = (f'<question type="category"><category><text>$course$/top/{text(category)}</text></category>'
            "</question>\n")
    return '<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n' + head + "".join(map(question, items)) + "</quiz>\n"
