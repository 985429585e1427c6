"""Seats that belong to their players: the public log of seat claims and moves, presence
(``seen_at``) and seats a bot plays while their player is away; the creator of a table
(a keyed digest of the address) for the limit of open tables per client."""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("tables", sa.Column("creator", sa.String(64), nullable=False,
                                      server_default=""))
    op.add_column("seats", sa.Column("seen_at", sa.Float, nullable=True))
    op.add_column("seats", sa.Column("away", sa.Boolean, nullable=False,
                                     server_default=sa.false()))
    op.create_table(
        "seat_events",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("n", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("detail", sa.String(40), nullable=True),
        sa.Column("started", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("ix_tables_creator_status", "tables", ["creator", "status"])


def downgrade() -> None:
    op.drop_index("ix_tables_creator_status", "tables")
    op.drop_table("seat_events")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("away")
        batch.drop_column("seen_at")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("creator")
