// The four plots: <img> elements with data: URLs from result.plots and alt text from result.plot_alt.
import { byId, show } from "./dom.js";

export const PLOTS = ["boundary", "mistakes", "accuracy", "proof", "cycle", "trajectory"];

const FALLBACK_ALT = {
  boundary: "The training points (+1 blue, −1 orange) and the learned decision boundary.",
  mistakes: "Number of mistakes in each epoch.",
  accuracy: "Training accuracy after each epoch.",
  proof: "The two quantities of the convergence proof after each mistake.",
  cycle: "The weight vectors of one cycle and their boundaries.",
  trajectory: "The direction of w over the updates.",
};

export function renderPlots(plots = {}, alts = {}) {
  for (const name of PLOTS) {
    const img = byId(`plot-${name}`);
    const fig = img.closest("figure");
    if (name === "cycle") byId("cycle-caption").textContent = plots?.cycle ? alts?.cycle || "" : "";
    // Not in this answer yet (it follows in a second call): keep the old picture, dimmed.
    const pending = !plots || !(name in plots);
    fig.classList.toggle("pending", pending);
    fig.setAttribute("aria-busy", String(pending));
    if (pending) continue;
    const src = plots[name];
    const ok = typeof src === "string" && src.startsWith("data:image/");
    if (ok) {
      img.src = src;
      img.alt = alts?.[name] || FALLBACK_ALT[name];
    } else {
      img.removeAttribute("src");
      img.alt = "";
    }
    show(fig, ok);
  }
  if (plots && "proof" in plots) show(byId("proof-missing"), !plots.proof);
}
