"""One package per game: rules (pure state transitions), data, bots, variants."""
