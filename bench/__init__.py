"""The engine benchmark: ``make bench`` (``python -m bench``) prints figures.

It is a script, not a test: it times the scoring engine on seeded random
hands and prints a table of throughput, latency and their targets.  Timings
are medians of several repeats on one thread, with ratios against RLCard's
pure-Python Gin Rummy solver where RLCard can be imported, because the
machine may be shared and absolute numbers drift.

This package must not import :mod:`scorekeeper` at import time:
:mod:`bench.rlcard_gin` is also run as a child process by a Python that may
have RLCard but not the app's dependencies.
"""
