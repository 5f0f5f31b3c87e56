"""Headless Chromium (Debian's ``chromium`` and ``chromium-driver``) and a local HTTP server on
127.0.0.1, shared by the browser tests of the web page and of the docs site."""

from __future__ import annotations

import shutil
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

CHROMIUM = next(filter(None, map(shutil.which, ["chromium", "chromium-browser"])), None)
DRIVER = shutil.which("chromedriver")
MISSING = "needs Debian's chromium and chromium-driver (apt-get install -y chromium chromium-driver)"


@contextmanager
def headless_chromium() -> Iterator[Any]:
    """A Selenium driver of headless Chromium, a 1200×900 window, pages loading within 30 s."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                "--window-size=1200,900"):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(executable_path=str(DRIVER)), options=options)
    driver.set_page_load_timeout(30)
    try:
        yield driver
    finally:
        driver.quit()


@contextmanager
def serving(httpd: Any) -> Iterator[str]:
    """``httpd`` (bound to 127.0.0.1) serving in a thread; its base URL, then shut down."""
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_port}"
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join(timeout=10)
