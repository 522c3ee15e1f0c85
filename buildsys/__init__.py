"""The steps behind build.py, one module per concern (see build.py's docstring)."""
