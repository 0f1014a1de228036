"""The rules documents (``docs/rules/*.md``) as HTML for the web app's Rules panel.

Only the Markdown those documents use: ``#`` headings, paragraphs, ``-`` and ``1.`` lists (nested
by indenting, items running on over indented lines), ``|`` tables with a header row, and inline
`` `code` ``, ``**bold**`` and ``*italic*``.  Everything else is text.  Every character of the
source is escaped, so the only tags in the output are the ones written here.
"""

from __future__ import annotations

import html
import re

_HEADING = re.compile(r"(#{1,6}) +(.*)")
_ITEM = re.compile(r"( *)(-|\d+\.) +(.*)")
_CODE = re.compile(r"`([^`]+)`")
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_ITALIC = re.compile(r"(?<![\w*])\*(?=\S)(.+?)(?<=\S)\*(?![\w*])")


def inline(text: str) -> str:
    """One line's text as HTML: escaped, with code, bold and italic marked.

    >>> inline('The **100** bonus: `a<b` *"if 50"* <b>&')
    'The <strong>100</strong> bonus: <code>a&lt;b</code> <em>&quot;if 50&quot;</em> &lt;b&gt;&amp;'
    >>> inline("**`take`** or 3 * 4")
    '<strong><code>take</code></strong> or 3 * 4'
    """
    text = text.replace("\x00", "")
    codes: list[str] = []

    def keep(match: re.Match[str]) -> str:
        codes.append(f"<code>{html.escape(match.group(1))}</code>")
        return f"\x00{len(codes) - 1}\x00"

    out = html.escape(_CODE.sub(keep, text))
    out = _BOLD.sub(r"<strong>\1</strong>", out)
    out = _ITALIC.sub(r"<em>\1</em>", out)
    return re.sub("\x00(\\d+)\x00", lambda m: codes[int(m.group(1))], out)


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def _table(rows: list[str]) -> str:
    head, body = _cells(rows[0]), rows[1:]
    if body and set(body[0].replace("|", "").strip()) <= set("-: "):
        body = body[1:]
    out = ["<div class=\"table-scroll\"><table class=\"data\"><thead><tr>"]
    out += [f"<th scope=\"col\">{inline(c)}</th>" for c in head]
    out.append("</tr></thead><tbody>")
    for row in body:
        out.append("<tr>" + "".join(f"<td>{inline(c)}</td>" for c in _cells(row)) + "</tr>")
    out.append("</tbody></table></div>")
    return "".join(out)


def _list(lines: list[str]) -> str:
    """A list (its items' lines, each item's first line with its marker; nested items deeper)."""
    first = _ITEM.fullmatch(lines[0])
    assert first is not None
    indent, tag = len(first.group(1)), "ol" if first.group(2)[0].isdigit() else "ul"
    items: list[list[str]] = []
    for line in lines:
        match = _ITEM.fullmatch(line)
        if match and len(match.group(1)) <= indent:
            items.append([match.group(3)])
        else:
            items[-1].append(line)
    number = first.group(2)[:-1]
    out = [f"<{tag} start=\"{number}\">" if tag == "ol" and number != "1" else f"<{tag}>"]
    for item in items:
        text = [item[0]]
        rest = item[1:]
        while rest and not _ITEM.fullmatch(rest[0]):
            text.append(rest.pop(0).strip())
        out.append("<li>" + inline(" ".join(text)) + (_list(rest) if rest else "") + "</li>")
    out.append(f"</{tag}>")
    return "".join(out)


def to_html(markdown: str, shift: int = 0) -> str:
    """The document as HTML, each heading ``shift`` levels lower (``#`` is ``<h1>`` at 0).

    >>> print(to_html("# Go Fish\\n\\nAsk *nicely*.\\n\\n- one\\n  - inner,\\n    run on\\n- two", shift=1))
    <h2>Go Fish</h2>
    <p>Ask <em>nicely</em>.</p>
    <ul><li>one<ul><li>inner, run on</li></ul></li><li>two</li></ul>
    >>> print(to_html("| Box | Scores |\\n|---|---|\\n| `ones` | 1 <script> |").replace("><", ">\\n<"))
    <div class="table-scroll">
    <table class="data">
    <thead>
    <tr>
    <th scope="col">Box</th>
    <th scope="col">Scores</th>
    </tr>
    </thead>
    <tbody>
    <tr>
    <td>
    <code>ones</code>
    </td>
    <td>1 &lt;script&gt;</td>
    </tr>
    </tbody>
    </table>
    </div>
    """
    lines = markdown.replace("\r\n", "\n").split("\n")
    blocks: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.strip():
            i += 1
            continue
        heading = _HEADING.fullmatch(line)
        if heading:
            level = min(len(heading.group(1)) + shift, 6)
            blocks.append(f"<h{level}>{inline(heading.group(2).strip())}</h{level}>")
            i += 1
        elif line.startswith("|"):
            start = i
            while i < len(lines) and lines[i].startswith("|"):
                i += 1
            blocks.append(_table(lines[start:i]))
        elif _ITEM.fullmatch(line) and not line.startswith(" "):
            start = i
            while i < len(lines) and lines[i].strip() and (
                    _ITEM.fullmatch(lines[i]) or lines[i].startswith(" ")):
                i += 1
            blocks.append(_list(lines[start:i]))
        else:
            start = i
            while i < len(lines) and lines[i].strip() and not (
                    _HEADING.fullmatch(lines[i]) or lines[i].startswith("|") or _ITEM.fullmatch(lines[i])):
                i += 1
            blocks.append("<p>" + inline(" ".join(x.strip() for x in lines[start:i])) + "</p>")
    return "\n".join(blocks)
