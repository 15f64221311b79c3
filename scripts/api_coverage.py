#!/usr/bin/env python3
"""Writes docs/api-coverage.md from the code: every public UIKit, Core Animation, Core Graphics
and Foundation type and member Flipbook offers to ported iOS code, so a user knows before
porting (docs/porting.md links it). `--check` exits 1 when the page is not what the code says
(scripts/lint.sh runs it, so CI keeps the page true).

A small reader of Swift declarations, not a parser: it follows braces to know which type a
`public`/`open` declaration belongs to (types, extensions, nested types), and lists each member
by its name and argument labels, as Apple's documentation names them (`add(_:forKey:)`).
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCES = os.path.join(ROOT, "Sources")
PAGE = os.path.join(ROOT, "docs", "api-coverage.md")
# Folders under Sources/ → the framework they mirror. A folder listed under one framework is
# left out of the walk of a folder above it listed under another (UIKit's Core Text functions).
FRAMEWORKS = [
    (["FlipbookUIKit"], "UIKit"),
    (["FlipbookCore/CoreAnimation"], "Core Animation (QuartzCore)"),
    (["FlipbookCore/CoreGraphics"], "Core Graphics"),
    (["FlipbookCore/CoreText", "FlipbookUIKit/CoreText"], "Core Text"),
    (["FlipbookCore/Foundation"], "Foundation (key-value observing)"),
    (["FlipbookCore/Porting", "FlipbookUIKit/Porting"], "Darwin, Core Foundation and older Swift names"),
    (["ImageIO"], "ImageIO (`import ImageIO`, Linux)"),
    (["MobileCoreServices"], "Mobile Core Services (`import MobileCoreServices`, Linux)"),
    (["UniformTypeIdentifiers"], "Uniform Type Identifiers (`import UniformTypeIdentifiers`, Linux)"),
    (["FlipbookLottie"], "Lottie (`import Lottie`: lottie-ios's names)"),
]
LISTED = {os.path.join(SOURCES, folder) for folders, _ in FRAMEWORKS for folder in folders}
TYPE = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:public|open)\s+(?:final\s+)?(?:indirect\s+)?(class|struct|enum|protocol|typealias)\s+(?!(?:var|func|let|subscript)\b)(\w+)")
EXTENSION = re.compile(r"^\s*(?:public\s+)?extension\s+([\w.]+)")
PRIVATE_TYPE = re.compile(r"^\s*(?:private|fileprivate|internal|package)?\s*(?:final\s+)?(?:class|struct|enum|protocol)\s+(\w+)")
MEMBER = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|open)(?:\s+(?:private|internal)\(set\))?\s+)"
    r"(?:(?:static|class|final|override|convenience|required|nonisolated|mutating|@discardableResult)\s+)*"
    r"(func\s+([^\s(<]+)|init[?!]?|var\s+(\w+)|let\s+(\w+)|case\s+(\w+)|subscript)")


def labels(line: str) -> str:
    """`(_:forKey:)` from a declaration's parameter list."""
    start = line.find("(")
    if start < 0:
        return "()"
    depth, params, current = 0, [], ""
    for ch in line[start:]:
        if ch == "(":
            depth += 1
            if depth == 1:
                continue
        elif ch == ")":
            depth -= 1
            if depth == 0:
                break
        if depth == 1 and ch == ",":
            params.append(current)
            current = ""
        else:
            current += ch
    if current.strip():
        params.append(current)
    names = []
    for p in params:
        head = p.split(":")[0].strip().split()
        if head:
            names.append(head[0] + ":")
    return "(" + "".join(names) + ")"


def declarations(path: str):
    """(type, member or None) for every public declaration in the file."""
    stack = []  # (name or None, depth at which its body opened)
    kinds = {}
    depth = 0
    pending = None
    out = []
    in_literal = False
    # A declaration whose parameters run over several lines is read as one line.
    joined, buffer = [], ""
    for raw in open(path, encoding="utf-8"):
        buffer += (" " + raw.strip()) if buffer else raw.rstrip("\n")
        if MEMBER.match(buffer) and buffer.count("(") > buffer.count(")") and buffer.count("\n") < 12 and '"' not in raw:
            continue
        joined.append(buffer)
        buffer = ""
    if buffer:
        joined.append(buffer)
    for raw in joined:
        line = raw.split("//")[0] if '"' not in raw else raw
        if raw.count('"""') % 2 == 1:
            in_literal = not in_literal
            continue
        if in_literal:
            continue
        owner = stack[-1][0] if stack else None
        m = TYPE.match(line)
        e = EXTENSION.match(line)
        p = PRIVATE_TYPE.match(line)
        if m:
            name = m.group(2) if owner is None else f"{owner}.{m.group(2)}"
            out.append((name, None, m.group(1)))
            kinds[name] = m.group(1)
            inline = re.search(r"\{\s*case\s+([^}]*)", line)
            if m.group(1) == "enum" and inline:
                # `enum Style: Int { case a, b }` on one line.
                for case in re.sub(r"\([^)]*\)", "", inline.group(1)).split(","):
                    case = case.split("=")[0].strip().strip("`")
                    if case:
                        out.append((name, case, None))
            if m.group(1) != "typealias":
                pending = name
        elif e:
            pending = e.group(1)
        elif p and not line.strip().startswith(("case", "func", "var", "let")):
            pending = "~private"
        elif (
            owner and kinds.get(owner) == "enum" and stack[-1][1] == depth
            and re.match(r"^\s*case\s+[a-zA-Z_`]", line)
        ):
            # An enum's cases (public with the enum): `case light, medium(Int)`.
            body = re.sub(r"\([^)]*\)", "", line.strip()[4:].split("//")[0])
            for name in body.split(","):
                name = name.split("=")[0].strip().strip("`")
                if name:
                    out.append((owner, name, None))
        else:
            # SPI (`@_spi(…)`) is for Flipbook's own modules, not ported code.
            mm = MEMBER.match(line) if "@_spi(" not in line else None
            if mm and owner and owner != "~private":
                if mm.group(2):
                    member = mm.group(2).strip("`") + labels(line)
                elif mm.group(1).startswith("init"):
                    member = "init" + labels(line)
                elif mm.group(1) == "subscript":
                    member = "subscript" + labels(line)
                else:
                    member = mm.group(3) or mm.group(4) or mm.group(5)
                out.append((owner, member, None))
            elif mm and owner is None and (mm.group(3) or mm.group(4) or mm.group(2)):
                out.append(("(global)", mm.group(3) or mm.group(4) or (mm.group(2) + labels(line)), None))
        for ch in line:
            if ch == "{":
                depth += 1
                if pending is not None:
                    stack.append((pending, depth))
                    pending = None
            elif ch == "}":
                if stack and stack[-1][1] == depth:
                    stack.pop()
                depth -= 1
        if pending is not None and line.rstrip().endswith(("}", ")")) and "{" not in line:
            pending = None
    return out


def page() -> str:
    lines = [
        "# API coverage",
        "",
        "Every UIKit, Core Animation, Core Graphics, ImageIO and Foundation type and member Flipbook offers to",
        "ported iOS code, by the framework it mirrors, written from the code by",
        "`scripts/api_coverage.py` (CI checks that this page is what the code says). A member not",
        "listed is not there: docs/porting.md says what each missing piece takes.",
        "",
    ]
    for folders, title in FRAMEWORKS:
        types = {}
        kinds = {}
        walks = []
        for folder in folders:
            for dirpath, dirnames, files in os.walk(os.path.join(SOURCES, folder)):
                dirnames[:] = [d for d in dirnames if os.path.join(dirpath, d) not in LISTED]
                walks.append((dirpath, files))
        for dirpath, files in sorted(walks):
            for f in sorted(files):
                if not f.endswith(".swift"):
                    continue
                for owner, member, kind in declarations(os.path.join(dirpath, f)):
                    types.setdefault(owner, set())
                    if kind:
                        kinds[owner] = kind
                    if member:
                        types[owner].add(member)
        lines += [f"## {title}", ""]
        for name in sorted(types, key=lambda n: (n == "(global)", n.lower())):
            members = sorted(types[name], key=str.lower)
            kind = kinds.get(name, "extension")
            head = f"- **{name}**" + (f" ({kind})" if kind != "extension" and name != "(global)" else "")
            lines.append(head + (": " + ", ".join(f"`{m}`" for m in members) if members else ""))
        lines.append("")
    return "\n".join(lines)


def main() -> int:
    text = page()
    if "--check" in sys.argv:
        current = open(PAGE, encoding="utf-8").read() if os.path.exists(PAGE) else ""
        if current != text:
            print("docs/api-coverage.md is not what the code offers: run scripts/api_coverage.py", file=sys.stderr)
            return 1
        print("api coverage: docs/api-coverage.md matches the code")
        return 0
    with open(PAGE, "w", encoding="utf-8") as f:
        f.write(text)
    print(f"wrote {os.path.relpath(PAGE, ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
