"""A run as files: the model, trace and predictions (run_files.py), a script repeating it (script.py)."""
