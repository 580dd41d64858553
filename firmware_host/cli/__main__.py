"""``python -m firmware_host.cli``: the ``kiban`` command."""

from __future__ import annotations

from firmware_host.cli.main import main

raise SystemExit(main())
