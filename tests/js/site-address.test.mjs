// The links and packages the page writes start with the address the site was built for (index.html's
// meta, written by build.py), else with the page's own address, as before.
import test from "node:test";
import assert from "node:assert/strict";
import { siteBase } from "../../site/js/page/site-address.js";

const docWith = (content) => ({
  querySelector: (sel) => (content === null || sel !== 'meta[name="perceptron-lab-site"]'
    ? null : { getAttribute: (name) => (name === "content" ? content : null) }),
});
const loc = { href: "http://127.0.0.1:8000/?x=1#v=1&preset=and" };

test("a configured address wins over the page's own", () => {
  assert.equal(siteBase(docWith("https://alice.github.io/perceptron-lab/"), loc), "https://alice.github.io/perceptron-lab/");
});

test("without one (or an empty one) the page's own address, without the part after #", () => {
  assert.equal(siteBase(docWith(null), loc), "http://127.0.0.1:8000/?x=1");
  assert.equal(siteBase(docWith(""), loc), "http://127.0.0.1:8000/?x=1");
});
