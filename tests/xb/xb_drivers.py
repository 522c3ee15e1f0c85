"""One small driver interface over three engines, so one test runs its cases in each:

- WebKit: Debian's WebKitGTK MiniBrowser through WebKitWebDriver (Selenium), on an Xvfb
  display this module starts itself;
- Firefox: Debian's Firefox ESR through Marionette (marionette_driver), headless;
- Chromium: Debian's Chromium through Playwright (the rest of the suite's browser).

Scripts are function bodies in WebDriver's form (``return ...``, ``arguments[i]``; an async
one calls ``arguments[arguments.length - 1]``): WebDriver's script injection is not governed
by the page's CSP (no eval) in any of the three. Nothing here downloads a browser or a driver.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
MINIBROWSER_GLOB = "/usr/lib/*/webkit2gtk-4.*/MiniBrowser"
FIREFOX = "/usr/bin/firefox-esr"
XVFB = "/usr/bin/Xvfb"
CONTROL = "\ue009"      # WebDriver's key code for Control

# Installed at every page load: collects what would be a console error (an uncaught
# error or rejection, console.error, a CSP violation) where the test can read it.
# WebKitWebDriver and Marionette have no log API, so all three engines use this.
ERROR_TRAP = """
if (!window.__xbErrors) {
  const errors = window.__xbErrors = [];
  addEventListener('error', (e) => errors.push('error: ' + (e.message || e.type)), true);
  addEventListener('unhandledrejection', (e) => errors.push('rejection: ' + String(e.reason)));
  document.addEventListener('securitypolicyviolation', (e) =>
    errors.push('csp: ' + e.violatedDirective + ' at ' + (e.target && e.target.nodeName)), true);
  const original = console.error;
  console.error = function (...args) {
    const text = args.map((a) => (a && a.stack ? a + ' ' + a.stack : String(a))).join(' ');
    errors.push('console.error: ' + text);
    return original.apply(this, args);
  };
}
"""


def minibrowser() -> str:
    found = sorted(Path("/").glob(MINIBROWSER_GLOB.lstrip("/")))
    if not found:
        raise RuntimeError(f"no WebKitGTK MiniBrowser at {MINIBROWSER_GLOB}: install webkit2gtk-driver")
    return str(found[-1])


class Driver:
    """What a cross-browser test may do with a page."""
    name = ""

    def __init__(self) -> None:
        self.errors: list[str] = []

    # --- the engine-specific part
    def _goto(self, url: str) -> None: raise NotImplementedError
    def _reload(self) -> None: raise NotImplementedError
    def js(self, body: str, *args: Any) -> Any: raise NotImplementedError
    def js_async(self, body: str, *args: Any, timeout_s: float = 60) -> Any: raise NotImplementedError
    def click(self, css: str) -> None: raise NotImplementedError
    def keys(self, text: str, *, select_all: bool = False) -> None: raise NotImplementedError
    def viewport(self, width: int, height: int) -> None: raise NotImplementedError
    def screenshot(self, path: Path) -> None: raise NotImplementedError
    def quit(self) -> None: raise NotImplementedError

    # --- shared
    def _fit_window(self, resize: Callable[[int, int], None], width: int, height: int) -> None:
        """Sizes a window so that its page's viewport is `width` x `height`. The window's
        frame (title bar, toolbar) differs per engine and display, and a resize reaches the
        page some time after the driver returns (under Xvfb, WebKit's came late enough for
        one read to see the old size), so the viewport is read until it has changed and
        settled, and the window is corrected until the viewport is the size asked."""
        want = [width, height]
        outer = (width, height)
        inner: list[int] = self.js("return [innerWidth, innerHeight];")
        for _ in range(6):
            if inner == want:
                return
            resize(*outer)
            inner = self._viewport_after(inner)
            outer = (outer[0] + width - inner[0], outer[1] + height - inner[1])
        if inner != want:
            raise AssertionError(f"the viewport stayed {inner}, not {want}")

    def _viewport_after(self, before: list[int]) -> list[int]:
        """The viewport once it has left `before` (if it does within 3 s) and held still."""
        deadline = time.monotonic() + 3
        last = before
        while time.monotonic() < deadline:
            time.sleep(0.1)
            now: list[int] = self.js("return [innerWidth, innerHeight];")
            if now == last and now != before:
                return now
            last = now
        return last

    def goto(self, url: str) -> None:
        """Opens `url` as a new document (never a jump within the shown one) and waits for it."""
        self._new_document(lambda: self._goto(url), url)

    def reload(self) -> None:
        self._new_document(self._reload, "the reload")

    def _new_document(self, navigate: Any, what: str) -> None:
        # Marionette may return from a navigation before the new document has replaced the
        # old one: the old one is marked, and the wait is for a document without the mark.
        self.collect_errors()
        try:
            self.js("window.__xbLeft = true;")
        except Exception:  # noqa: BLE001 - no page yet
            pass
        navigate()
        deadline = time.monotonic() + 60
        while True:
            try:
                if self.js("return !window.__xbLeft && document.readyState !== 'loading';"):
                    break
            except Exception:  # noqa: BLE001 - a document between two: asked again
                pass
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.name}: {what} did not load a new document in 60 s")
            time.sleep(0.1)
        self.js(ERROR_TRAP)

    def collect_errors(self) -> list[str]:
        """Moves the page's collected errors into self.errors; returns them all."""
        try:
            found = self.js("const e = window.__xbErrors || []; return e.splice(0);")
        except Exception:  # noqa: BLE001 - no page yet
            found = []
        self.errors.extend(found or [])
        return self.errors

    def wait(self, expr: str, timeout_s: float = 30) -> Any:
        """Polls a JS expression until it is truthy; returns its value."""
        deadline = time.monotonic() + timeout_s
        body = f"try {{ return ({expr}); }} catch (e) {{ return null; }}"
        while True:
            value = self.js(body)
            if value:
                return value
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.name}: timed out after {timeout_s} s waiting for: {expr}\n"
                                     f"page: {self.describe()}")
            time.sleep(0.1)

    def describe(self) -> str:
        """What the page shows, for a failure's message."""
        try:
            return json.dumps(self.js(
                "const t = (id) => { const e = document.querySelector(`[data-testid=${id}]`);"
                " return e ? e.textContent.slice(0, 300) : null; };"
                " return {state: window.pixelJudge ? pixelJudge.state() : null, status: t('solve-status'),"
                " error: t('error'), solution: t('solution-status'), verdict: t('solution-verdict'),"
                " errors: window.__xbErrors || []};"))
        except Exception as err:  # noqa: BLE001 - the page itself may be gone
            return f"(unreadable: {err})"

    def select(self, css: str, value: str) -> None:
        """Picks an option as a user does (a click on it)."""
        self.click(f"{css} option[value={json.dumps(value)}]")
        self.wait(f"document.querySelector({json.dumps(css)}).value === {json.dumps(value)}", 5)

    def state(self) -> dict[str, Any]:
        return self.js("return pixelJudge.state();")  # type: ignore[no-any-return]


# ----------------------------------------------------------------------------- WebKit

class Xvfb:
    """A private X display (WebKitGTK's MiniBrowser needs one; there is no headless mode)."""

    def __init__(self) -> None:
        read, write = os.pipe()
        self.proc = subprocess.Popen([XVFB, "-displayfd", str(write), "-screen", "0", "1920x1080x24",
                                      "-nolisten", "tcp"], pass_fds=(write,),
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write)
        with os.fdopen(read) as f:
            number = f.readline().strip()
        if not number:
            raise RuntimeError("Xvfb did not start")
        self.display = f":{number}"

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(10)


# MiniBrowser's toolbar would hold its window at 447 px or wider: this GTK style (for
# MiniBrowser's own widgets only; WebKit draws the page's controls itself) shrinks it so
# the page can be 390 px wide.
GTK_CSS = "* { min-width: 0; min-height: 0; padding: 0; margin: 0; border-width: 0; font-size: 1px; }\n"


class WebKit(Driver):
    name = "webkit"

    def __init__(self, xvfb: Xvfb, *, private: bool = False) -> None:
        super().__init__()
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service
        self.home = tempfile.mkdtemp(prefix="xb-webkit-")
        (Path(self.home) / "gtk-3.0").mkdir()
        (Path(self.home) / "gtk-3.0" / "gtk.css").write_text(GTK_CSS)
        options = Options()
        options.binary_location = minibrowser()
        options.add_argument("--automation")
        if private:
            options.add_argument("--private")
        env = dict(os.environ, DISPLAY=xvfb.display, XDG_CONFIG_HOME=self.home,
                   XDG_CACHE_HOME=self.home, XDG_DATA_HOME=self.home)
        self.service = Service(executable_path=WEBKIT_DRIVER, env=env)
        self.driver = webdriver.WebKitGTK(options=options, service=self.service)
        self.driver.set_script_timeout(600)
        self.version = self.driver.capabilities.get("browserVersion", "?")

    def pids(self) -> list[int]:
        """WebKitWebDriver and every process under it (MiniBrowser, its web processes)."""
        return process_tree(self.service.process.pid)

    def _goto(self, url: str) -> None:
        self.driver.get(url)

    def _reload(self) -> None:
        self.driver.refresh()

    def js(self, body: str, *args: Any) -> Any:
        return self.driver.execute_script(body, *args)

    def js_async(self, body: str, *args: Any, timeout_s: float = 60) -> Any:
        self.driver.set_script_timeout(timeout_s)
        return self.driver.execute_async_script(body, *args)

    def click(self, css: str) -> None:
        self.driver.find_element("css selector", css).click()

    def keys(self, text: str, *, select_all: bool = False) -> None:
        from selenium.webdriver.common.action_chains import ActionChains
        chain = ActionChains(self.driver)
        if select_all:
            chain.key_down(CONTROL).send_keys("a").key_up(CONTROL)
        chain.send_keys(text).perform()

    def viewport(self, width: int, height: int) -> None:
        self._fit_window(self.driver.set_window_size, width, height)

    def screenshot(self, path: Path) -> None:
        self.driver.save_screenshot(str(path))

    def quit(self) -> None:
        self.driver.quit()
        shutil.rmtree(self.home, ignore_errors=True)


# ----------------------------------------------------------------------------- Firefox

# No first-run pages, updates, telemetry or calls to Mozilla's services (the machine has
# no network but loopback; these keep the browser from trying).
FIREFOX_PREFS: dict[str, Any] = {
    "marionette.port": 0,
    "browser.shell.checkDefaultBrowser": False,
    "browser.startup.homepage_override.mstone": "ignore",
    "browser.startup.page": 0,
    "browser.aboutwelcome.enabled": False,
    "app.update.disabledForTesting": True,
    "app.normandy.enabled": False,
    "datareporting.policy.dataSubmissionEnabled": False,
    "datareporting.healthreport.uploadEnabled": False,
    "toolkit.telemetry.enabled": False,
    "toolkit.telemetry.reportingpolicy.firstRun": False,
    "messaging-system.rsexperimentloader.enabled": False,
    "services.settings.server": "http://127.0.0.1:9/",
    "network.connectivity-service.enabled": False,
    "network.captive-portal-service.enabled": False,
    "browser.safebrowsing.malware.enabled": False,
    "browser.safebrowsing.phishing.enabled": False,
    "browser.safebrowsing.downloads.enabled": False,
    "extensions.update.enabled": False,
    "extensions.getAddons.cache.enabled": False,
    "browser.newtabpage.enabled": False,
    "dom.disable_open_during_load": False,
}


class Firefox(Driver):
    name = "firefox"

    def __init__(self, *, private: bool = False) -> None:
        super().__init__()
        from marionette_driver.marionette import Marionette
        self.profile = tempfile.mkdtemp(prefix="xb-firefox-")
        prefs = dict(FIREFOX_PREFS, **{"browser.privatebrowsing.autostart": private})
        Path(self.profile, "user.js").write_text(
            "".join(f"user_pref({json.dumps(k)}, {json.dumps(v)});\n" for k, v in prefs.items()))
        self.log = open(Path(self.profile) / "firefox.log", "wb")  # noqa: SIM115 - closed in quit()
        self.proc = subprocess.Popen([FIREFOX, "--marionette", "--headless", "-no-remote",
                                      "-profile", self.profile], stdout=self.log, stderr=subprocess.STDOUT,
                                     env=dict(os.environ, MOZ_CRASHREPORTER_DISABLE="1"))
        port_file = Path(self.profile) / "MarionetteActivePort"
        deadline = time.monotonic() + 60
        while not port_file.exists() or not port_file.read_text().strip():
            if self.proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"Firefox did not start Marionette (see {self.profile}/firefox.log)")
            time.sleep(0.1)
        self.marionette = Marionette(host="127.0.0.1", port=int(port_file.read_text()))
        self.marionette.start_session()
        self.marionette.timeout.script = 600
        self.version = self.marionette.session_capabilities.get("browserVersion", "?")

    def pids(self) -> list[int]:
        return process_tree(self.proc.pid)

    def _goto(self, url: str) -> None:
        self.marionette.navigate(url)

    def _reload(self) -> None:
        self.marionette.refresh()

    def js(self, body: str, *args: Any) -> Any:
        # sandbox=None: the page's own scope (window.pixelJudge), not an Xray view of it.
        return self.marionette.execute_script(body, script_args=list(args), sandbox=None, new_sandbox=False)

    def js_async(self, body: str, *args: Any, timeout_s: float = 60) -> Any:
        return self.marionette.execute_async_script(body, script_args=list(args), sandbox=None,
                                                    new_sandbox=False, script_timeout=int(timeout_s * 1000))

    def click(self, css: str) -> None:
        self.marionette.find_element("css selector", css).click()

    def keys(self, text: str, *, select_all: bool = False) -> None:
        seq = self.marionette.actions.sequence("key", "keyboard")
        if select_all:
            seq.key_down(CONTROL).key_down("a").key_up("a").key_up(CONTROL)
        seq.send_keys(text).perform()
        self.marionette.actions.release()

    def viewport(self, width: int, height: int) -> None:
        self._fit_window(lambda w, h: self.marionette.set_window_rect(width=w, height=h),
                         width, height)

    def screenshot(self, path: Path) -> None:
        path.write_bytes(self.marionette.screenshot(format="binary", full=False))

    def quit(self) -> None:
        try:
            self.marionette.delete_session()
        finally:
            self.proc.terminate()
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
            self.log.close()
            shutil.rmtree(self.profile, ignore_errors=True)


# ----------------------------------------------------------------------------- Chromium

class Chromium(Driver):
    name = "chromium"

    def __init__(self, playwright: Any, executable: str, args: list[str]) -> None:
        super().__init__()
        # A switch Chromium ignores, so that its processes can be told from any other Chromium's.
        self.marker = f"--pixel-judge-xb={os.getpid()}-{time.monotonic_ns()}"
        self.browser = playwright.chromium.launch(executable_path=executable, args=[*args, self.marker])
        self.context = self.browser.new_context(viewport={"width": 1366, "height": 768})
        self.page = self.context.new_page()
        self.version = self.browser.version
        self.page.on("console",
                     lambda m: self.errors.append(f"console: {m.text}") if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(f"pageerror: {e}"))

    def pids(self) -> list[int]:
        """The browser process (the one started with this driver's marker) and its children."""
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                try:
                    args = Path(f"/proc/{entry}/cmdline").read_bytes().split(b"\0")
                except OSError:
                    continue
                if self.marker.encode() in args:
                    return process_tree(int(entry))
        return []

    def _goto(self, url: str) -> None:
        self.page.goto(url)

    def _reload(self) -> None:
        self.page.reload()

    def js(self, body: str, *args: Any) -> Any:
        return self.page.evaluate(f"(args) => (function () {{ {body} }}).apply(null, args)", list(args))

    def js_async(self, body: str, *args: Any, timeout_s: float = 60) -> Any:
        self.page.set_default_timeout(timeout_s * 1000)
        return self.page.evaluate(
            f"(args) => new Promise((done) => (function () {{ {body} }}).apply(null, [...args, done]))",
            list(args))

    def click(self, css: str) -> None:
        # Solve is only marked busy (aria-disabled) while a solve runs, and a press then starts
        # over, as it does in the other engines' clicks: Playwright would wait for "enabled".
        busy = self.page.get_attribute(css, "aria-disabled") == "true"
        self.page.click(css, force=busy)

    def select(self, css: str, value: str) -> None:
        self.page.select_option(css, value)

    def keys(self, text: str, *, select_all: bool = False) -> None:
        if select_all:
            self.page.keyboard.press("Control+a")
        self.page.keyboard.type(text)

    def viewport(self, width: int, height: int) -> None:
        self.page.set_viewport_size({"width": width, "height": height})

    def screenshot(self, path: Path) -> None:
        self.page.screenshot(path=str(path))

    def quit(self) -> None:
        self.browser.close()


# ----------------------------------------------------------------------------- processes

def process_tree(root: int) -> list[int]:
    """`root` and every process descended from it, read from /proc."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        children.setdefault(ppid, []).append(int(entry))
    out, todo = [], [root]
    while todo:
        pid = todo.pop()
        out.append(pid)
        todo.extend(children.get(pid, []))
    return out


def cpu_seconds(pids: list[int]) -> float:
    """User + system CPU time the processes have used so far, with that of their
    children that have ended (a browser's helper processes come and go)."""
    ticks = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        ticks += sum(int(v) for v in fields[11:15])
    return ticks / os.sysconf("SC_CLK_TCK")
