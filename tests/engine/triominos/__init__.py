"""Triominos' rules, bots, notation and command line."""
