"""The transcript of a listening session as Markdown: per action, what Orca spoke next to what
the page itself had to say at that moment (the focused element's name, the live region's
sentence), and at the top the live region's sentences that Orca never spoke or spoke twice."""
from __future__ import annotations


def _q(s: str) -> str:
    return "“" + s.replace("\n", " ⏎ ") + "”"


def live_changes(steps: list[dict]) -> list[tuple[int, str]]:
    """(step index, sentence) for each new sentence of the live region."""
    out, last = [], ""
    for i, st in enumerate(steps):
        live = st.get("live") or ""
        if live and live != last:
            out.append((i, live))
        last = live
    return out


def markdown(meta: dict, steps: list[dict], heard_in) -> str:
    lines = ["# What Orca spoke of Perceptron Lab", "",
             f"Orca {meta['orca']}, {meta['chromium']}, at-spi2-core {meta['at-spi2-core']}; "
             f"{meta['date']}. Made by tools/screen_reader/orca_listen.py (Xvfb, keys as X events).", "",
             *([f"**The walk stopped early:** {meta['stopped']}", ""] if meta.get("stopped") else []),
             "## The live region's sentences", "",
             "| # | Action | The page's sentence | Spoken by Orca |", "|---|---|---|---|"]
    for i, sentence in live_changes(steps):
        # Heard in the action that wrote it, or in the next one (a polite region waits its turn).
        near = steps[i]["heard"] + (steps[i + 1]["heard"] if i + 1 < len(steps) else [])
        times = sum(u.count(" ".join(sentence.split())) for u in (" ".join(x.split()) for x in near))
        verdict = "no" if not heard_in(sentence, near) else ("yes" if times == 1 else f"yes, {times} times")
        lines.append(f"| {i + 1} | {steps[i]['title']} | {sentence} | {verdict} |")
    lines += ["", "## Action by action", ""]
    for i, st in enumerate(steps, start=1):
        keys = " ".join(st["keys"]) or "—"
        f = st.get("focus") or {}
        where = f"#{f['id']}" if f.get("id") else f.get("tag", "the page")
        lines.append(f"**{i}. {st['title']}** — keys: `{keys}`; focus: {where} "
                     f"({f.get('role') or f.get('tag', '')}, name {_q(f.get('name', ''))})")
        if st["heard"]:
            lines += [f"- Orca: {_q(u)}" for u in st["heard"]]
        else:
            lines.append("- Orca: (silent)")
        lines.append("")
    return "\n".join(lines) + "\n"
