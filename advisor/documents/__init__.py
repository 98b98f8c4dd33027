"""Configuration documents: one pydantic model per kind, discriminated on `kind`.

Each kind's models are built when that kind is first used (KIND_MODELS loads its module on
access; `Document` and DOCUMENT_ADAPTER, the union of all kinds, when first asked for): a
pipeline's `advisor check` of one AIX document builds the AIX models only, not HP-UX's or z/OS's.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import cache
from importlib import import_module
from typing import TYPE_CHECKING, Annotated, Any

from pydantic import BaseModel, Field, TypeAdapter

if TYPE_CHECKING:
    Document: Any
    DOCUMENT_ADAPTER: TypeAdapter[Any]

_MODELS = {  # kind -> (module, model class)
    "aix-lpar": ("advisor.documents.aix", "AixLpar"),
    "vios": ("advisor.documents.vios", "Vios"),
    "managed-system": ("advisor.documents.managed", "ManagedSystem"),
    "hpux-server": ("advisor.documents.hpux", "HpuxServer"),
    "zos-lpar": ("advisor.documents.zos", "ZosLpar"),
    "zvm-lpar": ("advisor.documents.zvm", "ZvmLpar"),
}
KINDS = tuple(_MODELS)


class _KindModels(Mapping[str, type[BaseModel]]):
    """kind -> model class, importing the kind's module on first access."""

    def __getitem__(self, kind: str) -> type[BaseModel]:
        module, name = _MODELS[kind]
        model: type[BaseModel] = getattr(import_module(module), name)
        return model

    def __iter__(self) -> Iterator[str]:
        return iter(KINDS)

    def __len__(self) -> int:
        return len(KINDS)


KIND_MODELS: Mapping[str, type[BaseModel]] = _KindModels()


@cache
def _document() -> Any:
    members = tuple(KIND_MODELS.values())
    union: Any = members[0]
    for member in members[1:]:
        union = union | member
    return Annotated[union, Field(discriminator="kind")]


@cache
def _adapter() -> TypeAdapter[Any]:
    return TypeAdapter(_document())


def __getattr__(name: str) -> Any:
    if name == "Document":
        return _document()
    if name == "DOCUMENT_ADAPTER":
        return _adapter()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["Document", "DOCUMENT_ADAPTER", "KIND_MODELS", "KINDS"]
