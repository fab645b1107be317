"""Game-layer tests (a package, so that test_properties.py here and in tests/core/ can
both be collected: pytest's default import mode needs unique basenames otherwise)."""
