"""QTI 3.0 items (one qti-assessment-item per item) in a content package: imsmanifest.xml,
items/<id>.xml, items/images/<id>.png. Choice items score by match_correct; numeric items
score 1 when value − tolerance ≤ response ≤ value + tolerance; the feedback is shown after either."""

from .package import attr, text

from .package import number, zip_bytes

NS = "http://www.imsglobal.org/xsd/imsqtiasi_v3p0"
SCHEMA = "https://purl.imsglobal.org/spec/qti/v3p0/schema/xsd/imsqti_asiv3p0_v1p0.xsd"
MATCH_CORRECT = "https://purl.imsglobal.org/spec/qti/v3p0/rptemplates/match_correct.xml"


def choice_id(k):
    return f"C{k + 1}"


def _declarations(a):
    if a["type"] == "choice":
        resp = ('<qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="identifier">'
                f'<qti-correct-response><qti-value>{choice_id(a["correct"])}</qti-value></qti-correct-response>'
                "</qti-response-declaration>")
    else:
        resp = ('<qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="float">'
                f'<qti-correct-response><qti-value>{number(a["value"])}</qti-value></qti-correct-response>'
                "</qti-response-declaration>")
    return resp + "".join(
        f'<qti-outcome-declaration identifier="{name}" cardinality="single" base-type="{kind}">'
        f"{'' if default is None else f'<qti-default-value><qti-value>{default}</qti-value></qti-default-value>'}"
        "</qti-outcome-declaration>"
        for name, kind, default in (("SCORE", "float", "0"), ("MAXSCORE", "float", "1"),
                                    ("FEEDBACK", "identifier", None)))


def _interaction(a):
    if a["type"] == "choice":
        choices = "".join(f'<qti-simple-choice identifier="{choice_id(k)}">{text(o)}</qti-simple-choice>'
                          for k, o in enumerate(a["options"]))
        return (f'<qti-choice-interaction response-identifier="RESPONSE" max-choices="1" min-choices="1">'
                f"{choices}</qti-choice-interaction>")
    return '<p>Answer: <qti-text-entry-interaction response-identifier="RESPONSE" expected-length="12"/></p>'


def _score(value):
    return (f'<qti-set-outcome-value identifier="SCORE"><qti-base-value base-type="float">{value}'
            "</qti-base-value></qti-set-outcome-value>")


def _processing(a):
    show = ('<qti-set-outcome-value identifier="FEEDBACK"><qti-base-value base-type="identifier">EXPLAIN'
            "</qti-base-value></qti-set-outcome-value>")
    if a["type"] == "choice":
        test = '<qti-match><qti-variable identifier="RESPONSE"/><qti-correct identifier="RESPONSE"/></qti-match>'
    else:
        lo, hi = number(a["value"] - a["tolerance"]), number(a["value"] + a["tolerance"])
        test = ('<qti-and><qti-gte><qti-variable identifier="RESPONSE"/>'
                f'<qti-base-value base-type="float">{lo}</qti-base-value></qti-gte>'
                '<qti-lte><qti-variable identifier="RESPONSE"/>'
                f'<qti-base-value base-type="float">{hi}</qti-base-value></qti-lte></qti-and>')
    return ("<qti-response-processing><qti-response-condition>"
            f"<qti-response-if>{test}{_score(1)}</qti-response-if>"
            f"<qti-response-else>{_score(0)}</qti-response-else>"
            f"</qti-response-condition>{show}</qti-response-processing>")


def item_xml(item):
    img = item["image"]
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<qti-assessment-item xmlns="{NS}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" '
        f'xsi:schemaLocation="{NS} {SCHEMA}" identifier="{item["id"]}" title={attr(item["title"])} '
        'adaptive="false" time-dependent="false" xml:lang="en">'
        f'{_declarations(item["answer"])}'
        f'<qti-item-body><div>{item["stem"]}</div>'
        f'<p><img src="images/{img["name"]}" alt={attr(img["alt"])} width="{img["size"][0]}" height="{img["size"][1]}"/></p>'
        f'{_interaction(item["answer"])}</qti-item-body>'
        f'{_processing(item["answer"])}'
        '<qti-modal-feedback outcome-identifier="FEEDBACK" identifier="EXPLAIN" show-hide="show">'
        f'<qti-content-body>{item["feedback"]}</qti-content-body></qti-modal-feedback>'
        "</qti-assessment-item>\n")


def manifest(items):
    res = "".join(
        f'<resource identifier="R-{it["id"]}" type="imsqti_item_xmlv3p0" href="items/{it["id"]}.xml">'
        f'<file href="items/{it["id"]}.xml"/><file href="items/images/{it["image"]["name"]}"/></resource>'
        for it in items)
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            '<manifest xmlns="http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1" identifier="perceptron-lab-bank">'
            "<metadata><schema>QTI Package</schema><schemaversion>3.0.0</schemaversion></metadata>"
            f"<organizations/><resources>{res}</resources></manifest>\n")


def package(items):
    """The QTI 3.0 package as zip bytes."""
    files = {"imsmanifest.xml": manifest(items)}
    for it in items:
        files[f"items/{it['id']}.xml"] = item_xml(it)
        files[f"items/images/{it['image']['name']}"] = it["image"]["png"]
    return zip_bytes(files)
