"""seasons: divisions of members, and the arenas that are a season's legs

Revision ID: 0025
Revises: 0024
Create Date: 2026-12-07 01:00:00

A season (web.tournaments.seasons) holds an arena every few days, one per division;
its members sit in divisions, and keep their place and move once it has ended. A
tournament that is a season's leg names its season, leg and division, unique together,
so a leg's arena is made once however many processes try. The next season names the
one it follows, uniquely, for the same reason.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0025"
down_revision: str | None = "0024"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    _season()
    _member()
    with op.batch_alter_table("tournament") as table:
        table.add_column(sa.Column("season_id", sa.Integer(), nullable=True))
        table.add_column(sa.Column("leg", sa.Integer(), nullable=True))
        table.add_column(sa.Column("division", sa.Integer(), nullable=True))
        table.create_foreign_key(
            op.f("fk_tournament_season_id_season"),
            "season",
            ["season_id"],
            ["id"],
            ondelete="CASCADE",
        )
        table.create_index(op.f("ix_tournament_season_id"), ["season_id"], unique=False)
        table.create_unique_constraint(
            op.f("uq_tournament_season_id_leg_division"), ["season_id", "leg", "division"]
        )


def _season() -> None:
    op.create_table(
        "season",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("public_id", sa.String(length=16), nullable=False),
        sa.Column("name", sa.String(length=80), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("follows_id", sa.Integer(), nullable=True),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("organiser_id", sa.Integer(), nullable=True),
        sa.Column("starts_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("legs", sa.Integer(), nullable=False),
        sa.Column("every_days", sa.Integer(), nullable=False),
        sa.Column("division_size", sa.Integer(), nullable=False),
        sa.Column("movers", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(length=12), nullable=False),
        sa.Column("settings", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["follows_id"],
            ["season.id"],
            name=op.f("fk_season_follows_id_season"),
            ondelete="SET NULL",
        ),
        sa.ForeignKeyConstraint(
            ["organiser_id"],
            ["user_account.id"],
            name=op.f("fk_season_organiser_id_user_account"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_season")),
        sa.UniqueConstraint("public_id", name=op.f("uq_season_public_id")),
        sa.UniqueConstraint("follows_id", name=op.f("uq_season_follows_id")),
    )
    op.create_index(op.f("ix_season_organiser_id"), "season", ["organiser_id"], unique=False)


def _member() -> None:
    op.create_table(
        "season_member",
        sa.Column("season_id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("division", sa.Integer(), nullable=False),
        sa.Column("joined_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("place", sa.Integer(), nullable=True),
        sa.Column("points", sa.Double(), nullable=True),
        sa.Column("move", sa.String(length=8), nullable=True),
        sa.ForeignKeyConstraint(
            ["season_id"],
            ["season.id"],
            name=op.f("fk_season_member_season_id_season"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["user_account.id"],
            name=op.f("fk_season_member_user_id_user_account"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("season_id", "user_id", name=op.f("pk_season_member")),
    )
    op.create_index(op.f("ix_season_member_user_id"), "season_member", ["user_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("tournament") as table:
        table.drop_constraint(op.f("uq_tournament_season_id_leg_division"), type_="unique")
        table.drop_index(op.f("ix_tournament_season_id"))
        table.drop_constraint(op.f("fk_tournament_season_id_season"), type_="foreignkey")
        table.drop_column("division")
        table.drop_column("leg")
        table.drop_column("season_id")
    op.drop_index(op.f("ix_season_member_user_id"), table_name="season_member")
    op.drop_table("season_member")
    op.drop_index(op.f("ix_season_organiser_id"), table_name="season")
    op.drop_table("season")
