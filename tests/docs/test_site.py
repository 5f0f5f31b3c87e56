"""The docs site: ``mkdocs build --strict`` builds it (English and Chinese), and in a real headless
Chromium (Debian's ``chromium`` and ``chromium-driver``, driven by Selenium, as
``tests/play/test_browser.py``) its Chinese home page and a game page render, with the language
switch and an example; search finds a Chinese word. ``grundy serve`` links to the docs and serves a
built site at ``/docs/``.

The build and the browser test skip, with the reason, when MkDocs (``pip install '.[docs]'``),
Selenium or Chromium is missing; the hooks' own functions are tested without them.
"""

from __future__ import annotations

import functools
import http.server
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser import CHROMIUM, DRIVER, MISSING, headless_chromium, serving

ROOT = Path(__file__).resolve().parents[2]


def _hooks() -> Any:
    """``scripts/mkdocs_hooks.py`` as a module (it imports MkDocs)."""
    import importlib.util

    pytest.importorskip("mkdocs", reason="the docs site needs MkDocs: pip install '.[docs]'")
    spec = importlib.util.spec_from_file_location("mkdocs_hooks", ROOT / "scripts" / "mkdocs_hooks.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_tour_is_rendered_from_the_notebook() -> None:
    hooks = _hooks()
    page = hooks.notebook_markdown(ROOT / "docs" / "tour.ipynb")
    cells = json.loads((ROOT / "docs" / "tour.ipynb").read_text(encoding="utf-8"))["cells"]
    code = [c for c in cells if c["cell_type"] == "code"]
    assert page.count("```python") == len(code)
    assert page.count('<div class="grundy-output"') == len(code)  # every cell shows its value
    assert "Bouton" in page and "period" in page


def test_game_pages_link_to_their_commands() -> None:
    hooks = _hooks()
    assert hooks.commands_used("```sh\ngrundy table kayles --upto 9\ngrundy solve nim 3\n```") == \
        ["solve", "table"]
    assert hooks.commands_used("`grundy play nim 3` in prose only") == []
    for page in ("nim", "bash", "wythoff", "octal", "tables"):
        for suffix in (".md", ".zh.md"):
            assert hooks.commands_used((ROOT / "docs" / f"{page}{suffix}").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    pytest.importorskip("material", reason="the docs site needs mkdocs-material: pip install '.[docs]'")
    pytest.importorskip("mkdocs_static_i18n", reason="needs mkdocs-static-i18n: pip install '.[docs]'")
    out = tmp_path_factory.mktemp("site")
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(out)],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    return out


@pytest.mark.slow
def test_the_site_builds_in_both_languages(site: Path) -> None:
    for page in ("index.html", "nim/index.html", "reading-output/index.html", "tour/index.html",
                 "zh/index.html", "zh/nim/index.html", "zh/glossary/index.html"):
        assert (site / page).is_file(), page
    zh = (site / "zh" / "nim" / "index.html").read_text(encoding="utf-8")
    assert '<html lang="zh"' in zh and "尼姆博弈" in zh and 'hreflang="en"' in zh
    assert "本页用到的命令" in zh and "commands/#grundy-solve" in zh
    assert (site / "img" / "web-table.png").is_file()




@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    pytest.importorskip("selenium", reason="the browser test needs Selenium: pip install selenium")
    if CHROMIUM is None or DRIVER is None:
        pytest.skip(MISSING)
    with headless_chromium() as driver:
        yield driver


@pytest.fixture(scope="module")
def served(site: Path) -> Iterator[str]:
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(site))
    handler.log_message = lambda *args: None  # type: ignore[attr-defined]
    with serving(http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)) as url:
        yield url


def _wait(driver: Any, css: str) -> Any:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, 20).until(ec.presence_of_element_located((By.CSS_SELECTOR, css)))


@pytest.mark.slow
def test_the_chinese_site_in_a_browser(browser: Any, served: str) -> None:
    from selenium.webdriver.common.by import By

    browser.get(f"{served}/zh/")
    _wait(browser, "article h1")
    assert browser.find_element(By.CSS_SELECTOR, "html").get_attribute("lang") == "zh"
    assert "从这里开始" in browser.find_element(By.CSS_SELECTOR, "article").text
    switch = {a.get_attribute("hreflang"): a.get_attribute("href")
              for a in browser.find_elements(By.CSS_SELECTOR, "a.md-select__link")}
    assert set(switch) == {"en", "zh"}, switch
    browser.get(f"{served}/zh/nim/")  # a game page: the example renders as code
    _wait(browser, "article pre code")
    article = browser.find_element(By.CSS_SELECTOR, "article")
    assert "尼姆博弈" in article.text and "Bouton" in article.text
    code = " ".join(c.text for c in browser.find_elements(By.CSS_SELECTOR, "article pre code"))
    assert ">>> answer = solve(load_game(\"nim\"), (3, 4, 5))" in code
    assert "grundy solve nim 3 4 5" in code
    english = next(a for a in browser.find_elements(By.CSS_SELECTOR, "a.md-select__link")
                   if a.get_attribute("hreflang") == "en")
    browser.get(english.get_attribute("href"))  # the switch goes to the same page in English
    _wait(browser, "article h1")
    assert browser.current_url.rstrip("/").endswith("/nim")
    assert browser.find_element(By.CSS_SELECTOR, "html").get_attribute("lang") == "en"
    assert browser.find_element(By.CSS_SELECTOR, "article h1").text.startswith("Nim")


@pytest.mark.slow
def test_search_finds_a_chinese_word(browser: Any, served: str) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    browser.get(f"{served}/zh/?q=巴什博弈")  # (the theme opens its search with ?q=)
    WebDriverWait(browser, 30).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, ".md-search-result__item"))
    links = [a.get_attribute("href")
             for a in browser.find_elements(By.CSS_SELECTOR, ".md-search-result__link")]
    assert any("/bash/" in link for link in links), links


def test_grundy_serve_links_to_the_docs(tmp_path: Path) -> None:
    pytest.importorskip("flask", reason="grundy serve needs Flask: pip install 'grundy[web]'")
    from grundy.web.app import create_app

    client = create_app().test_client()
    assert 'href="/docs/"' in client.get("/").get_data(as_text=True)
    missing = client.get("/docs/").get_data(as_text=True)
    assert "mkdocs build" in missing and "grundy serve --docs site" in missing
    (tmp_path / "zh" / "nim").mkdir(parents=True)
    (tmp_path / "index.html").write_text("<h1>grundy docs</h1>", encoding="utf-8")
    (tmp_path / "zh" / "nim" / "index.html").write_text("<h1>尼姆博弈</h1>", encoding="utf-8")
    client = create_app(str(tmp_path)).test_client()
    assert client.get("/docs/").get_data(as_text=True) == "<h1>grundy docs</h1>"
    assert "尼姆博弈" in client.get("/docs/zh/nim/").get_data(as_text=True)
    assert client.get("/docs/../pyproject.toml").status_code == 404
