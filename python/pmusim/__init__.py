"""pmusim from Python: run RISC-V programs on pmusim's machines and read their exact PMU counts
(docs/library.md). Session needs libpmusim.so; the rest of the package works without it."""

try:
    from .library import CSR_NAMES, Machine, PmusimError, Session, run, sweep_results  # noqa: F401
except ImportError:  # pragma: no cover - only when library.py itself is missing
    pass
