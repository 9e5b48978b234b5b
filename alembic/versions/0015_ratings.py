"""ratings: pools, rated games, rating history

Revision ID: 0015
Revises: 0014
Create Date: 2026-12-05 07:09:33

A person's rating per pool; each rated game's result in the order it was
applied (the rebuild replays it); each person's rating before and after each rated
game (the profile's chart); rated or casual tables and games; "hide my rating".
Games finished before this revision are casual: their results carry no places.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0015"
down_revision: str | None = "0014"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "rating",
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("pool", sa.String(length=24), nullable=False),
        sa.Column("mu", sa.Double(), nullable=False),
        sa.Column("sigma", sa.Double(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("wins", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["user_account.id"],
            name=op.f("fk_rating_user_id_user_account"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("user_id", "pool", name=op.f("pk_rating")),
    )
    op.create_table(
        "rated_game",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.String(length=40), nullable=False),
        sa.Column("pool", sa.String(length=24), nullable=False),
        sa.Column("seats", sa.JSON(), nullable=False),
        sa.Column("rated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"], ["game.id"], name=op.f("fk_rated_game_game_id_game"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_rated_game")),
    )
    with op.batch_alter_table("rated_game", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_rated_game_game_id"), ["game_id"], unique=True)

    op.create_table(
        "rating_change",
        sa.Column("rated_game_id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("pool", sa.String(length=24), nullable=False),
        sa.Column("place", sa.Integer(), nullable=False),
        sa.Column("mu_before", sa.Double(), nullable=False),
        sa.Column("sigma_before", sa.Double(), nullable=False),
        sa.Column("mu", sa.Double(), nullable=False),
        sa.Column("sigma", sa.Double(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["rated_game_id"],
            ["rated_game.id"],
            name=op.f("fk_rating_change_rated_game_id_rated_game"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["user_account.id"],
            name=op.f("fk_rating_change_user_id_user_account"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("rated_game_id", "user_id", name=op.f("pk_rating_change")),
    )
    with op.batch_alter_table("rating_change", schema=None) as batch_op:
        batch_op.create_index(
            "ix_rating_change_user_pool", ["user_id", "pool", "rated_game_id"], unique=False
        )

    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("rated", sa.Boolean(), server_default=sa.false(), nullable=False)
        )

    with op.batch_alter_table("game_table", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("rated", sa.Boolean(), server_default=sa.false(), nullable=False)
        )

    with op.batch_alter_table("preference", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("hide_rating", sa.Boolean(), server_default=sa.false(), nullable=False)
        )


def downgrade() -> None:
    with op.batch_alter_table("preference", schema=None) as batch_op:
        batch_op.drop_column("hide_rating")

    with op.batch_alter_table("game_table", schema=None) as batch_op:
        batch_op.drop_column("rated")

    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.drop_column("rated")

    with op.batch_alter_table("rating_change", schema=None) as batch_op:
        batch_op.drop_index("ix_rating_change_user_pool")

    op.drop_table("rating_change")
    with op.batch_alter_table("rated_game", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_rated_game_game_id"))

    op.drop_table("rated_game")
    op.drop_table("rating")
