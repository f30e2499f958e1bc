"""The SCORM package the page writes (site/js/exercise/scorm-package.js + zip-writer.js, run in Node), read by
independent readers: Python's zipfile (every CRC-32 checked), xml.etree (the manifest of each
SCORM version: namespaces, one SCO, its files in the zip, the pass mark), Node's parser for the
launch script, and the launch page's config read back as JSON, with a title full of markup."""

import html
import json
import shutil
import subprocess
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TITLE = 'Perceptron Lab exercise: <b>"XOR"</b> & friends </script>'
LAB = "https://example.org/lab/#v=1&source=preset&preset=xor&embed=1&view=exercise&exq=10"
MAKE = r"""
import { scormPackage } from "./site/js/exercise/scorm-package.js";
import { writeFileSync } from "node:fs";
const [dir, title, lab] = process.argv.slice(1);
for (const version of ["1.2", "2004"]) {
  const p = scormPackage({ lab, title, version, mastery: 0.75, date: new Date(2026, 0, 2, 3, 4, 6) });
  writeFileSync(`${dir}/${p.name}`, p.bytes);
}
"""
NS12 = {"cp": "http://www.imsproject.org/xsd/imscp_rootv1p1p2", "adlcp": "http://www.adlnet.org/xsd/adlcp_rootv1p2"}
NS2004 = {"cp": "http://www.imsglobal.org/xsd/imscp_v1p1", "adlcp": "http://www.adlnet.org/xsd/adlcp_v1p3",
          "imsss": "http://www.imsglobal.org/xsd/imsss"}


@pytest.fixture(scope="module")
def zips(tmp_path_factory):
    d = tmp_path_factory.mktemp("scorm")
    node = shutil.which("node")
    assert node, "Node runs the page's package writer (tests/run.sh installs it)"
    p = subprocess.run([node, "--input-type=module", "-e", MAKE, str(d), TITLE, LAB], cwd=ROOT,
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    return {z.name: z for z in d.glob("*.zip")}


def test_both_zips_are_valid_and_hold_the_three_files(zips):
    assert sorted(zips) == ["perceptron-lab-exercise-b-xor-b-friends-script-scorm12.zip",
                            "perceptron-lab-exercise-b-xor-b-friends-script-scorm2004.zip"]
    for path in zips.values():
        z = zipfile.ZipFile(path)
        assert z.testzip() is None  # every entry's CRC-32 matches its bytes
        assert [i.filename for i in z.infolist()] == ["imsmanifest.xml", "index.html", "launch.js"]
        assert all(i.compress_type == zipfile.ZIP_STORED and i.date_time == (2026, 1, 2, 3, 4, 6) for i in z.infolist())
        assert path.stat().st_size < 20_000


def _manifest(path, ns):
    z = zipfile.ZipFile(path)
    root = ET.fromstring(z.read("imsmanifest.xml"))
    res = root.find("cp:resources/cp:resource", ns)
    assert res.get("href") == "index.html"
    assert [f.get("href") for f in res.findall("cp:file", ns)] == ["index.html", "launch.js"]
    item = root.find("cp:organizations/cp:organization/cp:item", ns)
    assert item.get("identifierref") == res.get("identifier")
    assert item.find("cp:title", ns).text == TITLE
    assert root.find("cp:metadata/cp:schema", ns).text == "ADL SCORM"
    return root, res, item


def test_the_scorm12_manifest(zips):
    root, res, item = _manifest(zips["perceptron-lab-exercise-b-xor-b-friends-script-scorm12.zip"], NS12)
    assert root.find("cp:metadata/cp:schemaversion", NS12).text == "1.2"
    assert res.get(f"{{{NS12['adlcp']}}}scormtype") == "sco"
    assert item.find("adlcp:masteryscore", NS12).text == "75"


def test_the_scorm2004_manifest(zips):
    root, res, item = _manifest(zips["perceptron-lab-exercise-b-xor-b-friends-script-scorm2004.zip"], NS2004)
    assert root.find("cp:metadata/cp:schemaversion", NS2004).text == "2004 4th Edition"
    assert res.get(f"{{{NS2004['adlcp']}}}scormType") == "sco"
    goal = item.find("imsss:sequencing/imsss:objectives/imsss:primaryObjective", NS2004)
    assert goal.get("satisfiedByMeasure") == "true"
    assert goal.find("imsss:minNormalizedMeasure", NS2004).text == "0.75"


def test_the_launch_page_holds_its_config_as_data_and_the_script_parses(zips, tmp_path):
    for name, path in zips.items():
        z = zipfile.ZipFile(path)
        page = z.read("index.html").decode()
        assert "<b>" not in page and "</script> " not in page.split('id="config">', 1)[1].split("</script>", 1)[0]
        config = page.split('id="config">', 1)[1].split("</script>", 1)[0]
        config = json.loads(config)
        words = config.pop("words")
        assert config == {"lab": LAB, "version": "1.2" if "scorm12" in name else "2004", "mastery": 0.75}
        # the student's lines, in the language the package was made in (English here), placeholders kept
        assert words["lang"] == "en" and words["connecting"] == "Connecting to your course…"
        assert words["done"] == "Done: {score} of {max} right. Your score was sent to your course."
        assert set(words) == {"lang", "connecting", "noLms", "notStarted", "loading", "answered", "done", "description"}
        assert f"<title>{html.escape(TITLE)}</title>" in page
        assert page.index('id="config"') < page.index('<script src="launch.js">')
        script = tmp_path / "launch.js"
        script.write_bytes(z.read("launch.js"))
        p = subprocess.run([shutil.which("node"), "--check", str(script)], capture_output=True, text=True, timeout=30)
        assert p.returncode == 0, p.stderr
