"""The one perceptron training loop; the variants of the notes are strategies on it.

Conventions (seeds 000, 001, 003): w starts at 0; a mistake is y·(w·x̃) <= 0, so w = 0
errs on everything; an online update is w += eta·y·x̃; prediction at exactly 0 is +1.
The loop runs in units of η (η = 1) and reports η·w: from w = 0, η only rescales the path,
so every η makes the same mistakes (seed 000) and no rounding of η can move a point across
the boundary. The batch perceptron (seed 003) counts y·a <= 0 as misclassified like the others
(seed 003's step(0) = +1 would call a positive point on the boundary right, and at theta = 0
leave the positives out of the first step).

MaxIter (Algorithm 1 and 2): averaged and voted run all max_epochs epochs by default, as
Algorithm 2 does, because their answer keeps moving after the mistakes stop; the other
variants stop after a clean epoch, where their answer can no longer change. early_stop=True
stops every variant at the first clean epoch. Run.converged_epoch says where mistakes stopped.
"""

from dataclasses import dataclass, field
from functools import cached_property

import numpy as np

from .model import LinearModel
from .run_envelope import RunEnvelope
from .. import settings
from . import cycle_proof
from ..errors import SettingsError
from .scan import predict_sign
from .order import ORDERS
from .stopping import finite_input, EpochEnds, check_finite, check_scaled
from .strategies import STRATEGIES, Voted, accuracy, vote_scores
from .trace import Trace, TraceBuffer
from ..i18n import _

ALGORITHMS = tuple(STRATEGIES)  # a new variant is a new strategy (strategies.py) and its params.json entry
MAX_EPOCHS = settings.param("epochs")["max"]
RUN_ON = tuple(a for a, S in STRATEGIES.items() if S.runs_on)  # their answer moves after the last mistake

__all__ = ["ALGORITHMS", "ORDERS", "MAX_EPOCHS", "Run", "Trace", "accuracy", "check_settings",
           "predict_sign", "train"]


@dataclass
class Run(RunEnvelope):
    """Everything one training run produced; see docs/ARCHITECTURE.md.

    model: core.model.LinearModel (w, the classifier's weights, η·(units); w_last, the last w of
    the path; voted's votes, its classifier); status: "converged" (an epoch without mistakes happened,
    at converged_epoch), "cycled" (cycle = {"epoch", "period"}: a repeated w under a fixed order),
    or "max_epochs"; limit: "votes" when voted stopped at its cap; pocket_rule: "every" or
    "ratchet" (pocket only).
    """

    algorithm: str
    limit: str | None
    n_updates: int
    converged_epoch: int | None = None
    early_stop: bool = False
    pocket_rule: str | None = None
    cycle_proved: bool | None = None  # a cycle (a float repeat) with an exact certificate (cycle_proof)
    epoch_mistakes: list = field(default_factory=list)
    epoch_w_norm: list = field(default_factory=list)
    trace: Trace | None = None
    _Z: np.ndarray | None = field(default=None, repr=False)
    _y: np.ndarray | None = field(default=None, repr=False)
    _snapshots: list = field(default_factory=list, repr=False)
    _w1: np.ndarray | None = field(default=None, repr=False)  # the last w in units of η
    # The classifier in units of η (the answer's weights; voted: its votes): predictions come from
    # these, as training's decisions do, so a point exactly on the boundary gets the same label for
    # every η (η·w rounds, and can tip an exact 0 either way).
    _answer1: np.ndarray | None = field(default=None, repr=False)
    _votes1: tuple | None = field(default=None, repr=False)
    _strategy: object = field(default=None, repr=False)

    @property
    def rule(self):
        """The update rule the run trained by (core/rule.py): its threshold and its theory."""
        return self._strategy.update_rule

    def decision_function(self, Z):
        """Activations w·x̃ (voted: Σ_k c_k·sign(w_k·x̃)): η times the run's own (η = 1) scores,
        so their signs are the ones training decides by."""
        Z = np.asarray(Z, dtype=np.float64)
        if self.model.votes is not None:
            return vote_scores(Z, *(self._votes1 or self.model.votes))
        if self._answer1 is None:
            return Z @ self.model.w
        return self.eta * (Z @ self._answer1)

    def predict(self, Z):
        """sign of the scores in units of η (0 counts as +1), the same labels for every η."""
        Z = np.asarray(Z, dtype=np.float64)
        if self.model.votes is None and self._answer1 is not None:
            return predict_sign(Z @ self._answer1)
        return predict_sign(self.decision_function(Z))

    def predict_last(self, Z):
        """The labels of the last w of the path (voted: the last voter), from its η = 1 weights."""
        return predict_sign(np.asarray(Z, dtype=np.float64) @ self._w1)

    @cached_property
    def epoch_accuracy(self):
        """Training accuracy of the answer at the end of each epoch (None where too costly to vote).

        Computed when first asked, in one pass over the data for all epochs, so training
        itself pays nothing for it.
        """
        return self._strategy.epoch_accuracies(self._snapshots, self._Z, self._y, self._w1)

    def visit_orders(self, epochs=None):
        """The example indices of each epoch (the first `epochs`; default all), as this run visited
        them (the per-example variants; batch visits no example alone)."""
        return self._strategy.visiting.replay(len(self._Z), self.n_epochs if epochs is None else epochs)


_PARAM = {"max_epochs": "epochs"}  # a keyword of the loops -> its params.json entry


def check_params(**values):
    """Each value through its params.json entry (type, range, options, and the message the page
    shows): SettingsError naming the field. Every perceptron checks its settings here."""
    for name, value in values.items():
        settings.check(_PARAM.get(name, name), bool(value) if isinstance(value, np.bool_) else value)


def check_settings(algorithm, eta, max_epochs, order, seed, early_stop=False, **options):
    """Raise SettingsError naming the field for anything outside its range (params.json); options:
    strategies' own settings by their params.json names (TypeError for a name that is none)."""
    if algorithm not in ALGORITHMS:
        raise SettingsError(_("Unknown algorithm {algorithm}: choose one of {value}.").format(
            algorithm=repr(algorithm), value=', '.join(ALGORITHMS)),
                            field="algorithm")
    unknown = [k for k in options if k not in settings.PARAMS]
    if unknown:
        raise TypeError(f"train() got an unexpected keyword argument {unknown[0]!r}")
    check_params(order=order, eta=eta, max_epochs=max_epochs, seed=seed, early_stop=early_stop, **options)


def train(Z, y, *, algorithm="online", eta=1.0, max_epochs=100, order="fixed", seed=0,
          trace_cap=100_000, progress=None, resume=None, max_votes=None, early_stop=False, visitor=None, **options):
    """Train on prepared vectors Z = x̃ (n, d) with labels y in {-1, +1}; returns a Run.

    early_stop: stop every variant after the first epoch without mistakes (by default averaged
    and voted run all max_epochs epochs, as Algorithm 2 does).
    max_votes: voted only: stop after the epoch in which more than this many weight vectors
    have been kept (every one of them is polled for every prediction; the notes call the voted
    perceptron "impractical because of storage issues"). Run.limit then says "votes".
    resume: an earlier Run of the same algorithm to continue from (its w, example count,
    random state and averaging/voting/pocket state), as partial_fit needs; Z may then be new
    data of the same width. Resumed one-epoch calls make the updates of one run's epochs up to
    where that run stops (a clean epoch, a cycle, early_stop); past it they go on epoch by epoch.
    options: a strategy's own settings by their params.json names, each checked there; the strategy
    takes those it names (Strategy.options), one left out at its params.json default (the margin
    perceptron's tau: it updates whenever y·(w·x̃) <= tau, core/rule.py).
    visitor: the per-example variants only: visitor(epoch, index, activation w·x̃ in units of η,
    mistake, w after in units of η) for every example the run visits, right or wrong, in order
    (the exercise asks the run for its visits; the scan then decides every example by itself).
    """
    check_settings(algorithm, eta, max_epochs, order, seed, early_stop, **options)
    Z = np.ascontiguousarray(Z, dtype=np.float64)
    y = np.asarray(y).astype(np.int8)
    n, d = Z.shape
    finite_input(Z)
    if resume is None:
        rng = np.random.default_rng(seed)
        Strategy = STRATEGIES[algorithm]
        given = {"max_votes": max_votes, "eta": eta, **options}
        strategy = Strategy(Z, y, order, rng, **{k: given[k] if k in given else settings.default(k)
                                                 for k in Strategy.options})
        w = np.zeros(d)
    else:
        if resume.algorithm != algorithm or resume._w1.shape != (d,):
            raise SettingsError(_("Cannot continue a run of another algorithm or width."), field="algorithm")
        strategy, w = resume._strategy, resume._w1
        strategy.rebind(Z, y)
    if visitor is not None and not strategy.sequential:
        raise SettingsError(_("Only the per-example variants visit one example at a time."), field="algorithm")
    strategy.visitor = visitor
    # Overflow is caught below (non-finite w is an error), so numpy's warnings would only be noise.
    try:
        with np.errstate(over="ignore", invalid="ignore"):
            return _loop(Z, y, w, strategy, algorithm, float(eta), max_epochs, order, int(seed), trace_cap,
                         progress, bool(early_stop))
    finally:
        strategy.visitor = None  # the run keeps its strategy (resume, pickling), not the caller's recorder


def run_epochs(strategy, state, record, ends, max_epochs, progress, *, what="weights", field="eta"):
    """THE epoch loop of every perceptron (primal, kernel, multiclass): epochs of the strategy
    until MaxIter, a stop of `ends` (a clean epoch, a cycle) or the strategy's own limit.

    strategy.epoch(state, number, record) -> (state, mistakes) runs one pass in units of η;
    strategy.end_epoch(state) keeps what the strategy reports per epoch; strategy.limit() is a
    reason to stop besides these, or None. Returns (state, epoch_mistakes, limit).
    """
    epoch_mistakes, limit = [], None
    for epoch in range(1, max_epochs + 1):
        state, mistakes = strategy.epoch(state, epoch, record)
        check_finite(state, what, field)
        strategy.end_epoch(state)
        epoch_mistakes.append(mistakes)
        if progress is not None:
            progress(epoch, mistakes)
        if ends.stop_after(epoch, mistakes, state):
            break
        limit = strategy.limit()
        if limit is not None:
            break
    return state, epoch_mistakes, limit


def _loop(Z, y, w, strategy, algorithm, eta, max_epochs, order, seed, trace_cap, progress, early_stop):
    """Epochs of the strategy until MaxIter, a clean epoch (where the answer can no longer change,
    or with early_stop), a cycle (where more epochs only go round it again; the answer is the w of
    that epoch, which after a cycle of two or more epochs is not the w MaxIter would end on) or the
    strategy's limit."""
    # Averaged and voted keep averaging after a clean epoch, as Algorithm 2 runs to MaxIter.
    ends = EpochEnds(w, detect_cycles=not strategy.sequential or order != "shuffle-each",
                     run_on=algorithm in RUN_ON and not early_stop, key=lambda a: a.tobytes())
    record = TraceBuffer(Z.shape[1], trace_cap)
    strategy.begin_run()
    w, epoch_mistakes, limit = run_epochs(strategy, w, record, ends, max_epochs, progress)
    snapshots, epoch_w_norm = strategy.snapshots, strategy.norms
    status, cycle, converged = ends.status, ends.cycle, ends.converged
    answer = strategy.answer(w)
    votes = votes1 = None
    if isinstance(strategy, Voted):
        W, c = strategy.votes(w)
        votes1 = (W, c)
        votes = votes1 if eta == 1.0 else (eta * W, c)
    answer = np.asarray(answer, dtype=np.float64)
    run_w = check_scaled(eta * answer, "weights")
    trace = record.finish(Z, y, eta)
    # A float repeat ends the run; only an exact certificate lets it say "not separable".
    proved = None if cycle is None else cycle_proof.online_or_batch(Z, y, strategy, ends, trace)
    return Run(
        algorithm=algorithm, eta=eta, order=order, seed=seed, model=LinearModel(run_w, eta * w, votes), status=status,
        cycle=cycle, limit=limit, n_epochs=len(epoch_mistakes), mistakes=int(sum(epoch_mistakes)),
        n_updates=record.total, converged_epoch=converged, early_stop=early_stop,
        pocket_rule=getattr(strategy, "rule", None), cycle_proved=proved, epoch_mistakes=epoch_mistakes,
        epoch_w_norm=[eta * v for v in epoch_w_norm], trace=trace,
        _Z=Z, _y=y, _snapshots=snapshots, _w1=w, _answer1=answer, _votes1=votes1, _strategy=strategy,
    )
