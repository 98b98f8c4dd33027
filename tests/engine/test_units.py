"""A managed system is reviewed partition by partition; partitions inherit what only the frame states."""

from advisor.documents.io import validate_document
from advisor.review import units_of


def test_partitions_inherit_frame_facts_they_do_not_state():
    frame = validate_document(
        {
            "kind": "managed-system",
            "name": "f",
            "processor": "POWER9",
            "cores": 48,
            "shared_pool_cores": 40,
            "powervm_edition": "enterprise",
            "firmware_level": 950,
            "partitions": [
                {"kind": "vios", "name": "v1"},
                {"kind": "aix-lpar", "name": "a1", "processor": "POWER8", "cpu": {"mode": "shared"}},
            ],
        }
    )
    vios, lpar, whole = units_of(frame)
    assert (vios.path, lpar.path, whole.path) == ("$.partitions[0]", "$.partitions[1]", "$")
    assert vios.model.processor == "POWER9" and vios.model.system_cores == 48
    assert lpar.model.processor == "POWER8"  # stated by the partition: kept
    assert lpar.model.powervm_edition == "enterprise" and lpar.model.firmware_level == 950
    assert lpar.model.cpu.pool_cores is None  # judged once, on the frame (LPAR-002)
    assert "processor" not in frame.partitions[0].model_fields_set  # the input document is untouched
