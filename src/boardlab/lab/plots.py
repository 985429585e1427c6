"""Plot helpers: a CJK font found at run time, figures that fit the page, PNG bytes.

Chinese labels need a font with CJK glyphs; which one is installed differs per machine
(Noto Sans CJK on CI, WenQuanYi elsewhere), so we ask matplotlib's font manager for any
installed font that has the glyphs instead of naming one.
"""

from __future__ import annotations

import io
from functools import lru_cache

import matplotlib

matplotlib.use("Agg")  # no display: reports are written from servers and CI
import matplotlib.pyplot as plt  # noqa: E402

PROBE = "夜曝光"
PREFERRED = ("Noto Sans CJK SC", "Noto Sans CJK JP", "Source Han Sans SC", "WenQuanYi Zen Hei",
             "WenQuanYi Micro Hei", "Droid Sans Fallback", "AR PL UMing CN", "SimHei")


@lru_cache(maxsize=1)
def cjk_font() -> str | None:
    """The family name of an installed font that draws Chinese, or None."""
    from matplotlib import font_manager
    from matplotlib.ft2font import FT2Font

    fonts = font_manager.fontManager.ttflist
    ranked = sorted(fonts, key=lambda f: (f.name not in PREFERRED,
                                          PREFERRED.index(f.name) if f.name in PREFERRED else 0))
    for f in ranked:
        if f.name in PREFERRED or "CJK" in f.name or "Hei" in f.name or "Han" in f.name:
            try:
                cmap = FT2Font(f.fname).get_charmap()
            except Exception:  # an unreadable font file: try the next
                continue
            if all(ord(ch) in cmap for ch in PROBE):
                return f.name
    return None


def use_cjk() -> str | None:
    """Put the CJK font behind DejaVu Sans (per-glyph fallback, matplotlib >= 3.6)."""
    name = cjk_font()
    if name:
        plt.rcParams["font.family"] = ["DejaVu Sans", name]
    return name


def png(fig) -> bytes:
    """PNG bytes; ``bbox_inches="tight"`` keeps rotated labels and legends on the page."""
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=90, bbox_inches="tight")
    plt.close(fig)
    return buf.getvalue()


def wrap(text: str, width: int = 60) -> str:
    import textwrap

    return "\n".join(textwrap.wrap(text, width)) or text
