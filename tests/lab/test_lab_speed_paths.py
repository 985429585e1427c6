"""The lab's cheaper paths (issue 25) keep what they store and free what they should.

* ``RunWriter.add`` inserts through the driver with each row's JSON made by the store
  (compact, no cycle check): the text in the database is that encoding, and read back
  through the JSON column it is the very row the runner made - a toys row (nested lists,
  None, booleans, floats, 63-bit seeds) on SQLite and on PostgreSQL.
* ``runner.frozen_heap`` keeps the objects alive at a run's start out of the cyclic
  collector while it plays and gives them back at its end; nested runs share one freeze,
  and a cycle that dies during the run is collected after it.
"""

from __future__ import annotations

import gc
import json
import weakref

import sqlalchemy as sa

from boardlab.lab import store
from boardlab.lab.runner import RunSpec, frozen_heap, play_batch, run, stream


def test_rows_are_stored_as_their_compact_json_and_read_back_equal(lab_db):
    spec = RunSpec(game="toys", games=12, seed=4, bots=["random", "greedy"])
    rows = play_batch(spec.to_json(), 0, list(range(12)))
    assert any(None in r["summary"]["moment_output"][0] for r in rows), "nulls in the rows"
    writer = store.RunWriter("toys", "simulate", {}, "test", 4, 12)
    assert store._raw_insert(store.engine()) is not None, "the driver's own insert"
    writer.add(rows[:5])
    writer.add([])  # nothing to insert: no statement, no error
    writer.add(rows[5:])
    run_id = writer.finish({"games": 12})
    assert list(store.iter_rows(run_id, batch=5)) == rows
    assert store.load_rows(run_id) == rows
    with store.engine().connect() as conn:
        text = conn.execute(sa.text(
            "SELECT CAST(row AS TEXT) FROM lab_games WHERE run_id = :r ORDER BY variant, "
            '"index"'), {"r": run_id}).scalars().all()
    assert [json.loads(t) for t in text] == rows
    assert text[0] == json.dumps(rows[0], separators=(",", ":")), "compact JSON, key order kept"


def test_the_streamed_run_equals_the_plain_run_in_the_store(lab_db):
    spec = RunSpec(game="cat", games=16, seed=2, bots=["random"])
    writer = store.RunWriter("cat", "simulate", {}, "test", 2, 16)
    assert stream(spec, writer.add) == 16
    assert store.load_rows(writer.finish({})) == run(spec)


def test_frozen_heap_freezes_during_a_run_and_nests():
    base = gc.get_freeze_count()
    assert base == 0, "nothing else freezes the heap in the tests"
    seen: list[int] = []
    spec = RunSpec(game="toys", games=6, seed=1, bots=["random"])
    with frozen_heap():
        inside = gc.get_freeze_count()
        assert inside > 0
        stream(spec, lambda rows: seen.append(gc.get_freeze_count()))  # a nested run
        assert gc.get_freeze_count() > 0, "the inner run's end does not thaw the outer one"
    assert seen and all(c > 0 for c in seen)
    assert gc.get_freeze_count() == 0


class Node:
    pass


def test_a_cycle_that_dies_during_a_run_is_collected_after_it():
    a, b = Node(), Node()
    a.other, b.other = b, a  # a cycle: reference counting alone never frees it
    alive = weakref.ref(a)
    held = [a]
    del a, b
    during: list[bool] = []

    def sink(rows):
        held.clear()  # the cycle dies now, while the run plays
        gc.collect()
        during.append(alive() is not None)

    stream(RunSpec(game="toys", games=3, seed=1, bots=["random"]), sink)
    assert during and all(during), "frozen at the run's start: not collected while it plays"
    assert gc.get_freeze_count() == 0
    gc.collect()
    assert alive() is None, "collected once the run is over"
