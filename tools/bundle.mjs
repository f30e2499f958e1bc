// The page's modules in one file for a first visit (tools/bundle.py runs this with esbuild, pinned in
// package-lock.json): node tools/bundle.mjs '<json>' with {js, out, entries, apart, reexport, redirect}.
// Prints {"inputs": [...]}: the modules (paths under js/) now inside the bundle.
//
// - js: the staged site's js/ folder; out: the bundle's name there (js/lab.js).
// - entries: the head's module scripts it replaces, run in their order (boot.js, main.js, offline.js).
// - apart: modules kept as their own files, imported by URL (ahead-early.js runs ahead of the bundle
//   from the <head>, and its answers must reach ahead.js through that one instance).
// - reexport: {name: module} the bundle exports, so a module run ahead of it (first-picture.js)
//   reaches the page's own instance (the page state) through redirect: {module: [from, to]}.
import { build } from "esbuild";
import path from "node:path";

const cfg = JSON.parse(process.argv[2]);
const js = path.resolve(cfg.js);
const rel = (file) => path.relative(js, file).split(path.sep).join("/");
const dotted = (p) => (p.startsWith(".") ? p : `./${p}`);

// A module's import.meta.url named its own file; inside the bundle it names the bundle. Each
// module's use becomes its old URL, resolved from the bundle's (the bundle sits in js/).
const ownUrl = (out) => ({
  name: "own-url",
  setup(b) {
    b.onLoad({ filter: /\.js$/ }, async (args) => {
      const fs = await import("node:fs/promises");
      let text = await fs.readFile(args.path, "utf8");
      if (path.resolve(args.path) !== path.resolve(js, out) && text.includes("import.meta.url")) {
        const own = `new URL(${JSON.stringify(dotted(rel(args.path)))}, import.meta.url).href`;
        text = text.replaceAll("import.meta.url", own);
      }
      return { contents: text, loader: "js" };
    });
  },
});

// Modules kept apart stay imports of their own URL (relative to the bundle in js/).
const keptApart = (apart) => ({
  name: "kept-apart",
  setup(b) {
    b.onResolve({ filter: /\.js$/ }, (args) => {
      if (!args.importer) return undefined;
      const target = rel(path.resolve(args.resolveDir, args.path));
      return apart.includes(target) ? { path: dotted(target), external: true } : undefined;
    });
  },
});

const common = { bundle: true, format: "esm", minify: true, charset: "utf8", logLevel: "error",
  write: true, metafile: true, absWorkingDir: js, legalComments: "none" };

const entry = cfg.entries.map((e) => `import ${JSON.stringify(dotted(e))};`)
  .concat(Object.entries(cfg.reexport).map(([name, m]) => `export { ${name} } from ${JSON.stringify(dotted(m))};`))
  .join("\n");
const page = await build({
  ...common,
  stdin: { contents: entry, resolveDir: js, sourcefile: "lab-entry.js", loader: "js" },
  outfile: path.join(js, cfg.out),
  sourcemap: "linked",
  sourcesContent: false, // the map names the modules as shipped beside it (js/...)
  plugins: [keptApart(cfg.apart), ownUrl(cfg.out)],
});

// A module run ahead of the bundle reaches a bundled module through the bundle's export.
for (const [file, [from, to]] of Object.entries(cfg.redirect)) {
  await build({
    ...common,
    entryPoints: [path.join(js, file)],
    outfile: path.join(js, file),
    allowOverwrite: true,
    plugins: [{
      name: "redirect",
      setup(b) {
        b.onResolve({ filter: /\.js$/ }, (args) => {
          if (!args.importer) return undefined;
          const target = rel(path.resolve(args.resolveDir, args.path));
          return { path: target === from ? dotted(path.posix.relative(path.posix.dirname(file), to) || to) : args.path, external: true };
        });
      },
    }],
  });
}

const inputs = Object.keys(page.metafile.inputs).filter((p) => p !== "lab-entry.js").map((p) => rel(path.resolve(js, p)));
console.log(JSON.stringify({ inputs: inputs.sort() }));
