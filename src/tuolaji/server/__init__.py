"""The online game: `tuolaji serve` — rooms, seats, bots, clocks and durable storage."""
