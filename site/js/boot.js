// Loaded from the page's <head>, before the UI modules: starts the Python worker at once
// (a 10 MB runtime and 11 MB of packages to fetch and start); main.js's client adopts it.
import { prestart } from "./python/pyclient.js";

prestart();
