// iPadOS, as the page told it in this worker's name (js/python/ipados.js says why).
import { IPADOS_MARK } from "./protocol.js";

/** In the worker (scope = self): if the page said iPadOS, navigator.platform answers "iPad"
 * from now on. -> whether it did. */
export function answerAsIPad(scope = globalThis) {
  const marked = String(scope.name || "").split(" ").includes(IPADOS_MARK);
  if (!marked || !scope.navigator) return false;
  Object.defineProperty(scope.navigator, "platform", { configurable: true, get: () => "iPad" });
  return true;
}
