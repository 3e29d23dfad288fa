"""Write tests/qr_reference.json: QR symbols made by an independent encoder, the
reference for web/together/qr.js (tests/together_check.mjs compares module by
module). Made once with the ``qrcode`` package (not a dependency of the project):

    python -m venv /tmp/qrv && /tmp/qrv/bin/pip install qrcode==8.2
    /tmp/qrv/bin/python tests/qr_reference.py
"""

from __future__ import annotations

import json
from pathlib import Path

import qrcode  # type: ignore[import-not-found]
from qrcode.util import MODE_8BIT_BYTE, QRData  # type: ignore[import-not-found]

OUT = Path(__file__).with_name("qr_reference.json")
LINK = "https://example.org/index.html#join=" + (
    "EARzd1Y3GDNrdmVodUpLS3JNUE1pUlFndVQxUGxhNFt0-rnvx5IVA6t3SNPwplyG_Xge"
    "svU9HK9RaIsc_B2RAgGx9BHw_epDY5429qk5Hd5pwcYBOipP6JjsR1WRvgBn6cLDntUv"
)
# (text, mask): versions 1, 3, 4, 5, 7 (version bits, two blocks), 8 (the invitation
# link), 10 (four blocks of two lengths); every mask at least once
CASES = [
    ("hello", 0),
    ("Hasenpfeffer: the Joker is the highest trump. Ünïcødé ✓", 1),
    ("x" * 140, 2),
    (LINK, 3),
    (LINK, 4),
    ("0123456789" * 27, 5),
    ("reply=" + "A" * 80, 6),
    ("#join=" + "b" * 40, 7),
]


def symbol(text: str, mask: int) -> dict[str, object]:
    code = qrcode.QRCode(
        error_correction=qrcode.constants.ERROR_CORRECT_L, mask_pattern=mask, border=0
    )
    code.add_data(QRData(text.encode(), mode=MODE_8BIT_BYTE))
    code.make(fit=True)
    rows = ["".join("1" if m else "0" for m in row) for row in code.get_matrix()]
    return {"text": text, "mask": mask, "version": code.version, "rows": rows}


if __name__ == "__main__":
    OUT.write_text(
        json.dumps([symbol(t, m) for t, m in CASES], ensure_ascii=False, indent=0) + "\n"
    )
    print(f"wrote {OUT}")
