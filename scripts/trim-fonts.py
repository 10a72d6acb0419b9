#!/usr/bin/env python3
"""Makes assets/fonts/*.woff2, the Indian scripts' fonts the pages use, from the
@fontsource-variable packages in node_modules (run `npm ci` first).

Each font keeps the weights the interface uses (400 to 700 of the variable font's 100 to 900), its
script's own Unicode block (no Vedic signs or extended blocks) and every glyph its shaping can reach
from those characters; hinting and glyph names are dropped. Devanagari goes from 121 to 70 KB,
Telugu from 124 to 65 KB, Tamil from 50 to 27 KB.

Needs fontTools with Brotli (Debian: apt-get install python3-fonttools python3-brotli).
Run from the repository's root: python3 scripts/trim-fonts.py
"""
import io
import os

from fontTools import subset
from fontTools.ttLib import TTFont
from fontTools.varLib import instancer

FONTS = {
    # The unicode ranges match the @font-face rules in app/globals.css.
    "noto-sans-devanagari": ("devanagari", "U+0900-097F,U+200C-200D,U+20A8,U+20B9,U+25CC"),
    "noto-sans-tamil": ("tamil", "U+0964-0965,U+0B82-0BFA,U+200C-200D,U+20B9,U+25CC"),
    "noto-sans-telugu": ("telugu", "U+0951-0952,U+0964-0965,U+0C00-0C7F,U+1CDA,U+1CF2,U+200C-200D,U+25CC"),
}


def trim(name: str, script: str, unicodes: str) -> None:
    source = f"node_modules/@fontsource-variable/{name}/files/{name}-{script}-wght-normal.woff2"
    target = f"assets/fonts/{name}.woff2"
    font = instancer.instantiateVariableFont(TTFont(source), {"wght": (400, 700)})
    # The subsetter reads the instanced font's variations from its saved form.
    saved = io.BytesIO()
    font.save(saved)
    saved.seek(0)
    font = TTFont(saved)
    options = subset.Options()
    options.layout_features = ["*"]
    options.hinting = False
    options.glyph_names = False
    options.name_IDs = ["*"]
    options.notdef_outline = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=subset.parse_unicodes(unicodes))
    subsetter.subset(font)
    font.flavor = "woff2"
    font.save(target)
    print(f"{target}: {os.path.getsize(source)} -> {os.path.getsize(target)} bytes")


if __name__ == "__main__":
    os.makedirs("assets/fonts", exist_ok=True)
    for name, (script, unicodes) in FONTS.items():
        trim(name, script, unicodes)
