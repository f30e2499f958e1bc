"""Every sentence the lab says about a run, from its numbers alone (run.py; kernel_multiclass.py)."""
