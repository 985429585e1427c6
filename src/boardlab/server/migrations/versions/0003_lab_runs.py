"""The lab's stored simulation runs (``lab_runs``) and their per-game rows (``lab_games``).

Before this revision the lab created these tables itself with ``create_all``; a database
that already has them is left as it is.
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    existing = set(sa.inspect(op.get_bind()).get_table_names())
    if "lab_runs" not in existing:
        op.create_table(
            "lab_runs",
            sa.Column("id", sa.String(32), primary_key=True),
            sa.Column("created", sa.DateTime(timezone=True), nullable=False),
            sa.Column("game", sa.String(200), nullable=False, index=True),
            sa.Column("kind", sa.String(20), nullable=False),
            sa.Column("games", sa.Integer, nullable=False),
            sa.Column("seed", sa.String(40), nullable=False),
            sa.Column("code_version", sa.String(200), nullable=False),
            sa.Column("config", sa.JSON, nullable=False),
            sa.Column("summary", sa.JSON, nullable=False),
        )
    if "lab_games" not in existing:
        op.create_table(
            "lab_games",
            sa.Column("run_id", sa.String(32),
                      sa.ForeignKey("lab_runs.id", ondelete="CASCADE"), primary_key=True),
            sa.Column("variant", sa.Integer, primary_key=True),
            sa.Column("index", sa.Integer, primary_key=True),
            sa.Column("seed", sa.String(24), nullable=False),
            sa.Column("row", sa.JSON, nullable=False),
        )


def downgrade() -> None:
    op.drop_table("lab_games")
    op.drop_table("lab_runs")
