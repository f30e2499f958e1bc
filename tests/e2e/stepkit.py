"""What the step-through tests share: the stepper's state and waits."""
from __future__ import annotations

from pagekit import PICTURE_OF_IMG_JS, in_tab


STEP_TIMEOUT_MS = 30_000


def choose(page, name: str, algorithm: str = "online", epochs: int = 100, **gen) -> None:
    with in_tab(page, "setup"):
        choose_in_setup(page, name, algorithm, epochs, **gen)


def choose_in_setup(page, name: str, algorithm: str, epochs: int, **gen) -> None:
    page.check("#source-preset")
    page.select_option("#preset", name)
    for field, value in gen.items():
        page.fill(f"#{field}", str(value))
    page.select_option("#algorithm", algorithm)
    page.select_option("#order", "fixed")
    page.fill("#epochs", str(epochs))


def panel(page) -> dict:
    return page.evaluate(
        """() => {
          const picture = """ + PICTURE_OF_IMG_JS + """;
          const p = document.getElementById("stepper");
          const img = document.getElementById("step-image");
          const proof = document.getElementById("step-proof");
          return { step: p.dataset.step, t: p.dataset.t, index: p.dataset.index, w: p.dataset.w,
                   total: p.dataset.total, playing: p.dataset.playing,
                   range: document.getElementById("step-range").value,
                   image: picture(img), alt: img.alt, proofPicture: picture(proof),
                   proofT: proof.dataset.t || "", proofAlt: proof.alt,
                   text: document.getElementById("step-text").textContent,
                   math: document.getElementById("step-math").innerText,
                   note: document.getElementById("step-note").textContent,
                   live: document.getElementById("step-live").textContent };
        }"""
    )


def wait_step(page, k: int, timeout_ms: int = STEP_TIMEOUT_MS) -> dict:
    page.wait_for_selector(f'#stepper[data-step="{k}"]', state="attached", timeout=timeout_ms)
    return panel(page)


def wait_proof(page, t: int, timeout_ms: int = STEP_TIMEOUT_MS) -> dict:
    page.wait_for_selector(f'#step-proof[data-t="{t}"]', state="attached", timeout=timeout_ms)
    return panel(page)


def settle_and_watch(page, frames: int, min_ms: float, timeout_ms: int = STEP_TIMEOUT_MS) -> dict:
    """Inside the page: wait until the stepper is idle (not playing, no frame in flight, the
    frame on screen is the scrubber's step), then watch it for at least `frames` animation
    frames and `min_ms` ms. -> {step, seen: ["step/range/playing" states seen], frames, ms}"""
    return page.evaluate(
        """async ([frames, minMs, timeoutMs]) => {
          const p = document.getElementById("stepper");
          const r = document.getElementById("step-range");
          const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
          const idle = () => p.dataset.playing === "false" && p.dataset.busy !== "true" && p.dataset.step === r.value;
          const t0 = performance.now();
          while (!idle()) {
            if (performance.now() - t0 > timeoutMs) throw new Error(`stepper not idle: ${JSON.stringify(p.dataset)}`);
            await frame();
          }
          const step = p.dataset.step;
          const seen = new Set();
          const t1 = performance.now();
          let n = 0;
          while (n < frames || performance.now() - t1 < minMs) {
            await frame();
            n++;
            seen.add(`${p.dataset.step}/${r.value}/${p.dataset.playing}`);
          }
          return { step, seen: [...seen], frames: n, ms: performance.now() - t1 };
        }""",
        [frames, min_ms, timeout_ms],
    )


def scrub_to(page, k: int) -> None:
    """Move the scrubber like a pointer drag does: set the value, fire input."""
    page.evaluate(
        """(k) => { const r = document.getElementById("step-range"); r.value = String(k);
                    r.dispatchEvent(new Event("input", { bubbles: true })); }""",
        k,
    )
