"""What the rules engine's tests share: the contract every game keeps, the steps of a
scripted game, each game's scenarios and its reference implementation."""
