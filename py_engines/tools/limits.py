"""The tools' output limit, in one place (``check`` and ``stress``; the page's runner has its own)."""
from __future__ import annotations

MB = 1 << 20
OUTPUT_LIMIT_MB = 64                 # as judges do; ``--output-limit MB``
