"""The corpus's exports, made once a run for the tests that read them back."""

from __future__ import annotations

import pytest

from tests.firmware_host.store.corpus_exports import CorpusExports


@pytest.fixture(scope="session")
def corpus_exports(tmp_path_factory: pytest.TempPathFactory) -> CorpusExports:
    """Every corpus file read in and exported in every format (``CorpusExports``)."""
    return CorpusExports(tmp_path_factory.mktemp("corpus-exports"))
