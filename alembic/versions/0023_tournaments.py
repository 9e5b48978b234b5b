"""tournaments: their entries, rounds, tables and byes

Revision ID: 0023
Revises: 0022
Create Date: 2026-12-06 12:20:00

A tournament (web.tournaments, docs/tournaments.md) stores what its organiser chose,
who entered under which entry number, each started round with its secret and
commitment, and each round's tables and byes. A round's (tournament, number) is
unique, so a round starts once however many processes try.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0023"
down_revision: str | None = "0022"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    _tournament()
    _entry()
    _round()
    _table_and_bye()


def _tournament() -> None:
    op.create_table(
        "tournament",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("public_id", sa.String(length=16), nullable=False),
        sa.Column("name", sa.String(length=80), nullable=False),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("format", sa.String(length=12), nullable=False),
        sa.Column("pace", sa.String(length=8), nullable=False),
        sa.Column("smallest", sa.Integer(), nullable=False),
        sa.Column("largest", sa.Integer(), nullable=False),
        sa.Column("rounds", sa.Integer(), nullable=False),
        sa.Column("duplicate", sa.Boolean(), nullable=False),
        sa.Column("rated", sa.Boolean(), nullable=False),
        sa.Column("visibility", sa.String(length=8), nullable=False),
        sa.Column("organiser_id", sa.Integer(), nullable=True),
        sa.Column("status", sa.String(length=12), nullable=False),
        sa.Column("entry_limit", sa.Integer(), nullable=True),
        sa.Column("starts_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("settings", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(
            ["organiser_id"],
            ["user_account.id"],
            name=op.f("fk_tournament_organiser_id_user_account"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_tournament")),
        sa.UniqueConstraint("public_id", name=op.f("uq_tournament_public_id")),
    )
    op.create_index(
        op.f("ix_tournament_organiser_id"), "tournament", ["organiser_id"], unique=False
    )


def _entry() -> None:
    op.create_table(
        "tournament_entry",
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=True),
        sa.Column("joined_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("joined_round", sa.Integer(), nullable=False),
        sa.Column("withdrawn_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("disqualified_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["tournament_id"],
            ["tournament.id"],
            name=op.f("fk_tournament_entry_tournament_id_tournament"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["user_account.id"],
            name=op.f("fk_tournament_entry_user_id_user_account"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("tournament_id", "number", name=op.f("pk_tournament_entry")),
        sa.UniqueConstraint(
            "tournament_id", "user_id", name=op.f("uq_tournament_entry_tournament_id_user_id")
        ),
    )
    op.create_index(
        op.f("ix_tournament_entry_user_id"), "tournament_entry", ["user_id"], unique=False
    )


def _round() -> None:
    op.create_table(
        "tournament_round",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("secret", sa.String(length=64), nullable=False),
        sa.Column("commitment", sa.String(length=64), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["tournament_id"],
            ["tournament.id"],
            name=op.f("fk_tournament_round_tournament_id_tournament"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_tournament_round")),
        sa.UniqueConstraint(
            "tournament_id", "number", name=op.f("uq_tournament_round_tournament_id_number")
        ),
    )


def _table_and_bye() -> None:
    op.create_table(
        "tournament_table",
        sa.Column("round_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("seats", sa.JSON(), nullable=False),
        sa.Column("deal", sa.String(length=20), nullable=False),
        sa.Column("game_id", sa.String(length=40), nullable=True),
        sa.Column("result", sa.JSON(), nullable=True),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["game.id"],
            name=op.f("fk_tournament_table_game_id_game"),
            ondelete="SET NULL",
        ),
        sa.ForeignKeyConstraint(
            ["round_id"],
            ["tournament_round.id"],
            name=op.f("fk_tournament_table_round_id_tournament_round"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("round_id", "number", name=op.f("pk_tournament_table")),
        sa.UniqueConstraint("game_id", name=op.f("uq_tournament_table_game_id")),
    )
    op.create_table(
        "tournament_bye",
        sa.Column("round_id", sa.Integer(), nullable=False),
        sa.Column("entrant", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["round_id"],
            ["tournament_round.id"],
            name=op.f("fk_tournament_bye_round_id_tournament_round"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("round_id", "entrant", name=op.f("pk_tournament_bye")),
    )


def downgrade() -> None:
    op.drop_table("tournament_bye")
    op.drop_table("tournament_table")
    op.drop_table("tournament_round")
    op.drop_index(op.f("ix_tournament_entry_user_id"), table_name="tournament_entry")
    op.drop_table("tournament_entry")
    op.drop_index(op.f("ix_tournament_organiser_id"), table_name="tournament")
    op.drop_table("tournament")
