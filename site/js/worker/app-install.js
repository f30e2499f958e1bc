// The app's own wheel (perceptron_lab), from this site, installed in the worker's Python
// (js/worker.js) by micropip: it records INSTALLER "micropip" and the URL in the wheel's
// .dist-info. deps=False: numpy and matplotlib are loaded before it from the lock; nothing is
// looked up on a package index. The bytes come from the worker's early download (pyfetch goes
// through js/worker/boot-downloads.js's fetch).

import { BootError, lastLine } from "./boot-downloads.js";
import { N_ } from "./words.js";

/** Install the wheel at `url` with micropip; a failure is a BootError. */
export async function installApp(pyodide, url) {
  // micropip ends with importlib.invalidate_caches(), which in Python 3.12 makes every
  // cached zipimporter (~20, all for the stdlib zip, which never changes) re-read the zip's
  // whole directory (~0.1 s): they skip it during the install. The FileFinders
  // (site-packages, where the wheel and the .pyc bundle went) are still invalidated.
  let zipimporter = null;
  let invalidate = null;
  try {
    const micropip = pyodide.pyimport("micropip");
    zipimporter = pyodide.pyimport("zipimport").zipimporter;
    invalidate = zipimporter.invalidate_caches;
    zipimporter.invalidate_caches = () => {};
    await micropip.install.callKwargs(url, { deps: false });
  } catch (e) {
    throw new BootError(N_("Could not install Perceptron Lab's Python package; reload the page to try again."), lastLine(e));
  } finally {
    if (zipimporter && invalidate) zipimporter.invalidate_caches = invalidate;
  }
}
