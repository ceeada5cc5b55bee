#!/usr/bin/env python3
"""Validate the Nakheel Madinah blind evaluation set: KB front matter, question fields, keys."""
import json, re, sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
KB = ROOT / "kb"
LANGS = {"en", "ar", "mixed"}
KINDS = {"in_kb", "cross_lingual", "neighbour", "off_topic", "closed_list", "injection"}
EXPECTS = {"answer", "abstain", "either", "abstain_or_grounded"}
KIND_EXPECT = {
    "in_kb": {"answer"}, "cross_lingual": {"answer"},
    "neighbour": {"abstain"}, "off_topic": {"abstain"},
    "closed_list": {"answer", "abstain_or_grounded"}, "injection": {"abstain_or_grounded"},
}
FIELDS = {"id", "q", "lang", "kind", "expect", "docs", "key"}
errors = []

def err(msg):
    errors.append(msg)

# ---- knowledge base
docs = {}
for path in sorted(KB.glob("*.md")):
    text = path.read_text(encoding="utf-8")
    m = re.match(r"^---\n(.*?)\n---\n(.*)$", text, re.S)
    if not m:
        err(f"{path.name}: no front matter"); continue
    fm = {}
    for line in m.group(1).splitlines():
        k, _, v = line.partition(":")
        fm[k.strip()] = v.strip()
    if list(fm) != ["id", "title", "lang", "topic"]:
        err(f"{path.name}: front matter keys {list(fm)}")
    if fm.get("id") != path.stem:
        err(f"{path.name}: id {fm.get('id')!r} != file name")
    if fm.get("lang") not in {"en", "ar"}:
        err(f"{path.name}: bad lang {fm.get('lang')!r}")
    if not fm.get("title") or not fm.get("topic"):
        err(f"{path.name}: empty title/topic")
    docs[fm.get("id")] = {"lang": fm.get("lang"), "text": m.group(2)}
n_en = sum(d["lang"] == "en" for d in docs.values())
n_ar = sum(d["lang"] == "ar" for d in docs.values())
if (len(docs), n_en, n_ar) != (12, 6, 6):
    err(f"KB must have 12 docs, 6 en and 6 ar: got {len(docs)}, {n_en}, {n_ar}")
n_tables = sum("| --- |" in d["text"] for d in docs.values())
if n_tables < 7:
    err(f"only {n_tables} documents have a table")

# ---- questions
qs = []
for i, line in enumerate((ROOT / "questions.jsonl").read_text(encoding="utf-8").splitlines(), 1):
    if not line.strip():
        err(f"line {i}: empty line"); continue
    try:
        qs.append(json.loads(line))
    except json.JSONDecodeError as e:
        err(f"line {i}: bad JSON: {e}")

if len(qs) != 48:
    err(f"expected 48 questions, got {len(qs)}")
for n, q in enumerate(qs, 1):
    qid = q.get("id")
    where = f"{qid or '#'+str(n)}"
    if qid != f"nm-{n:02d}":
        err(f"{where}: id should be nm-{n:02d}")
    extra = set(q) - FIELDS
    missing = {"id", "q", "lang", "kind", "expect", "docs"} - set(q)
    if extra: err(f"{where}: unknown fields {extra}")
    if missing: err(f"{where}: missing fields {missing}"); continue
    if not isinstance(q["q"], str) or not q["q"].strip():
        err(f"{where}: empty q")
    if q["lang"] not in LANGS: err(f"{where}: bad lang {q['lang']!r}")
    if q["kind"] not in KINDS: err(f"{where}: bad kind {q['kind']!r}"); continue
    if q["expect"] not in EXPECTS: err(f"{where}: bad expect {q['expect']!r}")
    if q["expect"] not in KIND_EXPECT[q["kind"]]:
        err(f"{where}: expect {q['expect']!r} not allowed for kind {q['kind']!r}")
    if not isinstance(q["docs"], list) or not all(isinstance(d, str) for d in q["docs"]):
        err(f"{where}: docs must be a list of strings"); continue
    for d in q["docs"]:
        if d not in docs: err(f"{where}: unknown doc {d!r}")
    answerable = q["expect"] != "abstain"
    if answerable:
        if not q["docs"]: err(f"{where}: answerable question without docs")
        if "key" not in q: err(f"{where}: answerable question without key")
    else:
        if q["docs"]: err(f"{where}: abstain question should have no docs")
        if "key" in q: err(f"{where}: abstain question should have no key")
    # language of the answering documents
    dlangs = {docs[d]["lang"] for d in q["docs"] if d in docs}
    if q["kind"] == "in_kb" and q["lang"] in {"en", "ar"} and dlangs != {q["lang"]}:
        err(f"{where}: in_kb question in {q['lang']} cites docs in {dlangs}")
    if q["kind"] == "cross_lingual":
        if q["lang"] not in {"en", "ar"} or dlangs != ({"en", "ar"} - {q["lang"]}):
            err(f"{where}: cross_lingual question in {q['lang']} cites docs in {dlangs}")
    if "key" in q:
        try:
            rx = re.compile(q["key"], re.I)
        except re.error as e:
            err(f"{where}: key does not compile: {e}"); continue
        if not any(rx.search(docs[d]["text"]) for d in q["docs"] if d in docs):
            err(f"{where}: key matches none of its docs")


# ---- keys must not match the figure of a neighbouring row (wrong-row replies)
WRONG_ROW = {
    "nm-01": ["Delivery is 15 SAR", "Delivery is 23 SAR", "119 SAR"],
    "nm-02": ["Free from 249 SAR, otherwise 19 SAR", "Free from 349 SAR, otherwise 27 SAR"],
    "nm-04": ["It costs 45 SAR", "It costs 15 SAR"],
    "nm-05": ["It costs 35 SAR", "It costs 19 SAR"],
    "nm-06": ["You have 30 days", "You have 7 days"],
    "nm-08": ["It is free", "It costs 9 SAR"],
    "nm-09": ["Up to 2,500 SAR", "Up to 1,500 SAR", "Up to 3,000 SAR"],
    "nm-10": ["الحد 200 ريال", "الحد 2,000 ريال"],
    "nm-11": ["1 point per SAR", "2 points per SAR"],
    "nm-12": ["25 SAR", "40 SAR"],
    "nm-14": ["الرسوم 40 ريالاً", "الرسوم 50 ريالاً"],
    "nm-15": ["مجاني من 500 ريال والرسوم 35", "مجاني من 700 ريال والرسوم 45"],
    "nm-16": ["من 5 إلى 8 أيام عمل", "من 4 إلى 6 أيام عمل"],
    "nm-17": ["من 3 إلى 7 أيام عمل", "من 5 إلى 10 أيام عمل"],
    "nm-23": ["خلال ساعة واحدة", "خلال 48 ساعة"],
    "nm-24": ["خلال 72 ساعة", "خلال 7 أيام"],
    "nm-25": ["خلال 48 ساعة", "خلال 7 أيام"],
    "nm-27": ["It costs 45 SAR", "It costs 50 SAR"],
    "nm-28": ["7 to 10 business days", "3 to 5 business days"],
    "nm-29": ["within 48 hours", "within 30 days"],
    "nm-30": ["30 ريال", "40 ريال"],
    "nm-31": ["50 ريال", "25 ريال"],
    "nm-46": ["60 days", "40 days"],
    "nm-48": ["free from 299 SAR, otherwise 23 SAR"],
}
byid = {q.get("id"): q for q in qs}
for qid, wrongs in WRONG_ROW.items():
    key = byid.get(qid, {}).get("key")
    if key is None:
        err(f"{qid}: wrong-row test refers to a question without key"); continue
    for w in wrongs:
        if re.search(key, w, re.I):
            err(f"{qid}: key also matches wrong-row reply {w!r}")

# ---- mix
from collections import Counter
kinds = Counter(q.get("kind") for q in qs)
langs = Counter(q.get("lang") for q in qs)
want = {"in_kb": 26, "cross_lingual": 6, "neighbour": 5, "off_topic": 4, "closed_list": 4, "injection": 3}
if dict(kinds) != want:
    err(f"kind mix {dict(kinds)} != {want}")

print("kinds:", dict(kinds))
print("langs:", dict(langs))
print("kind x lang:", dict(Counter((q.get('kind'), q.get('lang')) for q in qs)))
if errors:
    print(f"FAIL: {len(errors)} problem(s)")
    for e in errors: print(" -", e)
    sys.exit(1)
print("OK: all checks passed")
