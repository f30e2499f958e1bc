"""When an epoch loop stops, and why: shared by the primal, kernel and multiclass loops.

- Numbers beyond floating point stop every loop with an error (finite: the one check, for the
  input, the state after each epoch, where NaN scores would compare as "no mistake" and fake a
  convergence, the reported η·state and the kernel's values).

- A clean epoch (no mistake) is convergence: nothing can change any more, except a running
  average (Algorithm 2 keeps averaging to MaxIter), so such runs go on.
- Block & Levin: under a fixed visiting order the state at an epoch boundary determines every
  later epoch, so a repeated state repeats forever: the run has cycled. (Under shuffle-each the
  order differs per epoch and a repeat proves nothing, so cycles are not looked for.) The states
  are floats: a repeat ends the run (it would only go round again), but whether it proves the
  data not separable is cycle_proof's exact check, not this one.
- Otherwise MaxIter.
"""

import hashlib

import numpy as np

from ..errors import DataError, SettingsError


def digest(a):
    """A short fingerprint of an array's exact bytes: a state per epoch, without keeping it."""
    return hashlib.blake2b(a.tobytes(), digest_size=16).digest()


def finite(values, message, field="eta"):
    """values, or an error when some entry is NaN or ±inf: SettingsError(message, field), or
    DataError(message) for field=None (the input itself)."""
    if not np.isfinite(values).all():
        raise DataError(message) if field is None else SettingsError(message, field=field)
    return values


def check_finite(state, what, field="eta"):
    """The loop's state (in units of η: the weights, or the kernel's scores) after an epoch."""
    return finite(state, f"The {what} grew beyond floating point: rescale the data.", field)


def check_scaled(values, what):
    """values (η times the loop's state), or SettingsError when η pushed them beyond floating point."""
    return finite(values, f"η times the {what} is beyond floating point: lower η.")


def finite_input(A, name="x̃"):
    """A (the training vectors), or DataError when some entry is not a finite number."""
    return finite(A, f"Every {name} must be a vector of finite numbers.", None)


class EpochEnds:
    """Watches the state at each epoch end. `start` is the state before the first epoch."""

    def __init__(self, start, *, detect_cycles, run_on=False, key=digest):
        self.key, self.detect_cycles, self.run_on = key, detect_cycles, run_on
        self.seen = {key(start): 0}
        self.converged = None  # the first clean epoch
        self.cycle = None      # {"epoch": where the repeat was seen, "period": epochs per lap}
        self.cycle_state = None  # the repeated state itself (a copy), to replay one lap from

    def stop_after(self, epoch, mistakes, state):
        """True when the loop should stop after this epoch (with `mistakes` and end state `state`)."""
        if mistakes == 0:
            self.converged = self.converged or epoch
            return not self.run_on
        if self.detect_cycles and self.cycle is None:
            k = self.key(state)
            if k in self.seen:
                self.cycle = {"epoch": epoch, "period": epoch - self.seen[k]}
                self.cycle_state = state.copy()
                return not self.run_on
            self.seen[k] = epoch
        return False

    @property
    def status(self):
        return "converged" if self.converged else "cycled" if self.cycle else "max_epochs"
