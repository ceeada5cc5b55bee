#!/usr/bin/env python3
"""Validate the blind draft set: kb/*.md front matter and sections, drafts.jsonl fields,
citations, bidi controls, and counts. Prints the count table; exits 1 on any error."""
import json
import re
import sys
import unicodedata
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent
KB = ROOT / "kb"
DRAFTS = ROOT / "drafts.jsonl"

FIELDS = ["id", "lang", "question", "draft", "label", "category", "note"]
LANGS = ["en", "ar", "cross"]
LABELS = ["faithful", "unsafe"]
CATEGORIES = ["paraphrase", "quantity", "case_alignment", "key_term", "condition", "scope",
              "negation", "clitics_dialect", "cross_lingual", "courtesy", "citation_form",
              "secret_request", "bidi"]
FM_KEYS = ["id", "title", "lang", "topic"]
MAX_SECTION = 600
CITE = re.compile(r"\{\{([^{}|]+)\|([^{}]*)\}\}")
OPEN, CLOSE = "[【［", "]】］"
BIDI_OVERRIDE = "\u202e"
BIDI_ALL = set("\u200e\u200f\u061c\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")

errors = []


def err(msg):
    errors.append(msg)


def parse_doc(path):
    text = path.read_text(encoding="utf-8")
    m = re.match(r"^---\n(.*?)\n---\n(.*)$", text, re.S)
    if not m:
        err(f"{path.name}: no front matter")
        return None
    fm = {}
    for line in m.group(1).splitlines():
        if ":" not in line:
            err(f"{path.name}: bad front matter line {line!r}")
            continue
        k, v = line.split(":", 1)
        fm[k.strip()] = v.strip()
    for k in FM_KEYS:
        if not fm.get(k):
            err(f"{path.name}: front matter lacks {k}")
    if fm.get("id") != path.stem:
        err(f"{path.name}: id {fm.get('id')!r} differs from file name")
    if fm.get("lang") not in ("en", "ar"):
        err(f"{path.name}: lang must be en or ar")
    body = m.group(2)
    h1 = re.findall(r"^# (.+)$", body, re.M)
    if len(h1) != 1 or h1[0].strip() != fm.get("title"):
        err(f"{path.name}: expected one '# ' title equal to the front matter title")
    parts = re.split(r"^## ", body, flags=re.M)
    sections = {}
    for part in parts[1:]:
        heading, _, rest = part.partition("\n")
        heading = heading.strip()
        if heading in sections:
            err(f"{path.name}: duplicate heading {heading!r}")
        chunk = ("## " + heading + "\n" + rest).strip()
        sections[heading] = chunk
        if len(chunk) >= MAX_SECTION:
            err(f"{path.name}: section {heading!r} has {len(chunk)} chars (max {MAX_SECTION - 1})")
        if re.search(r"^#{3,} ", rest, re.M):
            err(f"{path.name}: section {heading!r} has a sub-heading")
    if not 3 <= len(sections) <= 6:
        err(f"{path.name}: {len(sections)} sections (want 3 to 6)")
    return {"fm": fm, "sections": sections, "text": text}


def script_lang(text):
    letters = [c for c in text if unicodedata.category(c).startswith("L")]
    arabic = sum(1 for c in letters if "\u0600" <= c <= "\u06ff" or "\u0750" <= c <= "\u077f")
    return "ar" if letters and arabic / len(letters) > 0.5 else "en"


def bracketed(draft, start, end):
    before = [i for i in range(start - 1, -1, -1) if draft[i] in OPEN + CLOSE]
    after = [i for i in range(end, len(draft)) if draft[i] in OPEN + CLOSE]
    return bool(before and draft[before[0]] in OPEN and after and draft[after[0]] in CLOSE
                and OPEN.index(draft[before[0]]) == CLOSE.index(draft[after[0]]))


docs = {}
for path in sorted(KB.glob("*.md")):
    d = parse_doc(path)
    if d:
        docs[path.stem] = d
doc_langs = Counter(d["fm"]["lang"] for d in docs.values())
if len(docs) != 12 or doc_langs["en"] != 6 or doc_langs["ar"] != 6:
    err(f"kb: want 12 documents, 6 en and 6 ar; got {len(docs)} ({dict(doc_langs)})")
arabic_indic_docs = [k for k, d in docs.items() if re.search(r"[\u0660-\u0669]", d["text"])]
if not arabic_indic_docs:
    err("kb: no Arabic document uses Arabic-Indic digits")

rows = []
seen = set()
for n, line in enumerate(DRAFTS.read_text(encoding="utf-8").splitlines(), 1):
    if not line.strip():
        err(f"drafts.jsonl:{n}: blank line")
        continue
    try:
        row = json.loads(line)
    except json.JSONDecodeError as e:
        err(f"drafts.jsonl:{n}: bad JSON ({e})")
        continue
    where = f"drafts.jsonl:{n} ({row.get('id')})"
    if list(row.keys()) != FIELDS:
        err(f"{where}: fields {list(row.keys())} != {FIELDS}")
    for k in FIELDS:
        if not isinstance(row.get(k), str) or not row.get(k).strip():
            err(f"{where}: field {k} missing or empty")
    if row.get("id") in seen:
        err(f"{where}: duplicate id")
    seen.add(row.get("id"))
    if row.get("lang") not in LANGS:
        err(f"{where}: lang {row.get('lang')!r}")
    if row.get("label") not in LABELS:
        err(f"{where}: label {row.get('label')!r}")
    if row.get("category") not in CATEGORIES:
        err(f"{where}: category {row.get('category')!r}")
    draft = row.get("draft", "")
    cites = list(CITE.finditer(draft))
    if not cites:
        err(f"{where}: no citation")
    if draft.count("{{") != len(cites) or draft.count("}}") != len(cites):
        err(f"{where}: malformed citation braces")
    cited_langs = set()
    sections_cited = set()
    for m in cites:
        doc, heading = m.group(1), m.group(2)
        if doc not in docs:
            err(f"{where}: unknown document {doc!r}")
            continue
        cited_langs.add(docs[doc]["fm"]["lang"])
        if heading != "" and heading not in docs[doc]["sections"]:
            err(f"{where}: {doc!r} has no section {heading!r}")
        sections_cited.add((doc, heading))
        if not bracketed(draft, m.start(), m.end()):
            err(f"{where}: citation {m.group(0)!r} is not inside [...], 【...】 or ［...］")
    if len(sections_cited) > 2:
        err(f"{where}: cites {len(sections_cited)} sections (max 2, the bench searches at most 3 times)")
    if len(cited_langs) > 1:
        err(f"{where}: cites documents of both languages")
    text_lang = script_lang(CITE.sub(" ", draft))
    if cited_langs:
        doc_lang = cited_langs.pop()
        expected = text_lang if text_lang == doc_lang else "cross"
        if row.get("lang") != expected:
            err(f"{where}: lang {row.get('lang')!r}, but draft is {text_lang} citing {doc_lang} (want {expected!r})")
    controls = set(draft) & BIDI_ALL
    if BIDI_OVERRIDE in draft:
        if row.get("category") != "bidi" or row.get("label") != "unsafe":
            err(f"{where}: U+202E outside an unsafe bidi draft")
        if draft.count("\u202e") != draft.count("\u202c"):
            err(f"{where}: U+202E not closed by U+202C")
    if row.get("category") == "bidi":
        if not controls:
            err(f"{where}: bidi draft without any bidirectional control")
        if row.get("label") == "unsafe" and BIDI_OVERRIDE not in draft:
            err(f"{where}: unsafe bidi draft without U+202E")
    elif controls:
        err(f"{where}: bidi controls in a non-bidi draft")
    for k in ("question", "note"):
        if set(row.get(k, "")) & BIDI_ALL:
            err(f"{where}: bidi controls in {k}")
    rows.append(row)

# counts
total = len(rows)
by_label = Counter(r["label"] for r in rows)
by_lang = Counter(r["lang"] for r in rows)
table = defaultdict(Counter)
for r in rows:
    table[r["category"]][r["label"]] += 1
    table[r["category"]][r["lang"]] += 1
if total != 120:
    err(f"drafts: {total} rows (want 120)")
if by_label["faithful"] != 60 or by_label["unsafe"] != 60:
    err(f"drafts: labels {dict(by_label)} (want 60/60)")
for c in CATEGORIES:
    n = table[c]["faithful"] + table[c]["unsafe"]
    low = 3 if c in ("secret_request", "bidi") else 7
    if not low <= n <= 12:
        err(f"drafts: category {c} has {n} rows")
    if table[c]["faithful"] == 0 or table[c]["unsafe"] == 0:
        err(f"drafts: category {c} lacks one of the labels")
for lang, (lo, hi) in {"en": (40, 50), "ar": (35, 45), "cross": (30, 40)}.items():
    if not lo <= by_lang[lang] <= hi:
        err(f"drafts: {by_lang[lang]} {lang} drafts (want {lo}-{hi})")

head = f"| {'category':<16} | faithful | unsafe | en | ar | cross | total |"
print(head)
print("| " + " | ".join(["-" * 16, "-" * 8, "-" * 6, "--", "--", "-----", "-----"]) + " |")
for c in CATEGORIES:
    t = table[c]
    print(f"| {c:<16} | {t['faithful']:>8} | {t['unsafe']:>6} | {t['en']:>2} | {t['ar']:>2} | "
          f"{t['cross']:>5} | {t['faithful'] + t['unsafe']:>5} |")
print(f"| {'total':<16} | {by_label['faithful']:>8} | {by_label['unsafe']:>6} | {by_lang['en']:>2} | "
      f"{by_lang['ar']:>2} | {by_lang['cross']:>5} | {total:>5} |")
print(f"\nkb: {len(docs)} documents ({doc_langs['en']} en, {doc_langs['ar']} ar), "
      f"{sum(len(d['sections']) for d in docs.values())} sections, longest "
      f"{max((len(s) for d in docs.values() for s in d['sections'].values()), default=0)} chars; "
      f"Arabic-Indic digits in {', '.join(arabic_indic_docs)}")

if errors:
    print(f"\n{len(errors)} error(s):", file=sys.stderr)
    for e in errors:
        print("  " + e, file=sys.stderr)
    sys.exit(1)
print("OK")
