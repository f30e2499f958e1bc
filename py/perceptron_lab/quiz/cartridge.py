"""A Common Cartridge 1.3 unit (.imscc): a page that embeds the lab, a web link to it, and the
question bank as a CC assessment (QTI 1.2, the CC profile), its pictures as web resources.

The lab itself is not inside: the page and the link point at the address the lab is served at
(site_address.py), so that address is required."""

from .package import attr, text

from . import qti12
from .package import zip_bytes

CP = "http://www.imsglobal.org/xsd/imsccv1p3/imscp_v1p1"
LOM = "http://ltsc.ieee.org/xsd/imsccv1p3/LOM/manifest"
WL = "http://www.imsglobal.org/xsd/imsccv1p3/imswl_v1p3"
ASSESSMENT = "imsqti_xmlv1p2/imscc_xmlv1p3/assessment"
WEBLINK = "imswl_xmlv1p3"
# The lesson the page opens: two separable clouds, the online perceptron, the settings panel hidden.
LESSON = "#v=1&source=preset&preset=clouds&algorithm=online&embed=1&hide=settings"
TITLE = "The perceptron: Perceptron Lab"


def page_html(url):
    src = attr(url + LESSON)[1:-1]
    return ('<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>Perceptron Lab</title></head><body>'
            "<h1>The perceptron, live</h1><p>Press <strong>Train</strong> and watch the boundary move with each "
            "mistake; then open <em>Predict the update</em> and try the next step yourself.</p>"
            f'<iframe src="{src}" title="Perceptron Lab" width="100%" height="900" style="border:0" loading="lazy" '
            'sandbox="allow-scripts allow-same-origin allow-downloads allow-popups allow-popups-to-escape-sandbox">'
            f'</iframe><p><a href="{attr(url)[1:-1]}">Open the lab in its own tab</a>.</p>'
            "</body></html>\n")


def weblink_xml(url):
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<webLink xmlns="{WL}"><title>Perceptron Lab</title>'
            f'<url href={attr(url)} target="_blank" windowFeatures="width=1280,height=900"/></webLink>\n')


def manifest(items):
    images = "".join(f'<file href="web_resources/{qti12.IMAGES}/{it["image"]["name"]}"/>' for it in items)
    first = f'web_resources/{qti12.IMAGES}/{items[0]["image"]["name"]}'
    org = "".join(f'<item identifier="I-{r}" identifierref="R-{r}"><title>{text(t)}</title></item>'
                  for r, t in (("page", "The perceptron, live"), ("link", "Perceptron Lab (new tab)"),
                               ("quiz", "Perceptron quiz")))
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<manifest identifier="perceptron-lab-unit" xmlns="{CP}" xmlns:lomimscc="{LOM}">'
            "<metadata><schema>IMS Common Cartridge</schema><schemaversion>1.3.0</schemaversion>"
            f'<lomimscc:lom><lomimscc:general><lomimscc:title><lomimscc:string language="en">{text(TITLE)}'
            "</lomimscc:string></lomimscc:title></lomimscc:general></lomimscc:lom></metadata>"
            '<organizations><organization identifier="O-1" structure="rooted-hierarchy">'
            f'<item identifier="I-root">{org}</item></organization></organizations><resources>'
            '<resource identifier="R-page" type="webcontent" href="web_resources/perceptron-lab.html">'
            '<file href="web_resources/perceptron-lab.html"/></resource>'
            f'<resource identifier="R-link" type="{WEBLINK}"><file href="links/perceptron-lab.xml"/></resource>'
            f'<resource identifier="R-quiz" type="{ASSESSMENT}"><file href="assessment/perceptron-quiz.xml"/>'
            '<dependency identifierref="R-images"/></resource>'
            f'<resource identifier="R-images" type="webcontent" href="{first}">{images}</resource>'
            "</resources></manifest>\n")


def package(items, url):
    """The .imscc bytes; url: the lab's address (ending in /)."""
    files = {
        "imsmanifest.xml": manifest(items),
        "web_resources/perceptron-lab.html": page_html(url),
        "links/perceptron-lab.xml": weblink_xml(url),
        "assessment/perceptron-quiz.xml": qti12.write(items, "cc", ident="perceptron-quiz", title="Perceptron quiz"),
    }
    files.update({f"web_resources/{qti12.IMAGES}/{it['image']['name']}": it["image"]["png"] for it in items})
    return zip_bytes(files)
