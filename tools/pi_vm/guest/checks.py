"""The guest scripts' findings: one line each, ``ok`` or ``FAIL``, and their count (a
script exits 1 when any failed)."""


class Checks:
    def __init__(self) -> None:
        self.failed = 0

    def __call__(self, what: str, ok: bool, detail: str = "") -> bool:
        print(("ok   " if ok else "FAIL ") + what + (f": {detail}" if detail else ""), flush=True)
        self.failed += 0 if ok else 1
        return ok

    @property
    def status(self) -> int:
        return 1 if self.failed else 0
