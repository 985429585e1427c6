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


def _draws_chinese(path: str) -> bool:
    from matplotlib.ft2font import FT2Font

    try:
        cmap = FT2Font(path).get_charmap()
    except Exception:  # an unreadable or unsupported font file: not this one
        return False
    return all(ord(ch) in cmap for ch in PROBE)


@lru_cache(maxsize=1)
def cjk_font() -> str | None:
    """The family name of an installed font that draws Chinese, or None.

    Matplotlib's font list is cached on disk and misses fonts installed after the cache
    was built (CI installs Noto CJK just before the tests), so when the list has none we
    scan the system's font files too and register the first that draws Chinese."""
    from matplotlib import font_manager

    listed = sorted(font_manager.fontManager.ttflist,
                    key=lambda f: PREFERRED.index(f.name) if f.name in PREFERRED else 99)
    for f in listed:
        if (f.name in PREFERRED or "CJK" in f.name or "Hei" in f.name) and \
                _draws_chinese(f.fname):
            return f.name
    files = sorted(font_manager.findSystemFonts(),
                   key=lambda p: (not any(k in p for k in ("CJK", "wqy", "Hei", "Han")),
                                  "Bold" in p, p))
    for path in files:
        if any(k in path for k in ("CJK", "wqy", "Hei", "Han", "Droid", "uming", "ukai")) \
                and _draws_chinese(path):
            font_manager.fontManager.addfont(path)
            return font_manager.FontProperties(fname=path).get_name()
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
