"""The rules engine's tests: the contract every game keeps, then each game's rules."""
