"""SourceMap finds the line of every key path a profile error may name."""

from __future__ import annotations

import tomllib

from hardware.toml_lines import SourceMap


def test_plain_keys_and_table_headers() -> None:
    text = 'name = "board"\n\n# a comment\n[scan]\nhz = 100\n  debounce = 3\n'
    lines = SourceMap.of(text)
    assert lines.line(("name",)) == 1
    assert lines.line(("scan",)) == 4
    assert lines.line(("scan", "hz")) == 5
    assert lines.line(("scan", "debounce")) == 6


def test_dotted_and_quoted_keys() -> None:
    text = (
        "leds.count = 12\n"  # 1
        '[leds.spots]\n"hand:b:C" = 15\n'  # 2, 3
        "'hand:w:C' = 16\n"  # 4
        '[leds . "indicators"]\n"turn:0" = 13\n'  # 5, 6
    )
    lines = SourceMap.of(text)
    assert lines.line(("leds", "count")) == 1
    assert lines.line(("leds", "spots")) == 2
    assert lines.line(("leds", "spots", "hand:b:C")) == 3
    assert lines.line(("leds", "spots", "hand:w:C")) == 4
    assert lines.line(("leds", "indicators")) == 5
    assert lines.line(("leds", "indicators", "turn:0")) == 6


def test_arrays_of_tables_are_indexed_and_own_their_sub_tables() -> None:
    text = (
        "[[mcp23017]]\n"  # 1
        "address = 0x20\n"  # 2
        "[mcp23017.channels]\n"  # 3
        'A0 = "3a"\n'  # 4
        "\n"  # 5
        "[[mcp23017]]\n"  # 6
        "address = 0x21\n"  # 7
        "[mcp23017.channels]\n"  # 8
        'B1 = "3b"\n'  # 9
    )
    lines = SourceMap.of(text)
    assert lines.line(("mcp23017",)) == 1
    assert lines.line(("mcp23017", 0)) == 1
    assert lines.line(("mcp23017", 0, "address")) == 2
    assert lines.line(("mcp23017", 0, "channels")) == 3
    assert lines.line(("mcp23017", 0, "channels", "A0")) == 4
    assert lines.line(("mcp23017", 1)) == 6
    assert lines.line(("mcp23017", 1, "address")) == 7
    assert lines.line(("mcp23017", 1, "channels")) == 8
    assert lines.line(("mcp23017", 1, "channels", "B1")) == 9


def test_keys_of_one_line_inline_tables() -> None:
    text = (
        "[[mcp23017]]\n"  # 1
        "address = 0x20\n"  # 2
        'channels = { A0 = "3a", A1 = "2a" }\n'  # 3
        "[[mcp23017]]\n"  # 4
        "address = 0x21\n"  # 5
        'channels = {A0="3c",\'B2\'="1d"}\n'  # 6
    )
    lines = SourceMap.of(text)
    assert lines.line(("mcp23017", 0, "channels")) == 3
    assert lines.line(("mcp23017", 0, "channels", "A0")) == 3
    assert lines.line(("mcp23017", 0, "channels", "A1")) == 3
    assert lines.line(("mcp23017", 1, "channels", "A0")) == 6
    assert lines.line(("mcp23017", 1, "channels", "B2")) == 6


def test_an_unwritten_key_falls_back_to_its_nearest_written_table() -> None:
    text = '[leds]\ncount = 3\n[leds.spots]\n"3a" = 0\n'
    lines = SourceMap.of(text)
    assert lines.line(("leds", "gpio")) == 1
    assert lines.line(("leds", "spots", "2a")) == 3
    assert lines.line(("scan", "hz")) is None
    assert lines.line(()) is None


def test_a_value_that_looks_like_a_key_is_not_one() -> None:
    text = 'name = "a = b"\n[scan]\nhz = 100 # debounce = 3\n'
    lines = SourceMap.of(text)
    assert lines.line(("name",)) == 1
    assert lines.line(("scan", "hz")) == 3
    assert ("scan", "debounce") not in lines.lines
    assert ("a",) not in lines.lines


def test_rows_of_a_multi_line_array_are_not_table_headers() -> None:
    # TOML lets the last row go without a trailing comma; that row must not be
    # taken for a [table] header that swallows the keys after the array.
    text = (
        "[leds]\n"  # 1
        "count = 12\n"  # 2
        "grid = [\n"  # 3
        '    ["3a", "2a", "1a"],\n'  # 4
        '    ["3b", "2b", "1b"]\n'  # 5
        "]\n"  # 6
        "serpentine = true\n"  # 7
        "first = [\n"  # 8
        "  1, # a comment with a ] bracket\n"  # 9
        '  "]",\n'  # 10
        "  [2]\n"  # 11
        "]\n"  # 12
        "corners = false\n"  # 13
    )
    tomllib.loads(text)  # the text is valid TOML
    lines = SourceMap.of(text)
    assert lines.line(("leds", "grid")) == 3
    assert lines.line(("leds", "serpentine")) == 7
    assert lines.line(("leds", "first")) == 8
    assert lines.line(("leds", "corners")) == 13
    assert set(lines.lines) == {
        ("leds",),
        ("leds", "count"),
        ("leds", "grid"),
        ("leds", "serpentine"),
        ("leds", "first"),
        ("leds", "corners"),
    }


def test_lines_of_a_multi_line_string_are_not_keys_or_headers() -> None:
    text = (
        'name = """\n'  # 1
        "[scan]\n"  # 2
        "hz = 5\n"  # 3
        '"""\n'  # 4
        "games = ['x']\n"  # 5
        "[leds]\n"  # 6
        "count = 3\n"  # 7
    )
    tomllib.loads(text)
    lines = SourceMap.of(text)
    assert lines.line(("games",)) == 5
    assert lines.line(("leds", "count")) == 7
    assert ("scan",) not in lines.lines
    assert ("scan", "hz") not in lines.lines


def test_brackets_and_quotes_inside_one_line_strings_open_nothing() -> None:
    text = 'name = "a \\" [ {"\nsensing = \'[\'\n[scan]\nhz = 5\n'
    assert tomllib.loads(text)["name"] == 'a " [ {'
    lines = SourceMap.of(text)
    assert lines.line(("sensing",)) == 2
    assert lines.line(("scan", "hz")) == 4


def test_nested_arrays_of_tables_count_per_outer_element() -> None:
    text = (
        "[[adc]]\n"  # 1
        "address = 0x48\n"  # 2
        "[[adc.mux]]\n"  # 3
        "input = 0\n"  # 4
        "[[adc.mux]]\n"  # 5
        "input = 1\n"  # 6
        "[adc.mux.channels]\n"  # 7
        'I0 = "9a"\n'  # 8
        "[[adc]]\n"  # 9
        "address = 0x49\n"  # 10
        "[[adc.mux]]\n"  # 11
        "input = 3\n"  # 12
    )
    source = SourceMap.of(text)
    assert source.line(("adc", 0, "mux", 1, "input")) == 6
    assert source.line(("adc", 0, "mux", 1, "channels", "I0")) == 8
    assert source.line(("adc", 1, "mux", 0, "input")) == 12  # the second ADC's first mux
    assert source.line(("adc", 1, "address")) == 10
