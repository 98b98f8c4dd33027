"""Shared fixtures: one rulebook, one durable engine and one reference evaluator per test session."""

from __future__ import annotations

import pytest

from advisor.engine.durable import DurableEngine
from advisor.engine.reference import ReferenceEvaluator
from advisor.review import Advisor
from advisor.rulebook.loader import load_rulebook


@pytest.fixture(scope="session")
def rulebook():
    return load_rulebook()


@pytest.fixture(scope="session")
def durable_advisor(rulebook):
    return Advisor(rulebook, DurableEngine(rulebook))


@pytest.fixture(scope="session")
def reference_advisor(rulebook):
    return Advisor(rulebook, ReferenceEvaluator(rulebook))


@pytest.fixture(scope="session", params=["durable", "reference"])
def advisor(request, durable_advisor, reference_advisor):
    return durable_advisor if request.param == "durable" else reference_advisor
