"""The four bank files name the engine's answers: Moodle XML read field by field as Moodle's
documented format has them, GIFT read by an independent parser (npm gift-pegjs), QTI 1.2 and
QTI 3.0 packages read element by element. No official XSD ships in a package reachable here
(pip, npm, Debian), so the XML is checked against the documented elements, not a schema."""

import base64
import io
import json
import subprocess
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

import pytest

from perceptron_lab.quiz import gift, moodle_xml, qti3, qti12
from perceptron_lab.quiz.items import bank

ROOT = Path(__file__).resolve().parents[2]
ITEMS = bank(3, seed=5)
BY_ID = {it["id"]: it for it in ITEMS}


def expected(item):
    a = item["answer"]
    return ("choice", a["options"][a["correct"]]) if a["type"] == "choice" else ("numeric", a["value"], a["tolerance"])


def test_moodle_xml_names_each_item_s_answer_picture_and_feedback():
    root = ET.fromstring(moodle_xml.write(ITEMS).encode())
    assert root.tag == "quiz"
    qs = root.findall("question")
    assert qs[0].get("type") == "category" and qs[0].find("category/text").text == "$course$/top/Perceptron Lab"
    assert len(qs) == len(ITEMS) + 1
    for q in qs[1:]:
        item = BY_ID[q.find("idnumber").text]
        assert q.find("name/text").text == item["title"]
        text = q.find("questiontext")
        assert text.get("format") == "html" and f'@@PLUGINFILE@@/{item["image"]["name"]}' in text.find("text").text
        f = text.find("file")
        assert f.get("name") == item["image"]["name"] and f.get("encoding") == "base64"
        assert base64.b64decode(f.text) == item["image"]["png"]
        assert q.find("generalfeedback/text").text == item["feedback"]
        answers = q.findall("answer")
        if item["answer"]["type"] == "choice":
            assert q.get("type") == "multichoice" and q.find("single").text == "true"
            right = [a.find("text").text for a in answers if a.get("fraction") == "100"]
            assert [a.get("fraction") for a in answers].count("0") == len(answers) - 1
            assert ("choice", right[0]) == expected(item)
        else:
            assert q.get("type") == "numerical" and len(answers) == 1
            a = answers[0]
            assert a.get("fraction") == "100"
            assert ("numeric", float(a.find("text").text), float(a.find("tolerance").text)) == \
                pytest.approx(expected(item), abs=1e-9)


def test_gift_parsed_by_gift_pegjs_names_the_same_answers():
    script = ("const g = require('gift-pegjs'); const t = require('fs').readFileSync(0, 'utf8');"
              "process.stdout.write(JSON.stringify(g.parse(t)));")
    out = subprocess.run(["node", "-e", script], input=gift.write(ITEMS), capture_output=True, text=True,
                         cwd=ROOT, check=True, timeout=60)
    parsed = json.loads(out.stdout)
    assert parsed[0] == {"type": "Category", "title": "$course$/top/Perceptron Lab"}
    assert len(parsed) == len(ITEMS) + 1
    for q, item in zip(parsed[1:], ITEMS):
        assert q["title"] == item["title"] and q["stem"]["format"] == "html"
        assert item["stem"] in q["stem"]["text"]
        assert "data:image/png;base64," + base64.b64encode(item["image"]["png"]).decode() in q["stem"]["text"]
        assert q["globalFeedback"]["text"] == item["feedback"]
        if item["answer"]["type"] == "choice":
            assert q["type"] == "MC"
            right = [c["text"]["text"] for c in q["choices"] if c["isCorrect"]]
            assert len(right) == 1 and ("choice", right[0]) == expected(item)
        else:
            assert q["type"] == "Numerical" and q["choices"]["type"] == "range"
            got = ("numeric", q["choices"]["number"], q["choices"]["range"])
            assert got == pytest.approx(expected(item), abs=1e-9)


def qti12_answers(xml_text, ns):
    """{item id: ("choice", option text) | ("numeric", lo, hi)} as a QTI 1.2 reader scores them."""
    root = ET.fromstring(xml_text.encode())
    out = {}
    for it in root.iter(f"{{{ns}}}item"):
        cond = [rc for rc in it.iter(f"{{{ns}}}respcondition") if rc.get("continue") == "No"][0]
        assert cond.find(f"{{{ns}}}setvar").text == "100"
        eq = cond.find(f".//{{{ns}}}varequal")
        labels = {lab.get("ident"): lab.find(f".//{{{ns}}}mattext").text for lab in it.iter(f"{{{ns}}}response_label")
                  if lab.find(f".//{{{ns}}}mattext") is not None}
        if labels:
            out[it.get("ident")] = ("choice", labels[eq.text])
        else:
            lo = float(cond.find(f".//{{{ns}}}vargte").text)
            hi = float(cond.find(f".//{{{ns}}}varlte").text)
            out[it.get("ident")] = ("numeric", (lo + hi) / 2, (hi - lo) / 2)
            assert lo <= float(eq.text) <= hi
        fb = it.find(f"{{{ns}}}itemfeedback//{{{ns}}}mattext").text
        assert fb == BY_ID[it.get("ident")]["feedback"]
    return out


def test_qti12_canvas_package_names_the_same_answers_and_packs_every_picture():
    z = zipfile.ZipFile(io.BytesIO(qti12.canvas_package(ITEMS)))
    man = ET.fromstring(z.read("imsmanifest.xml"))
    cp = "{http://www.imsglobal.org/xsd/imscp_v1p1}"
    hrefs = {f.get("href") for f in man.iter(f"{cp}file")}
    assert hrefs == set(z.namelist()) - {"imsmanifest.xml"}
    for it in ITEMS:
        assert z.read(f"quiz-images/{it['image']['name']}") == it["image"]["png"]
    got = qti12_answers(z.read("bank/bank.xml").decode(), qti12.PROFILES["canvas"][0])
    assert got.keys() == BY_ID.keys()
    for k, v in got.items():
        assert v == pytest.approx(expected(BY_ID[k]), abs=1e-9)


def test_qti3_package_items_declare_the_same_answers():
    z = zipfile.ZipFile(io.BytesIO(qti3.package(ITEMS)))
    ns = "{" + qti3.NS + "}"
    man = ET.fromstring(z.read("imsmanifest.xml"))
    refs = [r.get("href") for r in man.iter("{http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1}resource")]
    assert refs == [f"items/{it['id']}.xml" for it in ITEMS]
    for it in ITEMS:
        root = ET.fromstring(z.read(f"items/{it['id']}.xml"))
        assert root.tag == f"{ns}qti-assessment-item" and root.get("identifier") == it["id"]
        img = root.find(f".//{ns}qti-item-body//{{*}}img")
        assert z.read("items/" + img.get("src")) == it["image"]["png"]
        correct = root.find(f"{ns}qti-response-declaration/{ns}qti-correct-response/{ns}qti-value").text
        if it["answer"]["type"] == "choice":
            chosen = root.find(f".//{ns}qti-simple-choice[@identifier='{correct}']").text
            assert ("choice", chosen) == expected(it)
        else:
            assert float(correct) == pytest.approx(it["answer"]["value"], abs=1e-9)


def test_the_quiz_command_writes_every_format_and_refuses_a_bad_count(tmp_path, capsys):
    from perceptron_lab.cli import main
    assert main(["quiz", "--count", "2", "--seed", "5", "--kinds", "bound,converge", "-o", str(tmp_path)]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bank-moodle.xml", "bank-qti12-canvas.zip",
                                                          "bank-qti3.zip", "bank.gift.txt"]
    assert (tmp_path / "bank-moodle.xml").read_text() == moodle_xml.write(bank(2, 5, ["bound", "converge"]))
    assert "4 questions" in capsys.readouterr().out
    with pytest.raises(SystemExit) as e:
        main(["quiz", "--formats", "pdf", "-o", str(tmp_path)])
    assert e.value.code == 2 and "unknown format pdf" in capsys.readouterr().err
    assert main(["quiz", "--count", "0", "-o", str(tmp_path)]) == 2


def test_the_cartridge_holds_the_page_the_link_and_the_same_bank_every_file_named_once(tmp_path):
    from perceptron_lab.cli import main
    from perceptron_lab.quiz import cartridge
    url = "https://alice.github.io/perceptron-lab/"
    assert main(["quiz", "--count", "3", "--seed", "5", "--formats", "gift", "--cartridge", "--url", url,
                 "-o", str(tmp_path)]) == 0
    z = zipfile.ZipFile(tmp_path / "unit.imscc")
    cp = "{" + cartridge.CP + "}"
    man = ET.fromstring(z.read("imsmanifest.xml"))
    assert man.find(f"{cp}metadata/{cp}schema").text == "IMS Common Cartridge"
    assert man.find(f"{cp}metadata/{cp}schemaversion").text == "1.3.0"
    resources = {r.get("identifier"): r for r in man.iter(f"{cp}resource")}
    files = [f.get("href") for f in man.iter(f"{cp}file")]
    assert sorted(files) == sorted(set(z.namelist()) - {"imsmanifest.xml"})  # each file named once, none missing
    refs = [i.get("identifierref") for i in man.iter(f"{cp}item") if i.get("identifierref")]
    assert refs == ["R-page", "R-link", "R-quiz"] and all(r in resources for r in refs)
    assert [resources[r].get("type") for r in refs] == ["webcontent", "imswl_xmlv1p3", cartridge.ASSESSMENT]
    for r in resources.values():
        for d in r.iter(f"{cp}dependency"):
            assert d.get("identifierref") in resources
    link = ET.fromstring(z.read("links/perceptron-lab.xml"))
    assert link.tag == "{" + cartridge.WL + "}webLink" and link.find("{*}url").get("href") == url
    assert f'src="{url}#v=1&amp;source=preset' in z.read("web_resources/perceptron-lab.html").decode()
    got = qti12_answers(z.read("assessment/perceptron-quiz.xml").decode(), qti12.PROFILES["cc"][0])
    assert got.keys() == BY_ID.keys()
    for k, v in got.items():
        assert v == pytest.approx(expected(BY_ID[k]), abs=1e-9)
    for it in ITEMS:
        assert z.read(f"web_resources/quiz-images/{it['image']['name']}") == it["image"]["png"]


def test_a_cartridge_without_a_known_address_is_refused_with_the_way_to_give_one(tmp_path, capsys, monkeypatch):
    from perceptron_lab import cli, site_address
    monkeypatch.setattr(site_address, "site_address", lambda *a, **k: None)
    assert cli.main(["quiz", "--count", "1", "--cartridge", "-o", str(tmp_path)]) == 2
    assert "give --url or set PERCEPTRON_LAB_URL" in capsys.readouterr().err
    assert not (tmp_path / "unit.imscc").exists()


def test_a_cartridge_for_an_address_that_is_not_one_is_refused(tmp_path, capsys):
    from perceptron_lab import cli
    assert cli.main(["quiz", "--count", "1", "--cartridge", "--url", "ftp://x", "-o", str(tmp_path)]) == 2
    assert "must be an http(s) address" in capsys.readouterr().err
