"""Benchmarks run by ``make bench``: medians on this machine, each against its target."""
