"""Trust: secrets stored as SHA-256 digests, one-time invites, committed seeds, a change
counter for optimistic concurrency (several workers), failed tables, turn timers.

Tokens stored in the clear by older revisions are replaced by their digests in place, so
seat and host tokens already handed out keep working.
"""

import hashlib

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def upgrade() -> None:
    add = op.add_column
    add("tables", sa.Column("rev", sa.Integer, nullable=False, server_default="0"))
    add("tables", sa.Column("practice", sa.Boolean, nullable=False, server_default=sa.false()))
    add("tables", sa.Column("seed_nonce", sa.String(64), nullable=False, server_default=""))
    add("tables", sa.Column("commitment", sa.String(64), nullable=False, server_default=""))
    add("tables", sa.Column("reason", sa.Text, nullable=True))
    add("tables", sa.Column("turn_seconds", sa.Integer, nullable=True))
    add("tables", sa.Column("updated_at", sa.Float, nullable=False, server_default="0"))
    add("tables", sa.Column("bot_steps", sa.Integer, nullable=False, server_default="0"))
    add("seats", sa.Column("invite", sa.String(64), nullable=True))
    add("seats", sa.Column("timeout_bot", sa.String(40), nullable=True))
    op.create_index("ix_tables_status_created", "tables", ["status", "created_at"])
    bind = op.get_bind()
    for tid, tok in bind.execute(sa.text("select id, host_token from tables")).all():
        bind.execute(sa.text("update tables set host_token = :h where id = :i"),
                     {"h": _digest(tok), "i": tid})
    rows = bind.execute(sa.text("select table_id, seat, token, claimed from seats")).all()
    for tid, seat, tok, claimed in rows:
        # an unclaimed human seat's old token was its invite; a claimed one is the seat's key
        values = {"t": _digest(tok) if claimed else "", "v": None if claimed else _digest(tok),
                  "i": tid, "s": seat}
        bind.execute(sa.text("update seats set token = :t, invite = :v "
                             "where table_id = :i and seat = :s"), values)


def downgrade() -> None:
    op.drop_index("ix_tables_status_created", "tables")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("timeout_bot")
        batch.drop_column("invite")
    with op.batch_alter_table("tables") as batch:
        for name in ("bot_steps", "updated_at", "turn_seconds", "reason", "commitment",
                     "seed_nonce", "practice", "rev"):
            batch.drop_column(name)
