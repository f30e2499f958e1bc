"""The exercises: every visit of a run (visits.py, kernel_visits.py), weights found by hand."""
