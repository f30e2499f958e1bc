"""THE run of every family, as core.train returns it: how it went, with the same names whatever
the model (one w, counts α, a weight matrix W). Its model is one payload, run.model (core/model.py: w and
voted's votes, the counts α, or W); a family's run adds its own records (Run: pocket, limit;
KernelRun: the scores, the Gram matrix), and
every family's run has `algorithm`, `n_updates` (its trace's total), `converged_epoch`,
`epoch_mistakes`, `epoch_accuracy`, `epoch_w_norm` and a trace.TraceEnvelope (tests/py/test_run_envelope.py)."""

from dataclasses import dataclass


@dataclass
class RunEnvelope:
    """eta, order, seed: the run's settings; status: "converged" (an epoch without an update),
    "cycled" (cycle = {"epoch", "period"}: the state repeated under a fixed order) or "max_epochs";
    n_epochs: epochs run; mistakes: mistakes made over them (the margin perceptron: its updates)."""

    eta: float
    order: str
    seed: int
    status: str
    cycle: dict | None
    n_epochs: int
    mistakes: int
    model: object  # the family's model (core/model.py): LinearModel, DualModel or MulticlassModel
