"""Play over days: turn-based tables, whose clocks run only in each player's waking
hours and outside their days away, and the sweep that fires their deadlines and
reminders from the database (exactly once, whichever process gets there)."""
