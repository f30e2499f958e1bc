"""Every sentence the lab says about a run, from its numbers alone (run.py: the primal variants; kernel.py, multiclass.py; stopping.py, numbers.py: what those two share)."""
