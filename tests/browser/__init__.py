"""Browser tests (a package, so its conftest is not mistaken for the others)."""
