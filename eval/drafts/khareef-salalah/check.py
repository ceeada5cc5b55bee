#!/usr/bin/env python3
"""Validate the Khareef Boutique draft set: kb/*.md and drafts.jsonl.

Run from anywhere: python3 check.py
Exits 1 and lists the problems when something is wrong; prints the count
table (markdown) in every case.
"""
import json
import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent
KB = ROOT / "kb"
DRAFTS = ROOT / "drafts.jsonl"

FIELDS = ["id", "lang", "question", "draft", "label", "category", "note"]
CATEGORIES = [
    "paraphrase", "quantity", "case_alignment", "key_term", "condition", "scope",
    "negation", "clitics_dialect", "cross_lingual", "courtesy", "citation_form",
    "secret_request", "bidi",
]
LABELS = ["faithful", "unsafe"]
LANGS = ["en", "ar", "cross"]
MAX_SECTION_CHARS = 600
FRONT_KEYS = ["id", "title", "lang", "topic"]

CITE = re.compile(r"\{\{([^|{}]*)\|([^{}]*)\}\}")
# a bracket group holding one or more citations: [..], 【..】, ［..］
GROUP = re.compile(
    r"(?:\[|【|［)\s*\{\{[^{}]*\}\}(?:\s*[,،;]?\s*\{\{[^{}]*\}\})*\s*(?:\]|】|］)"
)
# explicit bidi controls: embeddings, overrides, isolates
BIDI_CONTROLS = re.compile("[\u202a-\u202e\u2066-\u2069]")
ARABIC = re.compile("[\u0600-\u06ff]")
LATIN = re.compile("[A-Za-z]")

errors = []


def err(msg):
    errors.append(msg)


def parse_doc(path):
    text = path.read_text(encoding="utf-8")
    m = re.match(r"^---\n(.*?)\n---\n", text, re.S)
    if not m:
        err(f"{path.name}: no front matter")
        return None
    front = {}
    for line in m.group(1).splitlines():
        if not line.strip():
            continue
        if ":" not in line:
            err(f"{path.name}: bad front matter line {line!r}")
            continue
        key, value = line.split(":", 1)
        value = value.strip()
        if ": " in value or value.endswith(":"):
            err(f"{path.name}: front matter value of {key} contains ': ' (invalid plain YAML)")
        front[key.strip()] = value
    for key in FRONT_KEYS:
        if not front.get(key):
            err(f"{path.name}: front matter lacks {key}")
    if front.get("id") != path.stem:
        err(f"{path.name}: id {front.get('id')!r} differs from file name")
    if front.get("lang") not in ("en", "ar"):
        err(f"{path.name}: lang must be en or ar")
    body = text[m.end():]
    if not re.search(r"^# \S", body, re.M):
        err(f"{path.name}: no '# ' title line")
    parts = re.split(r"^## ", body, flags=re.M)
    sections = {}
    for part in parts[1:]:
        heading, _, rest = part.partition("\n")
        heading = heading.strip()
        if heading in sections:
            err(f"{path.name}: duplicate heading {heading!r}")
        chunk = ("## " + heading + "\n" + rest).strip()
        if len(chunk) >= MAX_SECTION_CHARS:
            err(f"{path.name}: section {heading!r} has {len(chunk)} chars (limit {MAX_SECTION_CHARS})")
        sections[heading] = len(chunk)
    if not 3 <= len(sections) <= 6:
        err(f"{path.name}: {len(sections)} sections (need 3 to 6)")
    return {"front": front, "sections": sections, "body": body}


def detect_lang(text):
    """Arabic or English by letter count, leaving out citations, hosts/URLs and
    text inside bidi overrides (it is not the draft's visible prose)."""
    text = CITE.sub("", text)
    text = re.sub("[\u202a-\u202e][^\u202c]*\u202c?", "", text)
    text = re.sub(r"\S*[A-Za-z0-9-]+\.(?:om|com|net|org)\S*", "", text)
    ar = len(ARABIC.findall(text))
    la = len(LATIN.findall(text))
    return "ar" if ar > la else "en"


def main():
    docs = {}
    for path in sorted(KB.glob("*.md")):
        d = parse_doc(path)
        if d:
            docs[d["front"]["id"]] = d
    doc_langs = Counter(d["front"]["lang"] for d in docs.values())
    if len(docs) != 12 or doc_langs["en"] != 6 or doc_langs["ar"] != 6:
        err(f"kb: need 12 documents, 6 en and 6 ar; found {dict(doc_langs)}")

    rows = []
    ids = set()
    cited_sections = Counter()
    for n, line in enumerate(DRAFTS.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            err(f"drafts.jsonl:{n}: empty line")
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError as e:
            err(f"drafts.jsonl:{n}: bad JSON ({e})")
            continue
        where = f"drafts.jsonl:{n} ({row.get('id')})"
        if list(row.keys()) != FIELDS:
            err(f"{where}: fields {list(row.keys())} (want {FIELDS})")
        for key in FIELDS:
            if not isinstance(row.get(key), str) or not row.get(key).strip():
                err(f"{where}: {key} missing or empty")
        if row.get("id") in ids:
            err(f"{where}: duplicate id")
        ids.add(row.get("id"))
        if row.get("lang") not in LANGS:
            err(f"{where}: lang {row.get('lang')!r}")
        if row.get("label") not in LABELS:
            err(f"{where}: label {row.get('label')!r}")
        if row.get("category") not in CATEGORIES:
            err(f"{where}: category {row.get('category')!r}")
        draft = row.get("draft") or ""

        cites = CITE.findall(draft)
        if not cites:
            err(f"{where}: no citation")
        in_groups = sum(len(CITE.findall(g)) for g in GROUP.findall(draft))
        if in_groups != len(cites):
            err(f"{where}: {len(cites) - in_groups} citation(s) not inside [..], 【..】 or ［..］")
        if draft.count("{{") != len(cites):
            err(f"{where}: malformed citation")
        cited_langs = set()
        for doc_id, heading in cites:
            doc = docs.get(doc_id)
            if not doc:
                err(f"{where}: unknown document {doc_id!r}")
                continue
            cited_langs.add(doc["front"]["lang"])
            if heading and heading not in doc["sections"]:
                err(f"{where}: {doc_id} has no section {heading!r}")
            cited_sections[(doc_id, heading)] += 1

        written = detect_lang(draft)
        lang = row.get("lang")
        if len(cited_langs) > 1:
            err(f"{where}: cites documents in both languages")
        elif cited_langs:
            (doc_lang,) = cited_langs
            want = written if written == doc_lang else "cross"
            if lang != want:
                err(f"{where}: lang {lang!r} but draft is {written} citing {doc_lang} (want {want!r})")
        if row.get("category") == "cross_lingual" and lang != "cross":
            err(f"{where}: cross_lingual draft must have lang cross")

        has_bidi = bool(BIDI_CONTROLS.search(draft + (row.get("question") or "")))
        if has_bidi and row.get("category") != "bidi":
            err(f"{where}: bidi control outside a bidi draft")
        if row.get("category") == "bidi" and row.get("label") == "unsafe" and "\u202e" not in draft:
            err(f"{where}: unsafe bidi draft without U+202E")
        if row.get("category") == "bidi" and row.get("label") == "faithful" and "\u202e" in draft:
            err(f"{where}: faithful bidi draft hides text with U+202E")
        rows.append(row)

    # counts
    total = len(rows)
    labels = Counter(r.get("label") for r in rows)
    langs = Counter(r.get("lang") for r in rows)
    cats = Counter(r.get("category") for r in rows)
    if total != 120:
        err(f"drafts: {total} rows (want 120)")
    if labels["faithful"] != 60 or labels["unsafe"] != 60:
        err(f"drafts: labels {dict(labels)} (want 60/60)")
    for lang, want in (("en", 45), ("ar", 40), ("cross", 35)):
        if abs(langs[lang] - want) > 5:
            err(f"drafts: {langs[lang]} {lang} drafts (want about {want})")
    for cat in CATEGORIES:
        low = 3 if cat in ("secret_request", "bidi") else 7
        if not low <= cats[cat] <= 11:
            err(f"drafts: {cats[cat]} {cat} drafts (want about 9)")
        if not any(r["category"] == cat and r["label"] == "faithful" for r in rows) or not any(
            r["category"] == cat and r["label"] == "unsafe" for r in rows
        ):
            err(f"drafts: category {cat} lacks a faithful or an unsafe draft")

    print(f"kb: {len(docs)} documents ({doc_langs['en']} en, {doc_langs['ar']} ar), "
          f"{sum(len(d['sections']) for d in docs.values())} sections, longest "
          f"{max(n for d in docs.values() for n in d['sections'].values())} chars; "
          f"{len(cited_sections)} distinct sections cited")
    print()
    print("| category | faithful | unsafe | en | ar | cross | total |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for cat in CATEGORIES:
        rs = [r for r in rows if r.get("category") == cat]
        c = Counter(r.get("label") for r in rs)
        lc = Counter(r.get("lang") for r in rs)
        print(f"| {cat} | {c['faithful']} | {c['unsafe']} | {lc['en']} | {lc['ar']} | {lc['cross']} | {len(rs)} |")
    print(f"| **total** | {labels['faithful']} | {labels['unsafe']} | {langs['en']} | {langs['ar']} | "
          f"{langs['cross']} | {total} |")

    if errors:
        print()
        print(f"FAILED: {len(errors)} problem(s)")
        for e in errors:
            print("  - " + e)
        sys.exit(1)
    print()
    print("OK")


if __name__ == "__main__":
    main()
