"""Configuration documents: one pydantic model per kind, discriminated on `kind`."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, TypeAdapter

from advisor.documents.aix import AixLpar
from advisor.documents.hpux import HpuxServer
from advisor.documents.managed import ManagedSystem
from advisor.documents.vios import Vios
from advisor.documents.zos import ZosLpar
from advisor.documents.zvm import ZvmLpar

Document = Annotated[AixLpar | Vios | ManagedSystem | HpuxServer | ZosLpar | ZvmLpar, Field(discriminator="kind")]

KIND_MODELS = {
    "aix-lpar": AixLpar,
    "vios": Vios,
    "managed-system": ManagedSystem,
    "hpux-server": HpuxServer,
    "zos-lpar": ZosLpar,
    "zvm-lpar": ZvmLpar,
}
KINDS = tuple(KIND_MODELS)

DOCUMENT_ADAPTER: TypeAdapter = TypeAdapter(Document)

__all__ = ["Document", "DOCUMENT_ADAPTER", "KIND_MODELS", "KINDS"]
