"""The engine's unvalidated constructors equal the validated ones they stand in for."""

from __future__ import annotations

import pydantic
import pytest

from boardlab.engine import protocol
from boardlab.engine.protocol import (
    Result,
    public_words,
    public_words_data,
    trusted_result,
)

FIELDS = dict(scores=[1.0, 0.0, 2.5], winners=[2], reason={"zh": "赢", "en": "won"},
              summary={"turns": 7, "bills": [1, 2]})


@pytest.mark.parametrize("plain", [True, False])
def test_trusted_result_equals_the_validated_model(monkeypatch, plain):
    monkeypatch.setattr(protocol, "_RESULT_PLAIN", plain)
    got = trusted_result(**FIELDS)
    want = Result(**FIELDS)
    assert got == want and got.model_dump() == want.model_dump()
    assert got.model_dump_json() == want.model_dump_json()
    assert got.model_fields_set == want.model_fields_set
    assert Result.model_validate(got.model_dump()) == got
    with pytest.raises(pydantic.ValidationError):
        got.scores = []  # still frozen


def test_the_plain_path_is_taken_for_todays_result():
    assert protocol._RESULT_PLAIN  # else trusted_result silently costs model_construct


def _words(a, b):
    return f"{a}{b}", f"{a} {b}"


def test_public_words_data_equals_public_words():
    a = public_words("x", _words, (1, 2), seat=3, cards=[1])
    b = public_words_data("x", _words, (1, 2), {"seat": 3, "cards": [1]})
    assert a == b and a.to_json() == b.to_json() and a.text == b.text
    assert b.visible(0) and b.visible(None)
