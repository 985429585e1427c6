"""Tables may be invite-only: ``public`` says whether anyone may take a free seat."""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # a plain ADD COLUMN (SQLite and PostgreSQL both do it in place; no table rebuild)
    op.add_column("tables", sa.Column("public", sa.Boolean, nullable=False,
                                      server_default=sa.true()))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("public")
