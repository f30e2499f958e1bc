// The first picture (index.html #first-picture, drawn at build time by the app's own Python
// for the default run): visible at once on a plain visit while Python loads, labelled as a
// preview. Hidden for a shared link (it would not show the linked run), as soon as the
// student changes data or settings (it no longer shows their run), and once a live result
// is on screen. No static import: it shows before the rest of the page's modules arrive; the
// page state (resultShown, runState) is followed once they have.
const fig = document.getElementById("first-picture");
const form = document.getElementById("lab");
let off = () => {};

function hide() {
  if (fig) fig.hidden = true;
  off();
  form?.removeEventListener("input", hide);
  form?.removeEventListener("change", hide);
}

if (fig && !location.hash.replace(/^#/, "")) {
  fig.hidden = false;
  form?.addEventListener("input", hide);
  form?.addEventListener("change", hide);
  import("./state/page-state.js").then(({ page }) => {
    if (fig.hidden) return;
    const check = () => {
      const run = page.get("runState");
      if (page.get("resultShown") || run === "error" || run === "cancelled") hide();
    };
    off = page.on(["resultShown", "runState"], check);
    check();
  });
}
