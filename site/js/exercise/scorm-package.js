// "Download for your LMS": a SCORM package (1.2 or 2004 4th edition) the page writes itself.
// The zip holds imsmanifest.xml (one SCO), index.html (the launch page: a status line and the
// lab in a frame) and launch.js (scorm-launch.js's `launch`, as source). The lab itself stays
// where it is hosted: the package only points at it, so it is a few kilobytes and the lab's
// updates reach the course. Pure (no DOM): the page's exercise/lms-download.js and node's tests call it.
import { zip } from "./zip-writer.js";
import { launch } from "./scorm-launch.js";
import { launchWords } from "./scorm-words.js";

function xml(s) {
  return String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** A manifest identifier (and file name) from the title: letters, digits and dashes, a letter first (xs:ID). */
function ident(title) {
  const s = String(title).toLowerCase().normalize("NFKD").replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 60);
  return /^[a-z]/.test(s) ? s : `perceptron-lab-${s || "exercise"}`;
}

// What the two SCORM editions' manifests differ in; the rest of the manifest is shared.
const EDITIONS = {
  "1.2": {
    version: "1.0",
    namespaces: `xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
    xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
    xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
    xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd"`,
    schemaversion: "1.2",
    itemAttributes: ' isvisible="true"',
    // 1.2 passes on a raw score (0..100); 2004 on a normalized measure (0..1).
    pass: (mastery) => `<adlcp:masteryscore>${Math.round(mastery * 100)}</adlcp:masteryscore>`,
    scormType: "adlcp:scormtype",
  },
  "2004": {
    version: "1",
    namespaces: `xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
    xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"
    xmlns:adlseq="http://www.adlnet.org/xsd/adlseq_v1p3"
    xmlns:adlnav="http://www.adlnet.org/xsd/adlnav_v1p3"
    xmlns:imsss="http://www.imsglobal.org/xsd/imsss"
    xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
    xsi:schemaLocation="http://www.imsglobal.org/xsd/imscp_v1p1 imscp_v1p1.xsd http://www.adlnet.org/xsd/adlcp_v1p3 adlcp_v1p3.xsd http://www.adlnet.org/xsd/adlseq_v1p3 adlseq_v1p3.xsd http://www.adlnet.org/xsd/adlnav_v1p3 adlnav_v1p3.xsd http://www.imsglobal.org/xsd/imsss imsss_v1p0.xsd"`,
    schemaversion: "2004 4th Edition",
    itemAttributes: "",
    pass: (mastery) => `<imsss:sequencing>
          <imsss:objectives>
            <imsss:primaryObjective objectiveID="score" satisfiedByMeasure="true">
              <imsss:minNormalizedMeasure>${mastery}</imsss:minNormalizedMeasure>
            </imsss:primaryObjective>
          </imsss:objectives>
        </imsss:sequencing>`,
    scormType: "adlcp:scormType",
  },
};

export const VERSIONS = Object.keys(EDITIONS);

export function manifest({ title, version, mastery }) {
  const e = EDITIONS[version];
  const t = xml(title);
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="${ident(title)}" version="${e.version}"
    ${e.namespaces}>
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>${e.schemaversion}</schemaversion>
  </metadata>
  <organizations default="org">
    <organization identifier="org">
      <title>${t}</title>
      <item identifier="exercise" identifierref="launch"${e.itemAttributes}>
        <title>${t}</title>
        ${e.pass(mastery)}
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="launch" type="webcontent" ${e.scormType}="sco" href="index.html">
      <file href="index.html"/>
      <file href="launch.js"/>
    </resource>
  </resources>
</manifest>
`;
}

/**
 * The launch page: the config as JSON data (never run as script; "<" escaped), then launch.js.
 * The frame's sandbox is the embed snippet's (page/embed.js): the lab needs nothing more.
 */
export function launchPage({ title, lab, version, mastery, words = launchWords() }) {
  const config = JSON.stringify({ lab, version, mastery, words }).replace(/</g, "\\u003c");
  return `<!doctype html>
<html lang="${xml(words.lang)}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${xml(title)}</title>
  <style>
    html, body { margin: 0; height: 100%; }
    body { display: flex; flex-direction: column; font: 16px/1.4 system-ui, sans-serif; }
    #status { margin: 0; padding: 0.5em 0.8em; border-bottom: 1px solid #ccc; background: #f6f6f6; }
    #lab { flex: 1; width: 100%; min-height: 600px; border: 0; }
  </style>
</head>
<body>
  <p id="status" role="status" aria-live="polite">${xml(words.connecting)}</p>
  <iframe id="lab" title="${xml(title)}" allow="clipboard-write"
          sandbox="allow-scripts allow-same-origin allow-downloads allow-popups allow-popups-to-escape-sandbox"></iframe>
  <script type="application/json" id="config">${config}</script>
  <script src="launch.js"></script>
</body>
</html>
`;
}

export function launchScript() {
  return `// Perceptron Lab's SCORM launch script (written by the lab's "Download for your LMS").\n"use strict";\n`
    + `(${launch.toString()})(JSON.parse(document.getElementById("config").textContent));\n`;
}

/**
 * -> {name, bytes}: the package for `lab` (the lab's URL with the run's settings, view=exercise
 * and exq), its title, version "1.2" | "2004" and pass mark (0..1 of the answers right).
 */
export function scormPackage({ lab, title, version = "1.2", mastery = 0.8, date = new Date() }) {
  if (!Object.hasOwn(EDITIONS, version)) throw new Error(`SCORM version ${version}?`);
  const files = [
    { name: "imsmanifest.xml", data: manifest({ title, version, mastery }) },
    { name: "index.html", data: launchPage({ title, lab, version, mastery }) },
    { name: "launch.js", data: launchScript() },
  ];
  return { name: `${ident(title)}-scorm${version.replace(".", "")}.zip`, bytes: zip(files, { date }) };
}
