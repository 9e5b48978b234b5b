"""Benchmarks run by ``make bench``: medians on this machine, against the issues' targets."""
