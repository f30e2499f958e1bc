"""QTI 1.2 items: Canvas classic quizzes (question_type metadata) or the Common Cartridge 1.3
QTI profile (cc_profile metadata, the CC namespace). Pictures are files of the package referred to
as $IMS-CC-FILEBASE$/<folder>/<name>, the token Canvas and CC importers resolve."""

from .package import attr, text

from .package import number, zip_bytes

PROFILES = {
    # namespace, metadata label, (choice type, numeric type)
    "canvas": ("http://www.imsglobal.org/xsd/ims_qtiasiv1p2", "question_type",
               ("multiple_choice_question", "numerical_question")),
    "cc": ("http://www.imsglobal.org/profile/cc/ccv1p3/ccv1p3_qtiasiv1p2p1_v1p0", "cc_profile",
           ("cc.multiple_choice.v0p1", "cc.fib.v0p1")),
}
IMAGES = "quiz-images"


def _field(label, entry):
    return f"<qtimetadatafield><fieldlabel>{label}</fieldlabel><fieldentry>{entry}</fieldentry></qtimetadatafield>"


def _mat(html):
    return f'<material><mattext texttype="text/html">{text(html)}</mattext></material>'


def item_xml(item, profile):
    _, label, types = PROFILES[profile]
    a, img = item["answer"], item["image"]
    choice = a["type"] == "choice"
    meta = _field(label, types[0 if choice else 1])
    if profile == "canvas":
        meta += _field("points_possible", "1")
    html = (f'{item["stem"]}<p><img src="$IMS-CC-FILEBASE$/{IMAGES}/{img["name"]}" alt={attr(img["alt"])} '
            f'width="{img["size"][0]}" height="{img["size"][1]}"></p>')
    if choice:
        labels = "".join(f'<response_label ident="C{k + 1}"><material><mattext texttype="text/plain">'
                         f"{text(o)}</mattext></material></response_label>" for k, o in enumerate(a["options"]))
        resp = f'<response_lid ident="response1" rcardinality="Single"><render_choice>{labels}</render_choice></response_lid>'
        cond = f'<varequal respident="response1">C{a["correct"] + 1}</varequal>'
    else:
        resp = ('<response_str ident="response1" rcardinality="Single"><render_fib fibtype="Decimal">'
                '<response_label ident="answer1"/></render_fib></response_str>')
        lo, hi = number(a["value"] - a["tolerance"]), number(a["value"] + a["tolerance"])
        cond = (f'<or><varequal respident="response1">{number(a["value"])}</varequal><and>'
                f'<vargte respident="response1">{lo}</vargte><varlte respident="response1">{hi}</varlte></and></or>')
    return (f'<item ident="{item["id"]}" title={attr(item["title"])}>'
            f"<itemmetadata><qtimetadata>{meta}</qtimetadata></itemmetadata>"
            f"<presentation>{_mat(html)}{resp}</presentation>"
            '<resprocessing><outcomes><decvar maxvalue="100" minvalue="0" varname="SCORE" vartype="Decimal"/></outcomes>'
            '<respcondition continue="Yes"><conditionvar><other/></conditionvar>'
            '<displayfeedback feedbacktype="Response" linkrefid="general_fb"/></respcondition>'
            f'<respcondition continue="No"><conditionvar>{cond}</conditionvar>'
            '<setvar action="Set" varname="SCORE">100</setvar></respcondition></resprocessing>'
            f'<itemfeedback ident="general_fb"><flow_mat>{_mat(item["feedback"])}</flow_mat></itemfeedback>'
            "</item>")


def write(items, profile="canvas", ident="perceptron-lab-bank", title="Perceptron Lab question bank"):
    ns = PROFILES[profile][0]
    meta = _field("cc_profile", "cc.exam.v0p1") + _field("qmd_assessmenttype", "Examination") \
        if profile == "cc" else _field("cc_maxattempts", "1")
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<questestinterop xmlns="{ns}">'
            f'<assessment ident="{ident}" title={attr(title)}><qtimetadata>{meta}</qtimetadata>'
            f'<section ident="root_section">{"".join(item_xml(it, profile) for it in items)}</section>'
            "</assessment></questestinterop>\n")


def canvas_package(items):
    """A zip Canvas imports as a classic quiz (Settings → Import course content → QTI .zip)."""

    res = (f'<resource identifier="bank" type="imsqti_xmlv1p2" href="bank/bank.xml"><file href="bank/bank.xml"/>'
           '<dependency identifierref="images"/></resource>'
           f'<resource identifier="images" type="webcontent" href="{IMAGES}/{items[0]["image"]["name"]}">'
           + "".join(f'<file href="{IMAGES}/{it["image"]["name"]}"/>' for it in items) + "</resource>")
    manifest = ('<?xml version="1.0" encoding="UTF-8"?>\n'
                '<manifest identifier="perceptron-lab-qti12" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1">'
                "<metadata><schema>IMS Content</schema><schemaversion>1.1.3</schemaversion></metadata>"
                f"<organizations/><resources>{res}</resources></manifest>\n")
    files = {"imsmanifest.xml": manifest, "bank/bank.xml": write(items, "canvas")}
    files.update({f"{IMAGES}/{it['image']['name']}": it["image"]["png"] for it in items})
    return zip_bytes(files)
