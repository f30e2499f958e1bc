"""Where the bytes of a cold load go: every file of dist/ a first visit requests, on the wire
(gzip -6 for text and wasm, as GitHub Pages and tools/devserver.py send them; wheels and zips
as they are), and inside each wheel/zip the compressed bytes per kind of entry (.pyc, .py,
.so, .ttf, ...). Run `python bench/bytes.py [dist]` after `python build.py`; `--json` prints
the per-file figures for comparing two builds.
"""

import json
import sys
import zipfile
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tools.sitefiles import wire_size  # noqa: E402


def kinds(path: Path) -> dict[str, tuple[int, int]]:
    """{suffix: (entries, compressed bytes)} of a zip file."""
    out: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for info in zipfile.ZipFile(path).infolist():
        name = info.filename.rsplit("/", 1)[-1]
        kind = "." + name.rsplit(".", 1)[-1] if "." in name else name
        if kind.startswith(".cpython") or ".cpython-" in name:
            kind = ".so"
        out[kind][0] += 1
        out[kind][1] += info.compress_size
    return {k: (v[0], v[1]) for k, v in sorted(out.items(), key=lambda kv: -kv[1][1])}


def main(argv: list[str]) -> int:
    as_json = "--json" in argv
    args = [a for a in argv if a != "--json"]
    dist = Path(args[0]) if args else ROOT / "dist"
    info = json.loads((dist / "build-info.json").read_text())
    files = sorted(((p.relative_to(dist).as_posix(), wire_size(p)) for p in dist.rglob("*")
                    if p.is_file() and p.name not in {".nojekyll", "sw.js"}), key=lambda t: -t[1])
    if as_json:
        print(json.dumps(dict(files), indent=1))
        return 0
    total = sum(n for _, n in files)
    print(f"build {info['build']}: {total / 1e6:.2f} MB on the wire for a cold load "
          f"({len(files)} files; the service worker's own sw.js not counted)")
    for path, n in files:
        if n < 20_000:
            continue
        print(f"{n / 1e6:7.3f} MB  {path}")
        if path.endswith((".whl", ".zip")):
            for kind, (count, size) in kinds(dist / path).items():
                if size >= 10_000:
                    print(f"{'':13}{size / 1e6:6.3f} MB {kind} ({count})")
    rest = [n for _, n in files if n < 20_000]
    print(f"{sum(rest) / 1e6:7.3f} MB  {len(rest)} files under 20 kB")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
