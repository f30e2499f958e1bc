// The four plots: <img> elements with data: URLs from result.plots and alt text from result.plot_alt.
import { byId, show } from "./dom.js";

export const PLOTS = ["boundary", "mistakes", "accuracy", "proof"];

const FALLBACK_ALT = {
  boundary: "The training points (+1 blue, −1 orange) and the learned decision boundary.",
  mistakes: "Number of mistakes in each epoch.",
  accuracy: "Training accuracy after each epoch.",
  proof: "The two quantities of the convergence proof after each mistake.",
};

export function renderPlots(plots = {}, alts = {}) {
  for (const name of PLOTS) {
    const img = byId(`plot-${name}`);
    const src = plots?.[name];
    const ok = typeof src === "string" && src.startsWith("data:image/");
    if (ok) {
      img.src = src;
      img.alt = alts?.[name] || FALLBACK_ALT[name];
    } else {
      img.removeAttribute("src");
      img.alt = "";
    }
    show(img.closest("figure"), ok);
  }
  show(byId("proof-missing"), !plots?.proof);
}
