"""Chromino's rules, bots, notation and command line."""
