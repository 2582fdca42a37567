"""`scorecard export` and `scorecard check` on 1,000 vendors (5,000 cells, 50,000 evidence items).

Targets: export within 1.5x of json.dumps plus schema validation of the same document, measured
in this run; check under 2 s. Prints the ratios and exits 1 when a target is missed.
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from generate import large_snapshot
from typer.testing import CliRunner

from scorecard.cli import app
from scorecard.document.validate import validate_document
from scorecard.services.database import open_database, unit_of_work
from scorecard.storage.repository import write_snapshot

TODAY = date(2026, 11, 29)


def timed(action) -> float:  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def main() -> int:
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{folder}/bench.db"
        engine = open_database(url, today=TODAY, seed=False)
        with unit_of_work(engine) as session:
            write_snapshot(session, large_snapshot(vendors=1000, evidence_per_cell=10), "bench")
        engine.dispose()
        runner = CliRunner()
        out = Path(folder) / "export.json"
        args = ["--db", url, "--today", TODAY.isoformat()]
        export_s = timed(lambda: runner.invoke(app, [*args, "export", "--out", str(out)]))
        document = json.loads(out.read_text())
        assert len(document["vendors"]) == 1000
        baseline_s = timed(lambda: (validate_document(document), json.dumps(document, indent=2)))
        check_s = timed(lambda: runner.invoke(app, [*args, "check"]))
    ratio = export_s / baseline_s
    print(
        f"export: {export_s:.2f} s; json.dumps + schema validation: {baseline_s:.2f} s; ratio {ratio:.2f} (target <= 1.5)"
    )
    print(f"check: {check_s:.2f} s (target < 2.0)")
    return 0 if ratio <= 1.5 and check_s < 2.0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
