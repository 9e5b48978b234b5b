"""The games, each an equal package on the shared engine (``chromino.core``)."""
