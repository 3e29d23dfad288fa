"""Firefox and WebKit for the browser tests, driven with no browser download (issue 48).

Debian's ``firefox-esr`` is driven over WebDriver BiDi, which Firefox serves itself
(``--remote-debugging-port``; a WebSocket, ``websocket-client``); Debian ships no
geckodriver, and Playwright's Firefox is a build of its own. WebKit is WebKitGTK's
MiniBrowser (``webkit2gtk-driver``: ``WebKitWebDriver``, classic WebDriver over HTTP,
spoken here with the standard library) under Xvfb. ``make chromium`` installs both.

Each driver gives a ``ScriptPage``: the part of Playwright's ``Page`` that the suite's
page journeys use (``game_driver``: ``goto``, ``reload``, ``evaluate``,
``wait_for_selector``, ``wait_for_function``, ``click``, ``is_visible``, ``get_attribute``,
``query_selector_all``, ``eval_on_selector(_all)``, ``keyboard.press``, ...), so that the
same journeys run in Chromium, Firefox and WebKit. Clicks and keys are the browser's own
input (BiDi ``input.performActions``, WebDriver's element click and actions), not
events made up in the page. Waits poll their condition inside the page (every 30 ms)
until it holds or the timeout passes.

Page errors: Firefox reports every console error and uncaught exception as a BiDi
``log.entryAdded`` event, from the page's first script on. Classic WebDriver has no
such events: in WebKit a collector is put into the page after each load (uncaught
errors, unhandled rejections, ``console.error``), so an error thrown while a page loads
is seen only through what it breaks (the journey then fails).
"""

from __future__ import annotations

import contextlib
import copy
import itertools
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import websocket

FIREFOX = os.environ.get("HASENPFEFFER_FIREFOX", "/usr/bin/firefox-esr")
WEBKIT_DRIVER = os.environ.get("HASENPFEFFER_WEBKIT_DRIVER", "/usr/bin/WebKitWebDriver")
MINIBROWSER = os.environ.get(
    "HASENPFEFFER_MINIBROWSER", "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
)
XVFB = "/usr/bin/Xvfb"
START_TIMEOUT_S = 60

#: WebDriver's key codes (the keys the journeys press).
KEYS = {
    "Enter": "\ue007",
    "Tab": "\ue004",
    "Escape": "\ue00c",
    "Space": " ",
    "ArrowLeft": "\ue012",
    "ArrowUp": "\ue013",
    "ArrowRight": "\ue014",
    "ArrowDown": "\ue015",
    "Home": "\ue011",
    "End": "\ue010",
}

#: Whether an element is shown as Playwright means it: a box of some size, not hidden.
VISIBLE = """(el) => {
  if (!el) return false;
  const r = el.getBoundingClientRect();
  return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== "hidden";
}"""

#: In WebKit (no log events): the page's uncaught errors and console errors, kept.
COLLECT_ERRORS = """() => {
  if (window.__hpErrors) return;
  window.__hpErrors = [];
  addEventListener("error", (e) => window.__hpErrors.push(`page error: ${e.message}`));
  addEventListener("unhandledrejection", (e) =>
    window.__hpErrors.push(`page error: ${e.reason && e.reason.message || e.reason}`));
  const original = console.error;
  console.error = (...args) => {
    window.__hpErrors.push(`console error: ${args.map(String).join(" ")}`);
    original.apply(console, args);
  };
}"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _is_function(source: str) -> bool:
    text = source.strip()
    return bool(
        (
            text.startswith(("(", "async", "function"))
            and ("=>" in text.split("\n", 1)[0] or text.startswith(("function", "async function")))
        )
        or re.match(r"^[A-Za-z_$][\w$]*\s*=>", text)
    )


class Driver:
    """One browser, one tab: what ScriptPage needs of a protocol."""

    name = ""
    version = ""

    def call(self, function: str, args: list[Any]) -> Any:
        """``function`` (JavaScript source of a function, maybe async) called in the page
        with ``args`` (JSON), its awaited result as JSON."""
        raise NotImplementedError

    def run_script(self, source: str) -> None:
        raise NotImplementedError

    def navigate(self, url: str) -> None:
        raise NotImplementedError

    def reload(self) -> None:
        raise NotImplementedError

    def click(self, selector: str) -> None:
        raise NotImplementedError

    def press(self, key: str) -> None:
        raise NotImplementedError

    def set_size(self, width: int, height: int) -> None:
        raise NotImplementedError

    def errors(self) -> list[str]:
        raise NotImplementedError

    def frame(self, url: str) -> contextlib.AbstractContextManager[Driver]:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError


#: A function's result carried back as JSON text (every protocol carries a string).
def _wrapped(function: str) -> str:
    return (
        "async (argsJson) => { const f = ("
        + function
        + "); const v = await f(...JSON.parse(argsJson));"
        " return JSON.stringify(v === undefined ? null : v); }"
    )


class FirefoxBiDi(Driver):
    """Debian's Firefox ESR, headless, over WebDriver BiDi."""

    name = "firefox"

    def __init__(
        self,
        width: int = 1280,
        height: int = 800,
        *,
        prefix: tuple[str, ...] = (),
        prefs: dict[str, Any] | None = None,
    ) -> None:
        """``prefix``: a command Firefox runs under (``ip netns exec <ns>``: a network
        namespace of its own; its WebDriver port is then reached through a Unix socket,
        which namespaces share); ``prefs``: preferences beyond the usual ones."""
        if not Path(FIREFOX).is_file():
            raise FileNotFoundError(f"{FIREFOX} is missing: run `make chromium`")
        self.profile = Path(tempfile.mkdtemp(prefix="hp-firefox-"))
        self.forwarder: subprocess.Popen[bytes] | None = None
        # no first-run pages, no update or telemetry requests (the remote agent's
        # recommended preferences do most of it)
        (self.profile / "user.js").write_text(
            'user_pref("browser.shell.checkDefaultBrowser", false);\n'
            'user_pref("app.update.disabledForTesting", true);\n'
            'user_pref("datareporting.policy.dataSubmissionEnabled", false);\n'
            'user_pref("toolkit.telemetry.reportingpolicy.firstRun", false);\n'
            'user_pref("browser.safebrowsing.update.enabled", false);\n'
            'user_pref("network.captive-portal-service.enabled", false);\n'
            'user_pref("network.connectivity-service.enabled", false);\n'
            + "".join(
                f"user_pref({json.dumps(k)}, {json.dumps(v)});\n" for k, v in (prefs or {}).items()
            )
        )
        port = free_port()
        self.process = subprocess.Popen(
            [
                *prefix,
                *(FIREFOX, "--headless", "--no-remote", "--profile", str(self.profile)),
                *("--remote-debugging-port", str(port), "about:blank"),
            ],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "MOZ_CRASHREPORTER_DISABLE": "1"},
        )
        address = None
        assert self.process.stderr is not None
        deadline = time.monotonic() + START_TIMEOUT_S
        while time.monotonic() < deadline:
            line = self.process.stderr.readline()
            if not line:
                break
            found = re.search(r"WebDriver BiDi listening on (ws://\S+)", line)
            if found:
                address = found.group(1)
                break
        if address is None:
            self.close()
            raise RuntimeError("Firefox did not open its WebDriver BiDi port")
        # the rest of its output read away (the pipe must not fill), the last lines kept
        self.output: list[str] = []
        self._drain = threading.Thread(target=self._read_output, daemon=True)
        self._drain.start()
        url = address.rstrip("/") + "/session"
        if prefix:
            # the port is the namespace's own loopback: a forwarder inside it takes a
            # Unix socket (in the profile's folder) there
            sock_path = self.profile / "bidi.sock"
            self.forwarder = subprocess.Popen(
                [
                    *prefix,
                    sys.executable,
                    str(Path(__file__).with_name("unix_forward.py")),
                    *(
                        str(sock_path),
                        str(port),
                    ),
                ],
                stdin=subprocess.DEVNULL,
            )
            # (the socket's file comes at bind, a moment before it listens: refused until
            # then)
            deadline = time.monotonic() + 30
            while True:
                unix = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                try:
                    unix.connect(str(sock_path))
                    break
                except (FileNotFoundError, ConnectionRefusedError):
                    unix.close()
                    if time.monotonic() >= deadline:
                        raise
                    time.sleep(0.05)
            self.ws = websocket.create_connection(
                url, timeout=120, suppress_origin=True, socket=unix
            )
        else:
            self.ws = websocket.create_connection(url, timeout=120, suppress_origin=True)
        self.ids = itertools.count(1)
        self.logged: list[str] = []
        capabilities = self.command("session.new", {"capabilities": {}})["capabilities"]
        self.version = f"Firefox {capabilities.get('browserVersion', '?')}"
        self.command("session.subscribe", {"events": ["log.entryAdded"]})
        tree = self.command("browsingContext.getTree", {})
        self.context = tree["contexts"][0]["context"]
        # the tab focused, as a person's would be (keys then do what they do: Enter on a
        # button presses it)
        self.command("browsingContext.activate", {"context": self.context})
        self.set_size(width, height)

    def _read_output(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            self.output = [*self.output[-20:], line.rstrip()]

    def command(self, method: str, params: dict[str, Any]) -> Any:
        number = next(self.ids)
        self.ws.send(json.dumps({"id": number, "method": method, "params": params}))
        while True:
            message = json.loads(self.ws.recv())
            if message.get("type") == "event":
                self._event(message)
                continue
            if message.get("id") != number:
                continue
            if message.get("type") == "error":
                raise RuntimeError(f"{method}: {message.get('error')}: {message.get('message')}")
            return message["result"]

    def _event(self, message: dict[str, Any]) -> None:
        if message.get("method") != "log.entryAdded":
            return
        entry = message["params"]
        if entry.get("level") == "error":
            kind = "page error" if entry.get("type") == "javascript" else "console error"
            self.logged.append(f"{kind}: {entry.get('text')}")

    def call(self, function: str, args: list[Any]) -> Any:
        result = self.command(
            "script.callFunction",
            {
                "functionDeclaration": _wrapped(function),
                "arguments": [{"type": "string", "value": json.dumps(args)}],
                "target": {"context": self.context},
                "awaitPromise": True,
            },
        )
        if result["type"] == "exception":
            raise RuntimeError(f"in the page: {result['exceptionDetails']['text']}")
        value = result["result"]
        return json.loads(value["value"]) if value.get("type") == "string" else None

    def run_script(self, source: str) -> None:
        result = self.command(
            "script.evaluate",
            {"expression": source, "target": {"context": self.context}, "awaitPromise": False},
        )
        if result["type"] == "exception":
            raise RuntimeError(f"in the page: {result['exceptionDetails']['text']}")

    def navigate(self, url: str) -> None:
        self.command(
            "browsingContext.navigate", {"context": self.context, "url": url, "wait": "complete"}
        )

    def reload(self) -> None:
        self.command("browsingContext.reload", {"context": self.context, "wait": "complete"})

    def _element(self, selector: str) -> dict[str, Any]:
        result = self.command(
            "script.callFunction",
            {
                "functionDeclaration": "(sel) => { const el = document.querySelector(sel);"
                " el?.scrollIntoView({ block: 'center', inline: 'center' }); return el; }",
                "arguments": [{"type": "string", "value": selector}],
                "target": {"context": self.context},
                "awaitPromise": False,
            },
        )
        value = result.get("result", {})
        if value.get("type") != "node":
            raise RuntimeError(f"no element {selector}")
        return {"sharedId": value["sharedId"]}

    def click(self, selector: str) -> None:
        element = self._element(selector)
        self.command(
            "input.performActions",
            {
                "context": self.context,
                "actions": [
                    {
                        "type": "pointer",
                        "id": "mouse",
                        "parameters": {"pointerType": "mouse"},
                        "actions": [
                            {
                                "type": "pointerMove",
                                "x": 0,
                                "y": 0,
                                "origin": {"type": "element", "element": element},
                            },
                            {"type": "pointerDown", "button": 0},
                            {"type": "pointerUp", "button": 0},
                        ],
                    }
                ],
            },
        )

    def press(self, key: str) -> None:
        value = KEYS.get(key, key)
        self.command(
            "input.performActions",
            {
                "context": self.context,
                "actions": [
                    {
                        "type": "key",
                        "id": "keyboard",
                        "actions": [
                            {"type": "keyDown", "value": value},
                            {"type": "keyUp", "value": value},
                        ],
                    }
                ],
            },
        )

    def set_size(self, width: int, height: int) -> None:
        self.command(
            "browsingContext.setViewport",
            {"context": self.context, "viewport": {"width": width, "height": height}},
        )

    def errors(self) -> list[str]:
        return list(self.logged)

    @contextlib.contextmanager
    def frame(self, url: str) -> Iterator[Driver]:
        """The same browser, its scripts and input in the frame showing ``url``."""
        tree = self.command("browsingContext.getTree", {"root": self.context})

        def find(contexts: list[dict[str, Any]]) -> str | None:
            for c in contexts:
                if c.get("url") == url:
                    return str(c["context"])
                found = find(c.get("children") or [])
                if found:
                    return found
            return None

        child = find(tree["contexts"][0].get("children") or [])
        if child is None:
            raise RuntimeError(f"no frame shows {url}")
        view = copy.copy(self)
        view.context = child
        yield view

    def close(self) -> None:
        try:
            if getattr(self, "ws", None) is not None:
                with contextlib.suppress(Exception):  # the browser may be gone already
                    self.command("session.end", {})
                self.ws.close()
        finally:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
            if self.forwarder is not None:
                self.forwarder.terminate()
                self.forwarder.wait(10)
            shutil.rmtree(self.profile, ignore_errors=True)


class WebKitWebDriver(Driver):
    """WebKitGTK's MiniBrowser under Xvfb, over classic WebDriver (WebKitWebDriver)."""

    name = "webkit"

    def __init__(self, width: int = 1280, height: int = 800) -> None:
        for path in (WEBKIT_DRIVER, MINIBROWSER, XVFB):
            if not Path(path).is_file():
                raise FileNotFoundError(f"{path} is missing: run `make chromium`")
        read, write = os.pipe()
        self.xvfb = subprocess.Popen(
            [XVFB, "-displayfd", str(write), "-screen", "0", "1600x1200x24", "-nolisten", "tcp"],
            pass_fds=(write,),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(write)
        with os.fdopen(read) as displays:
            display = displays.readline().strip()
        if not display:
            self.xvfb.kill()
            raise RuntimeError("Xvfb did not start")
        port = free_port()
        env = {**os.environ, "DISPLAY": f":{display}", "WEBKIT_DISABLE_COMPOSITING_MODE": "1"}
        self.process = subprocess.Popen(
            [WEBKIT_DRIVER, f"--port={port}", "--host=127.0.0.1"],
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        self.base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + START_TIMEOUT_S
        while True:
            try:
                self._http("GET", "/status")
                break
            except OSError:
                if time.monotonic() > deadline:
                    self.close()
                    raise
                time.sleep(0.1)  # the driver's port is not open yet (a start, not a barrier)
        options = {"binary": MINIBROWSER, "args": ["--automation"]}
        session = self._http(
            "POST",
            "/session",
            {"capabilities": {"alwaysMatch": {"webkitgtk:browserOptions": options}}},
        )
        self.session = session["sessionId"]
        caps = session.get("capabilities", {})
        self.version = f"WebKitGTK {caps.get('browserVersion', '?')} (MiniBrowser)"
        self._http("POST", self._path("/timeouts"), {"script": 120_000, "pageLoad": 120_000})
        self.set_size(width, height)
        self.kept: list[str] = []

    def _path(self, tail: str) -> str:
        return f"/session/{self.session}{tail}"

    def _http(self, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            self.base + path,
            data=data,
            method=method,
            headers={"Content-Type": "application/json"},
        )
        try:
            with urllib.request.urlopen(request, timeout=180) as response:
                return json.loads(response.read() or b"{}").get("value")
        except urllib.error.HTTPError as error:
            detail = json.loads(error.read() or b"{}").get("value", {})
            raise RuntimeError(f"{method} {path}: {detail}") from None

    def call(self, function: str, args: list[Any]) -> Any:
        script = (
            "const done = arguments[arguments.length - 1];"
            f"({_wrapped(function)})(arguments[0])"
            ".then((v) => done({ ok: v }),"
            " (e) => done({ error: `${e}` + (e && e.stack ? ` at ${e.stack}` : '') }));"
        )
        answer = self._http(
            "POST", self._path("/execute/async"), {"script": script, "args": [json.dumps(args)]}
        )
        if "error" in answer:
            raise RuntimeError(f"in the page: {answer['error']}")
        return json.loads(answer["ok"])

    def run_script(self, source: str) -> None:
        self._http("POST", self._path("/execute/sync"), {"script": source, "args": []})

    def _keep_errors(self) -> None:
        with contextlib.suppress(RuntimeError):  # no page to ask
            self.kept += self.call("() => window.__hpErrors || []", [])

    def _collect(self) -> None:
        self.call(COLLECT_ERRORS, [])

    def navigate(self, url: str) -> None:
        self._keep_errors()
        self._http("POST", self._path("/url"), {"url": url})
        self._collect()

    def reload(self) -> None:
        self._keep_errors()
        self._http("POST", self._path("/refresh"), {})
        self._collect()

    def click(self, selector: str) -> None:
        self.call(
            "(sel) => document.querySelector(sel)"
            "?.scrollIntoView({ block: 'center', inline: 'center' })",
            [selector],
        )
        element = self._http(
            "POST", self._path("/element"), {"using": "css selector", "value": selector}
        )
        (ref,) = element.values()
        self._http("POST", self._path(f"/element/{ref}/click"), {})

    def press(self, key: str) -> None:
        value = KEYS.get(key, key)
        actions = [{"type": "keyDown", "value": value}, {"type": "keyUp", "value": value}]
        self._http(
            "POST",
            self._path("/actions"),
            {"actions": [{"type": "key", "id": "keyboard", "actions": actions}]},
        )

    def set_size(self, width: int, height: int) -> None:
        self._http("POST", self._path("/window/rect"), {"width": width, "height": height})

    @contextlib.contextmanager
    def frame(self, url: str) -> Iterator[Driver]:
        """The same browser, switched into the frame showing ``url`` (an iframe in an
        element's shadow root, as the embeds have it), and back to the page after."""
        host = self.call(
            "(url) => [...document.querySelectorAll('hasenpfeffer-embed')].findIndex("
            "(e) => e.shadowRoot?.querySelector('iframe')?.src === url)",
            [url],
        )
        if host < 0:
            raise RuntimeError(f"no frame shows {url}")
        elements = self._http(
            "POST",
            self._path("/elements"),
            {"using": "css selector", "value": "hasenpfeffer-embed"},
        )
        (ref,) = elements[host].values()
        (shadow,) = self._http("GET", self._path(f"/element/{ref}/shadow")).values()
        iframe = self._http(
            "POST",
            self._path(f"/shadow/{shadow}/element"),
            {"using": "css selector", "value": "iframe"},
        )
        self._http("POST", self._path("/frame"), {"id": iframe})
        try:
            yield self
        finally:
            self._http("POST", self._path("/frame"), {"id": None})

    def errors(self) -> list[str]:
        now: list[str] = []
        with contextlib.suppress(RuntimeError):  # no page to ask
            now = self.call("() => window.__hpErrors || []", [])
        return self.kept + now

    def close(self) -> None:
        try:
            if getattr(self, "session", None):
                with contextlib.suppress(Exception):  # the browser may be gone already
                    self._http("DELETE", self._path(""))
        finally:
            for process in (self.process, self.xvfb):
                process.terminate()
                try:
                    process.wait(10)
                except subprocess.TimeoutExpired:
                    process.kill()


class Keyboard:
    def __init__(self, driver: Driver) -> None:
        self.driver = driver

    def press(self, key: str) -> None:
        self.driver.press(key)


class Handle:
    """An element found by ``query_selector_all``: marked in the page, found by its mark."""

    def __init__(self, page: ScriptPage, mark: str) -> None:
        self.page = page
        self.selector = f'[data-hp-probe="{mark}"]'

    def get_attribute(self, name: str) -> str | None:
        return self.page.get_attribute(self.selector, name)

    def click(self) -> None:
        self.page.click(self.selector)


class ScriptPage:
    """The part of Playwright's sync ``Page`` that the page journeys use, on a Driver."""

    def __init__(self, driver: Driver) -> None:
        self.driver = driver
        self.keyboard = Keyboard(driver)
        self.marks = itertools.count(1)

    # -- scripts
    def evaluate(self, source: str, arg: Any = None) -> Any:
        if _is_function(source):
            return self.driver.call(source, [arg])
        if ";" in source.strip().rstrip(";") or "\n" in source.strip():
            self.driver.run_script(source)
            return None
        return self.driver.call(f"() => ({source})", [])

    def wait_for_function(self, source: str, arg: Any = None, timeout: float = 30_000) -> Any:
        function = source if _is_function(source) else f"() => ({source})"
        waiter = (
            "async (arg, ms) => { const f = (" + function + "); const end = Date.now() + ms;"
            " for (;;) { const v = await f(arg); if (v) return v;"
            " if (Date.now() > end) throw new Error(`waited ${ms} ms for: "
            + json.dumps(source[:80])[1:-1].replace("`", "'")
            + "`);"
            " await new Promise((r) => setTimeout(r, 30)); } }"
        )
        return self.driver.call(waiter, [arg, timeout])

    def wait_for_selector(
        self, selector: str, state: str = "visible", timeout: float = 30_000
    ) -> None:
        check = {
            "attached": "(sel) => document.querySelector(sel) !== null",
            "visible": f"(sel) => [...document.querySelectorAll(sel)].some({VISIBLE})",
            "hidden": f"(sel) => ![...document.querySelectorAll(sel)].some({VISIBLE})",
        }[state]
        self.wait_for_function(check, selector, timeout=timeout)

    # -- navigation
    def goto(self, url: str) -> None:
        self.driver.navigate(url)

    def reload(self) -> None:
        self.driver.reload()

    @property
    def url(self) -> str:
        href: str = self.driver.call("() => location.href", [])
        return href

    def set_viewport_size(self, size: dict[str, int]) -> None:
        self.driver.set_size(size["width"], size["height"])

    # -- elements
    def is_visible(self, selector: str) -> bool:
        return bool(
            self.driver.call(f"(sel) => ({VISIBLE})(document.querySelector(sel))", [selector])
        )

    def get_attribute(self, selector: str, name: str) -> str | None:
        value: str | None = self.driver.call(
            "(sel, name) => document.querySelector(sel)?.getAttribute(name) ?? null",
            [selector, name],
        )
        return value

    def inner_text(self, selector: str) -> str:
        text: str = self.driver.call("(sel) => document.querySelector(sel).innerText", [selector])
        return text

    def text_content(self, selector: str) -> str:
        text: str = self.driver.call("(sel) => document.querySelector(sel).textContent", [selector])
        return text

    def click(self, selector: str, timeout: float = 30_000) -> None:
        # as Playwright does: the element shown and enabled first
        self.wait_for_function(
            f"(sel) => {{ const el = document.querySelector(sel);"
            f" return ({VISIBLE})(el) && !el.disabled; }}",
            selector,
            timeout=timeout,
        )
        self.driver.click(selector)

    def query_selector_all(self, selector: str) -> list[Handle]:
        first = next(self.marks) * 1000
        count: int = self.driver.call(
            "(sel, first) => { const els = [...document.querySelectorAll(sel)];"
            " els.forEach((el, i) => { el.dataset.hpProbe = String(first + i); });"
            " return els.length; }",
            [selector, first],
        )
        return [Handle(self, str(first + i)) for i in range(count)]

    def eval_on_selector_all(self, selector: str, function: str) -> Any:
        return self.driver.call(
            f"(sel) => ({function})([...document.querySelectorAll(sel)])", [selector]
        )

    def eval_on_selector(self, selector: str, function: str) -> Any:
        return self.driver.call(f"(sel) => ({function})(document.querySelector(sel))", [selector])

    def errors(self) -> list[str]:
        return self.driver.errors()


DRIVERS: dict[str, Callable[..., Driver]] = {"firefox": FirefoxBiDi, "webkit": WebKitWebDriver}
