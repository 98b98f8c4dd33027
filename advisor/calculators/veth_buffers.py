"""Virtual Ethernet receive buffer tuning (Redbook SG24-8079 3.7.11 and 3.8 items 6-7).

From the `netstat -v entX` "Receive Information" of a virtual Ethernet adapter, per pool:

* A pool whose History "Max Allocated" reached its "Max Buffers" ran out of buffers
  (3.7.11): raise Max Buffers. 3.8 item 6 gives the largest values the attributes allow
  (tiny 4096, small 4096, medium 2048, large 256, huge 128) and suggests going to that
  limit on busy servers; the advisor proposes the limit.
* Where "Max Allocated" is above "Min Buffers", 3.8 item 7 raises Min Buffers above Max
  Allocated, to the next multiple of 256 (tiny, small), 128 (medium), 16 (large) or 8
  (huge), never above Max Buffers.

Example 3-32: huge pool min 24, max 64, max allocated 64 -> min_buf_huge=72, max_buf_huge=128
(Example 3-33 itself used 64/128); medium pool min 128, max 256, max allocated 165 ->
min_buf_medium=256.
"""

from __future__ import annotations

from pydantic import BaseModel

from advisor.citations import Cite

SOURCE = "ibm-powervm-virtualization-redbook"
CITE = (
    Cite(
        source=SOURCE,
        section="3.7.11 Dealing with dropped packets on the hypervisor network",
        locator="Example 3-32, Example 3-33",
    ),
    Cite(source=SOURCE, section="3.8 PowerVM virtualization stack configuration with 10 Gbit", locator="items 6 and 7"),
)

POOLS = ("tiny", "small", "medium", "large", "huge")
POOL_LIMIT = {"tiny": 4096, "small": 4096, "medium": 2048, "large": 256, "huge": 128}
MIN_STEP = {"tiny": 256, "small": 256, "medium": 128, "large": 16, "huge": 8}


class PoolAdvice(BaseModel):
    pool: str
    min_buffers: int
    max_buffers: int
    max_allocated: int
    exhausted: bool
    new_min_buffers: int
    new_max_buffers: int

    @property
    def attributes(self) -> str:
        """The chdev attributes that apply the advice, e.g. `min_buf_huge=72 max_buf_huge=128`."""
        out = []
        if self.new_min_buffers != self.min_buffers:
            out.append(f"min_buf_{self.pool}={self.new_min_buffers}")
        if self.new_max_buffers != self.max_buffers:
            out.append(f"max_buf_{self.pool}={self.new_max_buffers}")
        return " ".join(out)


def exhausted(max_buffers: int, max_allocated: int) -> bool:
    return max_allocated >= max_buffers


def advise(pool: str, min_buffers: int, max_buffers: int, max_allocated: int) -> PoolAdvice | None:
    """New Min/Max Buffers for one pool, or None when the pool needs no change."""
    if pool not in POOL_LIMIT:
        raise ValueError(f"unknown buffer pool {pool!r}; one of {', '.join(POOLS)}")
    full = exhausted(max_buffers, max_allocated)
    new_max = max(max_buffers, POOL_LIMIT[pool]) if full else max_buffers
    new_min = min_buffers
    if max_allocated > min_buffers or full:
        step = MIN_STEP[pool]
        new_min = min((max_allocated // step + 1) * step, new_max)
        new_min = max(new_min, min_buffers)
    if (new_min, new_max) == (min_buffers, max_buffers):
        return None
    return PoolAdvice(
        pool=pool,
        min_buffers=min_buffers,
        max_buffers=max_buffers,
        max_allocated=max_allocated,
        exhausted=full,
        new_min_buffers=new_min,
        new_max_buffers=new_max,
    )
