"""Choices rewritten in place (a sealed choice changed before its reveal), counted per table
so that another worker replays the table instead of catching up from its last step."""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("tables", sa.Column("rewrites", sa.Integer, nullable=False,
                                      server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("rewrites")
