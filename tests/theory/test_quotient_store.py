"""Stored misère quotients (grundy.theory.quotient.store): a file round-trips, and a damaged, edited
or foreign file is refused with one line — never answers. Answers of a loaded quotient are checked
against the independent whole-sum brute force of tests/theory/test_quotient.py."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from grundy.catalog import load_game
from grundy.errors import InvalidInputError
from grundy.theory.quotient import misere_quotient
from grundy.theory.quotient.store import QuotientFileError, _digest, load_quotient, save_quotient
from tests.theory.test_quotient import brute_p


def _rewrite(path: Path, edit) -> None:  # type: ignore[no-untyped-def]
    """Apply ``edit`` to the stored payload and write it back with a fresh, valid checksum."""
    data = json.loads(path.read_text())
    data.pop("sha256")
    edit(data)
    path.write_text(json.dumps({**data, "sha256": _digest(data)}))


@pytest.mark.parametrize(("code", "upto"), [("0.77", 20), ("0.72", None), ("0.07", 14)])
def test_round_trip_keeps_the_quotient_and_its_answers(tmp_path: Path, code: str, upto: int | None) -> None:
    game = load_game(f"octal({code})")
    q = misere_quotient(game, upto=upto)
    path = tmp_path / "q.json"
    save_quotient(q, path)
    back = load_quotient(game, path)
    assert (back.table, back.p, back.heaps, back.options) == (q.table, q.p, q.heaps, q.options)
    assert (back.status, back.period, back.preperiod, back.relations) == (q.status, q.period, q.preperiod,
                                                                           q.relations)
    assert back.verified_states > 0
    rnd = random.Random(code)
    for _ in range(30):
        position = tuple(sorted(rnd.randint(1, 9) for _ in range(rnd.randint(2, 4))))
        assert (back.outcome(position).value == "P") == brute_p(code, position), position


def test_damaged_edited_or_foreign_files_are_refused(tmp_path: Path) -> None:
    game = load_game("octal(0.75)")
    q = misere_quotient(game, upto=12)
    good = tmp_path / "good.json"
    save_quotient(q, good)
    text = good.read_text()

    def refused(path: Path, why: str, against=game) -> None:  # type: ignore[no-untyped-def]
        with pytest.raises(QuotientFileError, match=why) as info:
            load_quotient(against, path)
        assert str(path) in str(info.value) and "\n" not in str(info.value)

    bad = tmp_path / "bad.json"
    i = text.index('"table": [[') + 11
    bad.write_text(text[:i] + ("1" if text[i] != "1" else "2") + text[i + 1:])  # one digit changed
    refused(bad, "checksum mismatch")
    bad.write_text(text[: len(text) // 2])
    refused(bad, "cannot read it")
    bad.write_bytes(b"\xff\xfe\x00garbage")
    refused(bad, "cannot read it")
    refused(tmp_path / "missing.json", "cannot read it")
    bad.write_text(json.dumps({"format": "something else"}))
    refused(bad, "not a grundy-misere-quotient file")
    refused(good, "stored for 'octal\\(0.75\\)'", load_game("kayles"))
    for x in range(q.order):  # every P-portion edited one element at a time: always refused
        bad.write_text(text)
        _rewrite(bad, lambda d, x=x: d["p"].__setitem__(x, 1 - d["p"][x]))
        refused(bad, "not a usable")
    bad.write_text(text)
    _rewrite(bad, lambda d: d["table"][1].__setitem__(1, (d["table"][1][1] + 1) % q.order))
    refused(bad, "not a commutative monoid|not associative|verification failed|not reduced")
    bad.write_text(text)
    _rewrite(bad, lambda d: d["table"][0].__setitem__(0, 99))
    refused(bad, "malformed")


def test_edited_heap_images_are_refused_or_still_right(tmp_path: Path) -> None:
    game = load_game("octal(0.77)")
    q = misere_quotient(game, upto=10)
    path = tmp_path / "q.json"
    save_quotient(q, path)
    text = path.read_text()
    for n in range(1, 11):
        for x in range(q.order):
            if x == q.heaps[n]:
                continue
            path.write_text(text)
            _rewrite(path, lambda d, n=n, x=x: d["heaps"].__setitem__(n, x))
            with pytest.raises(QuotientFileError):
                load_quotient(game, path)


# --- the command line: grundy table GAME --misere --quotient --store F, grundy solve --quotient-file F


def test_table_store_round_trip_builds_on_and_solve_uses_the_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from grundy.theory.quotient import play as quotient_play
    from tests.helpers import run

    path = str(tmp_path / "q.json")
    code, out, err = run(capsys, "table", "octal(0.07)", "--misere", "--quotient", "--upto", "9",
                         "--store", path, "--json")
    assert code == 0, err
    small = json.loads(out)["quotient"]
    assert load_quotient(load_game("octal(0.07)"), path).checked_upto == 9
    # a larger range is built on from the file, and equals the quotient computed afresh
    code, out, err = run(capsys, "table", "octal(0.07)", "--misere", "--quotient", "--upto", "14",
                         "--store", path, "--json")
    assert code == 0, err
    fresh = misere_quotient(load_game("octal(0.07)"), upto=14)
    stored = load_quotient(load_game("octal(0.07)"), path)
    assert stored.checked_upto == 14
    assert (stored.table, stored.p, stored.heaps) == (fresh.table, fresh.p, fresh.heaps)
    assert json.loads(out)["quotient"]["order"] == fresh.order
    # the same range again is read from the file; a smaller one is computed and leaves the file
    before = Path(path).read_text()
    code, out, _ = run(capsys, "table", "octal(0.07)", "--misere", "--quotient", "--upto", "9",
                       "--store", path, "--json")
    assert code == 0 and json.loads(out)["quotient"] == small and Path(path).read_text() == before
    # solve uses the file (its range shows in the reason) and answers as the brute force does
    monkeypatch.setattr(quotient_play, "_QUOTIENTS", quotient_play.QuotientCache())
    rnd = random.Random(7)
    for _ in range(6):
        position = tuple(sorted(rnd.randint(1, 14) for _ in range(rnd.randint(2, 3))))
        code, out, err = run(capsys, "solve", "octal(0.07)", *map(str, position), "--misere",
                             "--quotient-file", path, "--json")
        assert code == 0, err
        data = json.loads(out)
        assert (data["outcome"] == "P") == brute_p("0.07", position), position
        assert "heaps ≤ 14" in data["reason"]


def test_table_store_and_quotient_file_refuse_damaged_and_foreign_files(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from tests.helpers import run

    path = tmp_path / "q.json"
    save_quotient(misere_quotient(load_game("octal(0.75)"), upto=10), path)
    table = ("table", "octal(0.75)", "--misere", "--quotient", "--upto", "10", "--store", str(path))
    for argv in (("table", "kayles", "--misere", "--quotient", "--upto", "10", "--store", str(path)),
                 ("solve", "kayles", "3", "4", "--misere", "--quotient-file", str(path))):
        code, out, err = run(capsys, *argv)  # another game's file
        assert code == 2 and out == "" and "stored for 'octal(0.75)'" in err and len(err.splitlines()) == 1
    _rewrite(path, lambda d: d["p"].__setitem__(0, 1 - d["p"][0]))  # an edit with a valid checksum
    for argv in (table, ("solve", "octal(0.75)", "3", "4", "--misere", "--quotient-file", str(path))):
        code, out, err = run(capsys, *argv)
        assert code == 2 and out == "" and len(err.splitlines()) == 1
        assert "not a usable misère quotient" in err
    path.write_text(path.read_text()[:-40])  # truncated
    code, _, err = run(capsys, *table)
    assert code == 2 and "--rebuild" in err
    code, out, err = run(capsys, *table, "--rebuild", "--json")  # computed again and written
    assert code == 0, err
    assert json.loads(out)["quotient"]["order"] == load_quotient(load_game("octal(0.75)"), path).order
    code, _, err = run(capsys, "solve", "octal(0.75)", "3", "--quotient-file", str(path))
    assert code == 2 and "--misere" in err


def test_a_write_that_fails_half_way_keeps_the_previous_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                                             ) -> None:
    """A disk that fills (or a kill) while the quotient is written: the file written before is
    still there and still loads; the error is one line quoting the file."""
    import builtins
    import errno
    import io

    game = load_game("octal(0.75)")
    path = tmp_path / "q.json"
    save_quotient(misere_quotient(game, upto=8), path)
    before = path.read_text()
    real_open = builtins.open

    class Full(io.StringIO):
        def __init__(self, handle: object) -> None:
            super().__init__()
            self.handle = handle

        def write(self, text: str) -> int:
            self.handle.write(text[: len(text) // 2])  # type: ignore[attr-defined]
            self.handle.flush()  # type: ignore[attr-defined]
            raise OSError(errno.ENOSPC, "No space left on device")

        def __exit__(self, *exc: object) -> None:
            self.handle.close()  # type: ignore[attr-defined]

    def full_disk(file: object, mode: str = "r", *args: object, **kwargs: object) -> object:
        handle = real_open(file, mode, *args, **kwargs)  # type: ignore[call-overload]
        return Full(handle) if "w" in mode else handle

    monkeypatch.setattr(builtins, "open", full_disk)
    monkeypatch.setattr(io, "open", full_disk)
    with pytest.raises(InvalidInputError, match="No space left") as info:
        save_quotient(misere_quotient(game, upto=12), path)
    monkeypatch.undo()
    assert str(path) in str(info.value) and "\n" not in str(info.value)
    assert path.read_text() == before and load_quotient(game, path).checked_upto == 8
    assert sorted(p.name for p in tmp_path.iterdir()) == ["q.json"]  # (no half-written file left)


def test_store_paths_that_cannot_be_written_are_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                                         ) -> None:
    from tests.helpers import run

    (tmp_path / "dir").mkdir()
    for where, words in (("dir", "is a directory"), ("none/q.json", "no directory")):
        for extra in ((), ("--rebuild",)):
            code, out, err = run(capsys, "table", "kayles", "--misere", "--quotient", "--upto", "6",
                                 "--store", str(tmp_path / where), *extra)
            assert code == 2 and out == "" and words in err and len(err.splitlines()) == 1, err
            assert "--rebuild" not in err  # (rebuilding would not help)


def test_a_run_killed_while_it_settles_heaps_keeps_those_settled(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    from grundy.theory.quotient import settling
    from grundy.theory.quotient.store import stored_quotient

    class Killed(BaseException):
        """Stands for SIGKILL."""

    game, path = load_game("octal(0.07)"), tmp_path / "q.json"
    real, calls = settling.settle, [0]

    def killed_at_the_sixth(*args: object) -> object:
        calls[0] += 1
        if calls[0] == 6:
            raise Killed
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(settling, "settle", killed_at_the_sixth)
    with pytest.raises(Killed):
        stored_quotient(game, 12, path)
    monkeypatch.undo()
    assert load_quotient(game, path).checked_upto == 5  # heaps 1..5 settled and kept
    q, fresh = stored_quotient(game, 12, path), misere_quotient(game, upto=12)
    assert (q.table, q.p, q.heaps, q.status) == (fresh.table, fresh.p, fresh.heaps, fresh.status)
    assert load_quotient(game, path).checked_upto == 12
    for position in ((1, 2, 3), (4, 4), (5, 7, 12), (2, 9, 11)):
        assert (q.outcome(position).value == "P") == brute_p("0.07", position), position
