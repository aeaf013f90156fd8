"""Reading request-length exports: formats, bad rows and hostile files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gpucalc.core.measured.length_records import LengthRecord
from gpucalc.io import lengths
from gpucalc.io.errors import InputFileError
from gpucalc.io.lengths import LengthsFormat, read_length_pairs, read_lengths


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(("header", "delimiter"), [
    ("input_tokens,output_tokens", ","),
    ("prompt_tokens;completion_tokens", ";"),
    ("ISL\tOSL", "\t"),
    ("Input Len,Output-Len", ","),
])
def test_csv_headers_and_delimiters(tmp_path: Path, header: str, delimiter: str) -> None:
    rows = [header, f"100{delimiter}20", f"3000{delimiter}400"]
    path = _write(tmp_path, "lens.csv", "\n".join(rows) + "\n")
    result = read_lengths(path)
    assert result.file_format is LengthsFormat.CSV
    assert [(r.input_tokens, r.output_tokens) for r in result.records] == [(100, 20), (3000, 400)]
    assert result.bad_rows == 0


def test_csv_with_conversation_and_turn_columns(tmp_path: Path) -> None:
    path = _write(tmp_path, "chat.csv", "session_id,turn_index,input_len,output_len\n"
                  "a,0,100,10\na,1,220,12\nb,0,50,5\n")
    result = read_lengths(path)
    assert result.records[1] == LengthRecord(220, 12, "a", 1)
    assert result.has_conversations


def test_headerless_csv_reads_first_two_columns(tmp_path: Path) -> None:
    path = _write(tmp_path, "plain.txt", "5,6\n7,8,extra\n")
    assert read_length_pairs(path) == [(5, 6), (7, 8)]


def test_jsonl_top_level_and_openai_usage(tmp_path: Path) -> None:
    lines = [{"usage": {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15}},
             {"input_tokens": 30, "output_tokens": 7, "conversation_id": "x", "turn": 2},
             {"isl": "40", "osl": 8.0}]
    path = _write(tmp_path, "log.jsonl", "\n".join(json.dumps(x) for x in lines) + "\n\n")
    result = read_lengths(path)
    assert result.file_format is LengthsFormat.JSONL
    assert result.records == (LengthRecord(10, 5), LengthRecord(30, 7, "x", 2), LengthRecord(40, 8))


def test_jsonl_detected_by_content_without_suffix(tmp_path: Path) -> None:
    path = _write(tmp_path, "export.log", '{"prompt_tokens": 3, "completion_tokens": 4}\n')
    assert read_length_pairs(path) == [(3, 4)]


def test_utf8_bom_is_accepted(tmp_path: Path) -> None:
    path = tmp_path / "bom.csv"
    path.write_bytes(b"\xef\xbb\xbfinput_tokens,output_tokens\n12,34\n")
    assert read_length_pairs(path) == [(12, 34)]


def test_bad_rows_are_counted_with_line_numbers(tmp_path: Path) -> None:
    rows = ["input_tokens,output_tokens", "100,20", "abc,3", "0,5", "1.5,2", "7", "",
            "8,-1", "9,99999999999", "10,10"]
    result = read_lengths(_write(tmp_path, "mixed.csv", "\n".join(rows)))
    assert [r.input_tokens for r in result.records] == [100, 10]
    assert result.rows_read == 8
    assert result.bad_rows == 6
    assert len(result.bad_row_examples) == lengths.MAX_BAD_ROW_EXAMPLES
    assert result.bad_row_examples[0].startswith("line 3: input tokens is not a number")
    assert result.bad_row_examples[1].startswith("line 4: input tokens is 0")
    assert result.bad_row_examples[3].startswith("line 6: has 1 columns")


def test_bad_json_lines_are_counted(tmp_path: Path) -> None:
    text = '{"isl": 1, "osl": 2}\n[1, 2]\n{not json\n{"isl": true, "osl": 2}\n{"usage": 5}\n'
    result = read_lengths(_write(tmp_path, "x.jsonl", text))
    assert result.bad_rows == 4
    assert result.bad_row_examples[0] == "line 2: is not a JSON object"
    assert "not valid JSON" in result.bad_row_examples[1]


def test_deeply_nested_json_line_is_a_bad_row(tmp_path: Path) -> None:
    text = '{"isl": 1, "osl": 2}\n' + '{"a":' * 100_000 + "1" + "}" * 100_000 + "\n"
    result = read_lengths(_write(tmp_path, "deep.jsonl", text))
    assert result.bad_rows == 1


def test_missing_columns_name_the_accepted_headers(tmp_path: Path) -> None:
    path = _write(tmp_path, "wrong.csv", "prompt_tokens,latency_ms\n10,5\n")
    with pytest.raises(InputFileError, match=r"no output-token column.*completion_tokens"):
        read_lengths(path)


def test_file_without_usable_rows_is_an_error(tmp_path: Path) -> None:
    path = _write(tmp_path, "bad.csv", "input_tokens,output_tokens\nx,y\n")
    with pytest.raises(InputFileError, match=r"no usable rows \(line 2: input tokens is not a number"):
        read_lengths(path)


@pytest.mark.parametrize("content", [b"", b"\n\n  \n"])
def test_empty_file(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "empty.csv"
    path.write_bytes(content)
    with pytest.raises(InputFileError, match="is empty"):
        read_lengths(path)


def test_header_only_file_has_no_usable_rows(tmp_path: Path) -> None:
    with pytest.raises(InputFileError, match="no data rows"):
        read_lengths(_write(tmp_path, "h.csv", "input_tokens,output_tokens\n"))


def test_binary_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "model.csv"
    path.write_bytes(bytes(range(256)) * 10)
    with pytest.raises(InputFileError, match="looks binary"):
        read_lengths(path)


def test_utf16_file_is_refused_with_advice(tmp_path: Path) -> None:
    path = tmp_path / "excel.csv"
    path.write_bytes("input_tokens,output_tokens\n1,2\n".encode("utf-16"))
    with pytest.raises(InputFileError, match="UTF-16 text; save it as UTF-8"):
        read_lengths(path)


def test_wrong_encoding_header_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "gbk.csv"
    path.write_bytes("输入,输出\n1,2\n".encode("gbk"))
    with pytest.raises(InputFileError, match="not UTF-8 text"):
        read_lengths(path)


def test_wrong_encoding_row_is_a_bad_row(tmp_path: Path) -> None:
    path = tmp_path / "rows.csv"
    path.write_bytes(b"session_id,input_tokens,output_tokens\n" + "会话".encode("gbk")
                     + b",1,2\nok,3,4\n")
    result = read_lengths(path)
    assert result.bad_rows == 1
    assert "not UTF-8" in result.bad_row_examples[0]


def test_json_array_gets_a_clear_message(tmp_path: Path) -> None:
    with pytest.raises(InputFileError, match="JSON array"):
        read_lengths(_write(tmp_path, "a.json", '[{"isl": 1, "osl": 2}]'))


def test_huge_file_is_refused_before_reading(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lengths, "MAX_LENGTHS_FILE_BYTES", 1000)
    path = _write(tmp_path, "big.csv", "input_tokens,output_tokens\n" + "100,20\n" * 200)
    with pytest.raises(InputFileError, match="a lengths file is at most"):
        read_lengths(path)


def test_row_limit_has_a_clear_message(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lengths, "MAX_LENGTH_ROWS", 10)
    path = _write(tmp_path, "many.csv", "input_tokens,output_tokens\n" + "100,20\n" * 11)
    with pytest.raises(InputFileError, match="more than 10 rows; sample the log"):
        read_lengths(path)


def test_overlong_line_is_a_bad_row(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lengths, "MAX_LINE_BYTES", 64)
    path = _write(tmp_path, "long.csv", "input_tokens,output_tokens\n1,2\n" + "9" * 500 + ",1\n3,4\n")
    result = read_lengths(path)
    assert [r.input_tokens for r in result.records] == [1, 3]
    assert result.bad_rows == 1


def test_missing_file_is_an_input_error(tmp_path: Path) -> None:
    with pytest.raises(InputFileError, match="cannot read lengths file"):
        read_lengths(tmp_path / "absent.csv")


def test_unicode_digits_that_are_not_numbers_are_bad_rows(tmp_path: Path) -> None:
    path = _write(tmp_path, "odd.csv", "input_tokens,output_tokens\n²,5\n１２,3\n")
    result = read_lengths(path)
    assert result.bad_rows == 1
    assert result.records == (LengthRecord(12, 3),)
