"""Benchmarks of Platform Advisor: `make bench` (or `python -m bench [--quick]`).

Every figure is measured side by side with its baseline in the same run and reported as a
ratio, with median and p99; results go to bench/results/ (gitignored). See docs/performance.md.
"""
