"""Routes, one module per resource; `v1` gathers the authenticated ones under /v1."""

from fastapi import APIRouter, Depends

from api.auth import require_key
from api.query import refuse_unknown_query
from api.routes import admin, calculators, chat, diff, explain, fleet, knowledge, parse, reviews, rules, sources, tools

v1 = APIRouter(prefix="/v1", dependencies=[Depends(require_key), Depends(refuse_unknown_query)])
for module in (reviews, parse, diff, chat, rules, sources, calculators, fleet, explain, knowledge, tools, admin):
    v1.include_router(module.router)
