"""The game-neutral engine: it knows no game and imports nothing from ``chromino.games``."""
