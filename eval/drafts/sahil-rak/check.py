#!/usr/bin/env python3
"""Validate the drafts-rak set: knowledge base front matter, drafts.jsonl fields,
counts, and that every {{doc|Section}} citation resolves to a document id and an
exact `## Section` heading of that document (or {{doc|}} for the text before the
first heading). Also checks that `lang` agrees with the draft's script and the
cited documents' languages. Exit status 0 when everything passes."""
import collections
import json
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent
KB = ROOT / "kb"
DRAFTS = ROOT / "drafts.jsonl"

FIELDS = ["id", "lang", "question", "draft", "label", "category", "note"]
LANGS = {"en", "ar", "cross"}
LABELS = {"faithful", "unsafe"}
CATEGORIES = [
    "paraphrase", "quantity", "case_alignment", "key_term", "condition", "scope",
    "negation", "clitics_dialect", "cross_lingual", "courtesy", "citation_form",
    "secret_request", "bidi",
]
EXPECTED_TOTAL = 120
MIN_CROSS = 20
CITE = re.compile(r"\{\{([^{}|]+)\|([^{}]*)\}\}")
BIDI = re.compile("[\u202a-\u202e\u2066-\u2069]")
ARABIC = re.compile("[\u0600-\u06ff]")
LATIN = re.compile("[A-Za-z]")

errors = []


def err(msg):
    errors.append(msg)


def load_kb():
    docs = {}
    for path in sorted(KB.glob("*.md")):
        text = path.read_text(encoding="utf-8")
        m = re.match(r"---\n(.*?)\n---\n", text, re.S)
        if not m:
            err(f"{path.name}: no YAML front matter")
            continue
        meta = {}
        for line in m.group(1).splitlines():
            k, _, v = line.partition(":")
            meta[k.strip()] = v.strip()
        for k in ("id", "title", "lang", "topic"):
            if not meta.get(k):
                err(f"{path.name}: front matter lacks {k}")
        if meta.get("id") != path.stem:
            err(f"{path.name}: id {meta.get('id')!r} differs from file name")
        if meta.get("lang") not in ("en", "ar"):
            err(f"{path.name}: lang must be en or ar")
        body = text[m.end():]
        titles = [l for l in body.splitlines() if l.startswith("# ")]
        if len(titles) != 1:
            err(f"{path.name}: expected one '# Title' line, found {len(titles)}")
        headings = [l[3:].strip() for l in body.splitlines() if l.startswith("## ")]
        if len(headings) != len(set(headings)):
            err(f"{path.name}: duplicate section headings")
        # section sizes, for information
        sizes = {}
        current = ""
        for line in body.splitlines():
            if line.startswith("## "):
                current = line[3:].strip()
                sizes[current] = 0
            else:
                sizes[current] = sizes.get(current, 0) + len(line) + 1
        intro = body.split("\n## ", 1)[0]
        has_intro = any(l.strip() and not l.startswith("# ") for l in intro.splitlines())
        docs[meta.get("id")] = {"lang": meta.get("lang"), "headings": set(headings),
                                "sizes": sizes, "has_intro": has_intro}
    return docs


def script_of(text):
    stripped = CITE.sub("", text)
    ar = len(ARABIC.findall(stripped))
    la = len(LATIN.findall(stripped))
    return "ar" if ar > la else "en"


def main():
    docs = load_kb()
    if len(docs) < 10:
        err(f"only {len(docs)} knowledge-base documents")
    kb_langs = collections.Counter(d["lang"] for d in docs.values())

    rows = []
    ids = set()
    for n, line in enumerate(DRAFTS.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            err(f"line {n}: empty line")
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError as e:
            err(f"line {n}: invalid JSON ({e})")
            continue
        if not isinstance(row, dict):
            err(f"line {n}: not an object")
            continue
        missing = [f for f in FIELDS if not isinstance(row.get(f), str) or not row.get(f).strip()]
        if missing:
            err(f"line {n}: missing or empty fields {missing}")
            continue
        extra = set(row) - set(FIELDS)
        if extra:
            err(f"line {n}: unexpected fields {sorted(extra)}")
        rid = row["id"]
        if rid in ids:
            err(f"{rid}: duplicate id")
        ids.add(rid)
        if row["lang"] not in LANGS:
            err(f"{rid}: bad lang {row['lang']!r}")
        if row["label"] not in LABELS:
            err(f"{rid}: bad label {row['label']!r}")
        if row["category"] not in CATEGORIES:
            err(f"{rid}: bad category {row['category']!r}")

        cites = CITE.findall(row["draft"])
        if not cites:
            err(f"{rid}: draft has no citation")
        cited_langs = set()
        for doc, section in cites:
            if doc not in docs:
                err(f"{rid}: unknown document {doc!r}")
                continue
            cited_langs.add(docs[doc]["lang"])
            if section != "" and section not in docs[doc]["headings"]:
                err(f"{rid}: {doc!r} has no section {section!r}")
            if section == "" and not docs[doc]["has_intro"]:
                err(f"{rid}: {doc!r} has no text before its first heading")
        if "{{" in CITE.sub("", row["draft"]) or "}}" in CITE.sub("", row["draft"]):
            err(f"{rid}: malformed citation braces")

        draft_lang = script_of(row["draft"])
        if row["lang"] == "cross":
            if cited_langs and draft_lang in cited_langs and len(cited_langs) == 1:
                err(f"{rid}: lang cross but draft ({draft_lang}) matches cited docs {cited_langs}")
        elif cited_langs:
            if row["lang"] != draft_lang:
                err(f"{rid}: lang {row['lang']} but draft looks {draft_lang}")
            if cited_langs != {row["lang"]}:
                err(f"{rid}: lang {row['lang']} but cites documents in {sorted(cited_langs)}")

        has_bidi = bool(BIDI.search(row["draft"]))
        if has_bidi and not (row["category"] == "bidi" and row["label"] == "unsafe"):
            err(f"{rid}: bidi override/isolate control outside an unsafe bidi draft")
        if row["category"] == "bidi" and row["label"] == "unsafe" and not has_bidi:
            err(f"{rid}: unsafe bidi draft without a bidi control")
        rows.append(row)

    labels = collections.Counter(r["label"] for r in rows)
    langs = collections.Counter(r["lang"] for r in rows)
    cats = collections.Counter(r["category"] for r in rows)
    if len(rows) != EXPECTED_TOTAL:
        err(f"{len(rows)} drafts, expected {EXPECTED_TOTAL}")
    if labels["faithful"] != labels["unsafe"]:
        err(f"labels unbalanced: {dict(labels)}")
    if langs["cross"] < MIN_CROSS:
        err(f"only {langs['cross']} cross drafts")
    for c in CATEGORIES:
        for lab in LABELS:
            if not any(r["category"] == c and r["label"] == lab for r in rows):
                err(f"category {c} has no {lab} draft")

    print(f"documents: {len(docs)} ({dict(kb_langs)})")
    big = [(d, s, n) for d, v in docs.items() for s, n in v["sizes"].items() if n > 900]
    for d, s, n in big:
        print(f"  note: {d} / {s or '(intro)'} is {n} characters")
    print(f"drafts: {len(rows)}  labels: {dict(labels)}  langs: {dict(langs)}")
    print(f"{'category':16} {'faithful':>8} {'unsafe':>7} {'en':>4} {'ar':>4} {'cross':>6}")
    for c in CATEGORIES:
        rs = [r for r in rows if r["category"] == c]
        f = sum(r["label"] == "faithful" for r in rs)
        print(f"{c:16} {f:>8} {len(rs) - f:>7} "
              f"{sum(r['lang'] == 'en' for r in rs):>4} {sum(r['lang'] == 'ar' for r in rs):>4} "
              f"{sum(r['lang'] == 'cross' for r in rs):>6}")
    if errors:
        print(f"\n{len(errors)} problem(s):")
        for e in errors:
            print("  " + e)
        return 1
    print("\nOK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
