"""Virtual Ethernet buffer advice (Redbook SG24-8079 3.7.11, 3.8 items 6-7)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from advisor.calculators import veth_buffers as vb


def test_example_3_32_huge_pool_is_exhausted_and_raised_to_the_limit():
    adv = vb.advise("huge", min_buffers=24, max_buffers=64, max_allocated=64)
    assert adv.exhausted
    assert (adv.new_min_buffers, adv.new_max_buffers) == (72, 128)
    assert adv.attributes == "min_buf_huge=72 max_buf_huge=128"


def test_example_3_32_medium_pool_min_goes_above_max_allocated():
    adv = vb.advise("medium", min_buffers=128, max_buffers=256, max_allocated=165)
    assert not adv.exhausted
    assert adv.attributes == "min_buf_medium=256"


@pytest.mark.parametrize("pool", ["tiny", "small", "large"])
def test_example_3_32_pools_that_never_grew_need_nothing(pool):
    assert vb.advise(pool, min_buffers=512, max_buffers=2048, max_allocated=512) is None


def test_pool_at_its_limit_gets_min_equal_to_max():
    adv = vb.advise("huge", min_buffers=64, max_buffers=128, max_allocated=128)
    assert adv.exhausted and adv.attributes == "min_buf_huge=128"


def test_unknown_pool():
    with pytest.raises(ValueError):
        vb.advise("jumbo", 1, 2, 2)


@given(st.sampled_from(vb.POOLS), st.integers(0, 5000), st.integers(1, 5000), st.integers(0, 5000))
def test_advice_stays_within_limits_and_never_lowers(pool, lo, hi, used):
    hi = max(hi, lo)
    used = min(used, hi)
    adv = vb.advise(pool, lo, hi, used)
    if adv is None:  # nothing needed, or nothing left to raise (min = max at the limit)
        assert (used <= lo and used < hi) or (lo == hi >= vb.POOL_LIMIT[pool])
        return
    assert adv.new_min_buffers >= lo and adv.new_max_buffers >= hi
    assert adv.new_min_buffers <= adv.new_max_buffers
    assert adv.new_max_buffers <= max(hi, vb.POOL_LIMIT[pool])
    if adv.new_min_buffers < adv.new_max_buffers:  # not capped: the next multiple above Max Allocated
        assert adv.new_min_buffers > used and adv.new_min_buffers % vb.MIN_STEP[pool] == 0
