#!/usr/bin/env python3
"""How long the report page takes to show one long pair when it is clicked, in headless
Chromium, and how much it puts in the page.

The pair is made of random words (``--tokens`` for the prediction, half as many for its
reference, lines of 25 words), written by ``rougekit report --html`` once; the page is
opened from file:// and each type's explanation chosen in turn (``#pair=...&type=...``).
Reported per type: the time from setting the link until the explanation is drawn and laid
out (wall clock, best of ``--repeat``), the explanation's elements and characters. With
``--script FILE`` the same page is measured a second time with another ``report.js``
inlined in place of the shipped one (``git show REV:python/rougekit/explain/report.js``),
for a before/after on the same data.

Needs Debian's ``chromium`` and ``chromium-driver`` and ``selenium``.

    python benches/bench_report_page.py
    python benches/bench_report_page.py --tokens 200000 --script old-report.js \\
        --markdown benches/RESULTS.md --append
"""

from __future__ import annotations

import argparse
import os
import random
import tempfile
import time
from pathlib import Path
from typing import Any

from _common import machine_info, md_table, write_markdown

TYPES = ("rouge1", "rouge2", "rougeL", "rougeLsum")

_STATS = """
var e = document.getElementById('rk-explain');
return [e.getElementsByTagName('*').length, e.textContent.length];
"""


def _text(rng: random.Random, n: int) -> str:
    words = [f"w{rng.randrange(3000)}" for _ in range(n)]
    return "\n".join(" ".join(words[k : k + 25]) + " ." for k in range(0, n, 25))


def _page(tokens: int, folder: Path) -> Path:
    import json

    from rougekit.cli import main

    rng = random.Random(1)
    row = {"id": "long", "prediction": _text(rng, tokens), "references": [_text(rng, tokens // 2)]}
    src = folder / "long.jsonl"
    src.write_text(json.dumps(row) + "\n", encoding="utf-8")
    out = folder / "long.html"
    args = ["report", "--jsonl", str(src), "--name", "sys", "--stem", "--bootstrap", "20",
            "--trials", "20", "--no-progress", "--html", str(out)]  # fmt: skip
    if main(args) != 0:
        raise SystemExit("rougekit report failed")
    return out


def _with_script(page: Path, script: Path, out: Path) -> Path:
    text = page.read_text(encoding="utf-8")
    start = text.rindex("<script>") + len("<script>")
    end = text.rindex("</script>")
    out.write_text(text[:start] + script.read_text(encoding="utf-8") + text[end:], "utf-8")
    return out


def _driver() -> Any:
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1280,900"):  # fmt: skip
        options.add_argument(arg)
    options.binary_location = "/usr/bin/chromium"
    driver = webdriver.Chrome(options=options, service=Service("/usr/bin/chromedriver"))
    driver.set_script_timeout(600)
    return driver


def _measure(driver: Any, page: Path, repeat: int) -> dict[str, tuple[float, int, int]]:
    out: dict[str, tuple[float, int, int]] = {}
    for rouge_type in TYPES:
        best = float("inf")
        for _ in range(repeat):
            driver.get("about:blank")
            driver.get(page.as_uri())
            while driver.execute_script("return document.body.dataset.ready") != "1":
                time.sleep(0.05)
            start = time.perf_counter()
            driver.execute_script("location.hash = 'pair=long&type=' + arguments[0]", rouge_type)
            while driver.execute_script(
                "return document.getElementById('rk-explain').dataset.type !== arguments[0]",
                rouge_type,
            ):
                time.sleep(0.01)
            driver.execute_script("return document.body.offsetHeight")  # layout done
            best = min(best, time.perf_counter() - start)
        nodes, chars = driver.execute_script(_STATS)
        out[rouge_type] = (best, int(nodes), int(chars))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tokens", type=int, default=200_000)
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--script", type=Path, help="another report.js to measure as well")
    parser.add_argument("--markdown", type=Path)
    parser.add_argument("--append", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        written = time.perf_counter()
        page = _page(args.tokens, folder)
        written = time.perf_counter() - written
        pages = {"shipped report.js": page}
        if args.script:
            pages[f"{args.script.name}"] = _with_script(page, args.script, folder / "other.html")
        driver = _driver()
        try:
            results = {name: _measure(driver, p, args.repeat) for name, p in pages.items()}
        finally:
            driver.quit()
    rows = [
        [name, t, f"{s:.2f}", f"{nodes:,}", f"{chars:,}"]
        for name, per in results.items()
        for t, (s, nodes, chars) in per.items()
    ]
    table = md_table(["script", "type", "click to drawn s", "elements", "characters"], rows)
    load = os.getloadavg()[0]
    text = (
        f"## Report page: one long pair clicked (bench_report_page.py, {time.strftime('%Y-%m-%d')})"
        "\n\n"
        f"Pair: {args.tokens:,} vs {args.tokens // 2:,} random-word tokens; page written in "
        f"{written:.1f} s; best of {args.repeat}; load average at the end {load:.2f}.\n\n"
        f"Command: `python benches/bench_report_page.py --tokens {args.tokens}"
        + (f" --script {args.script.name}" if args.script else "")
        + "`\n\nMachine:\n\n"
        + "".join(f"- {k}: {v}\n" for k, v in machine_info())
        + "\n"
        + table
        + "\n"
    )
    print(text)
    if args.markdown:
        write_markdown(args.markdown, text, args.append)


if __name__ == "__main__":
    main()
