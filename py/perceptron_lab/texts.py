"""Every sentence the lab says about a run, built from the run's numbers alone.

Pure: no numpy-heavy work, no I/O. The bridge (page and CLI) calls these; tests/py/test_texts.py
checks each claim against an oracle, so a text may only say what its arguments prove.
"""


def status_text(run, *, separable, dataset_name):
    e = run.n_epochs
    epochs = f"{e} epoch{'s' if e != 1 else ''}"
    if run.status == "converged":
        if run.algorithm == "batch":
            return f"Converged after {epochs}: the last epoch found no misclassified point."
        return f"Converged after {epochs}: the last epoch made no mistake."
    if run.status == "cycled":
        c = run.cycle
        what = "XOR is" if dataset_name == "XOR" else "the data is"
        period = f"every {c['period']} epoch{'s' if c['period'] != 1 else ''}"
        return (f"Cycling detected at epoch {c['epoch']}: the weights repeat {period}, "
                f"so {what} not linearly separable.")
    if run.limit == "votes":
        return (f"Stopped after {epochs}: the voted perceptron already keeps {len(run.votes[1]):,} weight "
                "vectors, and every one votes on every prediction (the storage cost the notes warn "
                "about). Try the averaged perceptron: one vector.")
    tail = {True: " The data is linearly separable, so more epochs would converge.",
            False: " The data is not linearly separable, so it can never converge.",
            None: ""}[separable]
    return f"Stopped at the epoch limit ({epochs}) without converging.{tail}"
