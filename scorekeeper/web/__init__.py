"""HTTP layer: blueprints that translate requests into engine calls and pages."""
