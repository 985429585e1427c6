"""The turn's choices held for an undo (``Game.undoable``): kept with the table, not in its
record, so that every worker serves the seat the same turn and a restart keeps it."""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("tables", sa.Column("held", sa.JSON, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("held")
