"""Rematches and table chat in the database (``boardlab.server.social``): every worker serves
the same ones, and a restart keeps them."""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rematches",
        # one rematch per finished table: two workers asked at once insert one row
        sa.Column("old_table", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("new_table", sa.String(32), sa.ForeignKey("tables.id"), nullable=False,
                  unique=True),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "chat_lines",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("n", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("reaction", sa.Boolean, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("chat_lines")
    op.drop_table("rematches")
