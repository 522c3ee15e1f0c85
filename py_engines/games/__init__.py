"""One module per game; each registers its engine with ``@register`` on import."""
