"""Forms of the tournaments app, one module per area."""
