"""The host scans a guest's reply with the camera (issue 21, docs/play-together.md).

Each test starts its own Chromium with a fake camera (no root needed): the
camera shows a y4m file written here from a QR code drawn by the game's own
web/together/qr.js (run by Node), of a reply link whose code is made by
web/together/protocol.js. The host's Together dialog invites West (a real
RTCPeerConnection: the machine needs a network interface to offer, or the test
is skipped with the reason), then "Scan the reply":

- a reply's QR code: the reply box is filled in with the code and the code is
  accepted as a pasted one is (the fake guest never answers: the seat then says
  "No answer in time", which only acceptReply's connection attempt says); the
  decoder was jsQR in its worker (Chromium on Linux has no BarcodeDetector for
  QR codes; where it has one, that one);
- a QR code that is no reply (the host's own invitation): scanning goes on and
  says so; the camera's panel is labelled, axe-clean, its Cancel focused;
  Escape stops the camera, not the dialog;
- the camera refused (Chromium's fake prompt answering "deny"), in all five
  languages: the catalogue's message, the paste box still there;
- the dialog closed while scanning: the camera released; a scan that sees no
  reply in its time gives up (`nothing_found`, with a short time) and releases it.

Every camera track the page got has ended afterwards (a spy on getUserMedia,
which calls the real one and keeps its streams).
"""

from __future__ import annotations

import json
import re
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Playwright

from axe import assert_accessible
from conftest import CHROMIUM, LAUNCH_ARGS, LOAD_TIMEOUT_MS, PageProblems, open_page
from game_driver import next_hand

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = ("en", "it", "fy", "ar", "hi")
# how long the host waits for a guest to connect (web/together/link.js)
_LINK_JS = (ROOT / "web" / "together" / "link.js").read_text(encoding="utf-8")
(_CONNECT,) = re.findall(r"CONNECT_TIMEOUT_MS = (\d[\d_]*);", _LINK_JS)
CONNECT_TIMEOUT_MS = int(_CONNECT.replace("_", ""))

# The reply of a guest (an answer with no candidates: nobody will answer its checks),
# its link, and the modules of the QR code of `text` ("{code}" in it is the reply code).
QR_PROGRAM = """
const [root, text] = process.argv.slice(1);
const { qrCode } = await import(root + "/web/together/qr.js");
const { encodeSignal } = await import(root + "/web/together/signal.js");
const hex = (i) => ((i * 37 + 11) % 256).toString(16).toUpperCase().padStart(2, "0");
const code = encodeSignal({
  type: "answer", ufrag: "Gh7q", pwd: "k3Jd9PqR2sT5vW8xZ1bC4e", setup: "active", candidates: [],
  fingerprint: Array.from({ length: 32 }, (_, i) => hex(i)).join(":"),
});
const link = text.replace("{code}", code);
console.log(JSON.stringify({ code, link, modules: qrCode(link).modules }));
"""

# every stream getUserMedia gave the page, and what was asked (the real camera is used)
SPY = """(() => {
  window.__long = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__long.push({ start: e.startTime, ms: e.duration });
  }).observe({ type: "longtask" });
  window.__streams = [];
  window.__asked = [];
  const devices = navigator.mediaDevices;
  if (!devices) return;
  const real = devices.getUserMedia.bind(devices);
  devices.getUserMedia = async (wanted) => {
    window.__asked.push(wanted);
    const stream = await real(wanted);
    window.__streams.push(stream);
    return stream;
  };
})()"""
# the reader of the page's last scan (the same module as the page's: the same URL)
READER = """async (url) => {
  const reader = (await import(url)).lastReader;
  return { kind: reader.kind, frames: reader.times.length };
}"""
# scanReply with a short time (the dialog's is a minute) while the camera shows no reply
NOTHING_FOUND = """async (url) => {
  const { scanReply } = await import(url);
  const video = document.createElement('video');
  try {
    await scanReply(video, { timeoutMs: 1500 });
    return { code: null };
  } catch (err) {
    return { code: err.code, released: video.srcObject === null };
  }
}"""
# whether the browser reads QR codes itself (Chromium on Linux does not: jsQR is used)
NATIVE_QR = """async () => typeof BarcodeDetector === 'function'
  && (await BarcodeDetector.getSupportedFormats()).includes('qr_code')"""
LABEL = """() => {
  const panel = document.querySelector('.together-scan');
  return document.getElementById(panel.getAttribute('aria-labelledby')).textContent;
}"""
TRACKS = "() => window.__streams.flatMap((s) => s.getTracks().map((t) => t.readyState))"
ASKED = "() => window.__asked"


def qr_of(text: str) -> dict[str, Any]:
    """The reply code, the text with it, and the QR code of that text (by qr.js)."""
    run = subprocess.run(
        ["node", "--input-type=module", "-e", QR_PROGRAM, str(ROOT), text],
        capture_output=True,
        text=True,
        check=True,
    )
    found: dict[str, Any] = json.loads(run.stdout)
    return found


def write_camera_file(path: Path, modules: list[list[bool]], scale: int = 6) -> None:
    """A y4m video (640x480, 4:2:0) of the QR code on a light background, for
    Chromium's --use-file-for-fake-video-capture (it plays the frames in a loop)."""
    width, height = 640, 480
    n = len(modules)
    left, top = (width - n * scale) // 2, (height - n * scale) // 2
    luma = bytearray([235]) * (width * height)
    for r, row in enumerate(modules):
        for c, dark in enumerate(row):
            if dark:
                for dy in range(scale):
                    at = (top + r * scale + dy) * width + left + c * scale
                    luma[at : at + scale] = bytes([16]) * scale
    chroma = bytes([128]) * (width * height // 4)
    with path.open("wb") as f:
        f.write(f"YUV4MPEG2 W{width} H{height} F10:1 Ip A1:1 C420jpeg\n".encode())
        for _ in range(3):
            f.write(b"FRAME\n" + bytes(luma) + chroma + chroma)


@pytest.fixture
def camera(playwright_instance: Playwright, tmp_path: Path) -> Iterator[Any]:
    """camera(modules or None, deny=False): a Chromium whose fake camera shows that
    QR code (its fake permission prompt allowing, or with deny, refusing)."""
    browsers: list[Browser] = []

    def launch(modules: list[list[bool]] | None, deny: bool = False) -> Browser:
        args = [
            "--use-fake-ui-for-media-stream" + ("=deny" if deny else ""),
            "--use-fake-device-for-media-stream",
        ]
        if modules is not None:
            video = tmp_path / "camera.y4m"
            write_camera_file(video, modules)
            args.append(f"--use-file-for-fake-video-capture={video}")
        browser = playwright_instance.chromium.launch(
            executable_path=CHROMIUM, args=[*LAUNCH_ARGS, *args]
        )
        browsers.append(browser)
        return browser

    yield launch
    for browser in browsers:
        browser.close()


def host_page(browser: Browser, base_url: str, problems: PageProblems, lang: str = "en") -> Page:
    page = open_page(browser, base_url, problems)
    page.add_init_script(SPY)
    # no seed: guests are invited only to a secretly shuffled deal
    page.goto(f"{base_url}?lang={lang}&speed=instant&bots=random")
    page.wait_for_selector("#loader[hidden]", state="attached", timeout=LOAD_TIMEOUT_MS)
    return page


def invite_west(page: Page) -> None:
    # a secret deal is a random one: South may sit out a hand its partner plays alone,
    # and the computer players then finish it; or random players' bids may end the
    # game in a hand or two: go on to a hand with South at the table
    for _ in range(10):
        page.wait_for_selector(
            '#table[data-human="1"], #summary-dialog[open], #gameover-dialog[open]'
        )
        if page.is_visible("#gameover-dialog[open]"):
            page.click('#gameover-dialog [data-action="new-game"]')
            page.wait_for_selector("#gameover-dialog[open]", state="detached")
        elif page.is_visible("#summary-dialog[open]"):
            next_hand(page)
        else:
            break
    page.click('[data-tool="together"]')
    page.click('[data-together-invite="1"]')
    page.wait_for_selector('[data-together-scan="1"], #together-dialog .together-error')
    error = page.query_selector("#together-dialog .together-error")
    assert error is None, f"the invitation was refused: {error.text_content()}"


def text_of(page: Page, version_url: str, lang: str, key: str) -> str:
    """A message of the language's catalogue, as the site serves it."""
    found: str = page.evaluate(
        "async ([url, key]) => (await (await fetch(url)).json())[key]",
        [f"{version_url}web/shared/locales/{lang}.json", key],
    )
    return found


def check_clean(problems: PageProblems) -> None:
    assert problems.external == [], f"requests left the origin: {problems.external}"
    assert problems.errors == [], f"the page reported errors: {problems.errors}"


def test_a_scanned_reply_is_filled_in_and_accepted(
    camera: Any, base_url: str, version_url: str, problems: PageProblems
) -> None:
    reply = qr_of("http://192.168.1.20:8000/index.html#reply={code}")
    page = host_page(camera(reply["modules"]), base_url, problems)
    invite_west(page)
    # the page's timers from here on are Playwright's clock (time flows as usual), so that
    # the connection's 15 s wait below can be run forward instead of waited for
    page.clock.install()
    page.click('[data-together-scan="1"]')
    box = '[data-together-reply="1"]'
    page.wait_for_function(
        "([sel, code]) => document.querySelector(sel)?.value === code", arg=[box, reply["code"]]
    )
    # the camera's panel is gone, its every track ended; the back camera was asked for
    assert page.query_selector(".together-scan") is None
    assert page.evaluate(TRACKS) == ["ended"]
    (asked,) = page.evaluate(ASKED)
    assert asked["audio"] is False and asked["video"]["facingMode"] == {"ideal": "environment"}
    reader = page.evaluate(READER, version_url + "web/together/scan.js")
    native = page.evaluate(NATIVE_QR)
    assert reader["kind"] == ("BarcodeDetector" if native else "jsQR"), reader
    assert native or reader["frames"] >= 1, reader
    assert page.evaluate("() => document.activeElement.matches('[data-together-reply=\"1\"]')")
    # accepted as a pasted reply: the connection is tried, and (no guest behind the
    # code) gives up after its timeout (link.js's CONNECT_TIMEOUT_MS, 15 s: run forward)
    # with the seat's message; the paste box stays
    error = "#together-dialog .together-error"
    for _ in range(10):
        page.clock.run_for(CONNECT_TIMEOUT_MS)
        if page.query_selector(error) is not None:
            break
    alert = page.wait_for_selector(error, timeout=30_000)
    assert alert.text_content() == text_of(page, version_url, "en", "together.error.timeout")
    assert page.input_value(box) == reply["code"]
    assert page.text_content('[data-together-status="1"]') == "invited, waiting for the reply"
    check_clean(problems)


def test_a_qr_code_that_is_no_reply_is_passed_over_until_escape(
    camera: Any, base_url: str, version_url: str, problems: PageProblems
) -> None:
    invitation = qr_of("http://192.168.1.20:8000/index.html#join=AbCdEfGh")
    page = host_page(camera(invitation["modules"]), base_url, problems)
    invite_west(page)
    page.click('[data-together-scan="1"]')
    status = "#together-dialog [data-together-scan-status]"
    not_reply = text_of(page, version_url, "en", "together.scan_not_reply")
    page.wait_for_function(
        "([sel, text]) => document.querySelector(sel)?.textContent === text",
        arg=[status, not_reply],
    )
    panel = page.query_selector("#together-dialog [role=group].together-scan")
    assert panel is not None and panel.is_visible()
    assert page.evaluate(LABEL) == "Reading the reply for West with the camera"
    assert page.evaluate("() => document.activeElement.matches('[data-together-scan-cancel]')")
    assert page.evaluate(TRACKS) == ["live"]
    assert_accessible(page, "the camera's panel", include="#together-dialog")
    # frames read with no main-thread task over 50 ms (jsQR runs in its worker): a window
    # of 8 frames without one, counted after axe's run above (a long task of its own); up
    # to three windows, as other processes on the shared cores can stretch any task
    scanned = version_url + "web/together/scan.js"
    windows = []
    for _ in range(3):
        since = page.evaluate("() => performance.now()")
        wanted = page.evaluate(READER, scanned)["frames"] + 8
        deadline = time.monotonic() + 20
        while page.evaluate(READER, scanned)["frames"] < wanted:
            assert time.monotonic() < deadline, "the reader read fewer than 8 frames in 20 s"
            time.sleep(0.2)
        windows.append([t for t in page.evaluate("() => window.__long") if t["start"] >= since])
        if not windows[-1]:
            break
    assert not windows[-1], f"long tasks while frames were read: {windows}"
    page.keyboard.press("Escape")
    page.wait_for_selector(".together-scan", state="detached")
    assert page.is_visible("#together-dialog[open]"), "Escape closed the dialog, not the scan"
    page.wait_for_function(f"() => ({TRACKS})().every((s) => s === 'ended')")
    assert page.evaluate("() => document.activeElement.matches('[data-together-scan=\"1\"]')")
    assert page.is_visible('[data-together-reply="1"]')
    assert page.query_selector("#together-dialog .together-error") is None
    # scanning again, then closing the whole dialog: the camera is released too
    page.click('[data-together-scan="1"]')
    page.wait_for_function(f"() => ({TRACKS})().filter((s) => s === 'live').length === 1")
    page.click("#together-dialog form button")
    page.wait_for_selector("#together-dialog", state="hidden")
    page.wait_for_function(f"() => ({TRACKS})().every((s) => s === 'ended')")
    assert len(page.evaluate(TRACKS)) == 2
    # no reply in sight for the scan's time: it gives up (`nothing_found`), camera released
    ended = page.evaluate(NOTHING_FOUND, version_url + "web/together/scan.js")
    assert ended == {"code": "nothing_found", "released": True}, ended
    assert page.evaluate(TRACKS) == ["ended"] * 3
    check_clean(problems)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_refused_camera_says_so_and_the_paste_box_stays(
    camera: Any, base_url: str, version_url: str, problems: PageProblems, lang: str
) -> None:
    page = host_page(camera(None, deny=True), base_url, problems, lang)
    invite_west(page)
    page.click('[data-together-scan="1"]')
    alert = page.wait_for_selector("#together-dialog .together-error")
    assert alert.text_content() == text_of(page, version_url, lang, "together.scan_error.denied")
    assert alert.get_attribute("role") == "alert"
    assert page.is_visible('[data-together-reply="1"]')
    assert page.is_visible('[data-together-accept="1"]')
    assert page.evaluate("() => document.activeElement.matches('[data-together-reply=\"1\"]')")
    assert page.query_selector(".together-scan") is None
    assert page.evaluate(TRACKS) == []
    check_clean(problems)
