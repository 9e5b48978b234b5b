"""Notifications: one outbox for what a person should hear of while they are not
looking (their turn, an invitation, a game's end), leaving by web push or by a daily
email digest, never twice and never for what they are looking at."""
