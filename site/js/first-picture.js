// The first picture (index.html #first-picture, drawn at build time by the app's own Python
// for the default run): visible at once on a plain visit while Python loads, labelled as a
// preview. Hidden for a shared link (it would not show the linked run), as soon as the
// student changes data or settings (it no longer shows their run), and once a live result
// is on screen.
const fig = document.getElementById("first-picture");
const results = document.getElementById("results-body");
const form = document.getElementById("lab");

function hide() {
  if (fig) fig.hidden = true;
  observer.disconnect();
  form?.removeEventListener("input", hide);
  form?.removeEventListener("change", hide);
}

const observer = new MutationObserver(() => {
  const run = document.body.dataset.runState;
  if ((results && !results.hidden) || run === "error" || run === "cancelled") hide();
});

if (fig && !location.hash.replace(/^#/, "") && document.body.dataset.runState === "idle") {
  fig.hidden = false;
  observer.observe(document.body, { attributes: true, attributeFilter: ["data-run-state"] });
  if (results) observer.observe(results, { attributes: true, attributeFilter: ["hidden"] });
  form?.addEventListener("input", hide);
  form?.addEventListener("change", hide);
}
