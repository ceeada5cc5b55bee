#!/usr/bin/env python3
"""Consistency check for drafts-set-2 (KB + drafts.jsonl). Exit code 1 on any error."""
import json, os, re, sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
KB = os.path.join(HERE, "kb")
errors = []
def err(m): errors.append(m)

# ---------- knowledge base ----------
docs = {}   # id -> {"lang":..., "sections": {heading: text}, "intro": text}
for fn in sorted(os.listdir(KB)):
    if not fn.endswith(".md"):
        continue
    t = open(os.path.join(KB, fn), encoding="utf-8").read()
    m = re.match(r"^---\n(.*?)\n---\n(.*)$", t, re.S)
    if not m:
        err(f"{fn}: no front matter"); continue
    fm = dict(l.split(": ", 1) for l in m.group(1).splitlines())
    for k in ("id", "title", "lang", "topic"):
        if k not in fm: err(f"{fn}: front matter lacks {k}")
    did = fm.get("id", "")
    if did + ".md" != fn: err(f"{fn}: id {did!r} != file name")
    if not re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", did): err(f"{fn}: bad id")
    if fm.get("lang") not in ("en", "ar"): err(f"{fn}: bad lang")
    body = m.group(2)
    titles = re.findall(r"^# (.+)$", body, re.M)
    if len(titles) != 1: err(f"{fn}: {len(titles)} '#' titles")
    elif titles[0].strip() != fm.get("title"): err(f"{fn}: # title differs from front matter title")
    parts = re.split(r"^## (.+)$", body, flags=re.M)
    intro = re.sub(r"^# .+$", "", parts[0], flags=re.M).strip()
    secs = {}
    for i in range(1, len(parts), 2):
        h, txt = parts[i].strip(), parts[i + 1].strip()
        if h in secs: err(f"{fn}: duplicate heading {h}")
        if len(txt) >= 600: err(f"{fn}: section {h!r} has {len(txt)} chars (>=600)")
        if not txt: err(f"{fn}: empty section {h!r}")
        secs[h] = txt
    if fm.get("lang") == "ar" and re.search(r"[\u0660-\u0669\u06f0-\u06f9]", body):
        err(f"{fn}: Arabic-Indic digits in KB (Western digits required)")
    docs[did] = {"lang": fm.get("lang"), "sections": secs, "intro": intro}
lc = Counter(d["lang"] for d in docs.values())
if len(docs) != 12 or lc["en"] != 6 or lc["ar"] != 6:
    err(f"KB: expected 12 docs (6 en, 6 ar), got {len(docs)} {dict(lc)}")

# ---------- drafts ----------
FIELDS = ["id", "lang", "question", "draft", "label", "category", "note"]
CATS = {"paraphrase", "quantity", "case_alignment", "key_term", "condition", "scope", "negation",
        "clitics_dialect", "cross_lingual", "courtesy", "citation_form", "secret_request", "bidi"}
FAITHFUL_ONLY = {"courtesy", "citation_form"}
UNSAFE_ONLY = {"secret_request", "bidi"}
CIT = re.compile(r"\{\{([^{}|]*)\|([^{}]*)\}\}")
WRAP = re.compile(r"(\[|【|［)\{\{[^{}]*\}\}(\]|】|］)")
PAIRS = {"[": "]", "【": "】", "［": "］"}
BIDI = re.compile("[\u202a-\u202e\u2066-\u2069\u200e\u200f]")
ARABIC = re.compile(r"[\u0600-\u06ff]")
LATIN = re.compile(r"[A-Za-z]")

def text_lang(s):
    s = CIT.sub("", s)
    s = re.sub(r"\S+@\S+|\b\S+\.(com|kw)\S*", "", s)
    a, l = len(ARABIC.findall(s)), len(LATIN.findall(s))
    return "ar" if a > l else "en"

rows, ids = [], set()
path = os.path.join(HERE, "drafts.jsonl")
for n, raw in enumerate(open(path, encoding="utf-8").read().split("\n"), 1):
    if not raw.strip():
        if n != len(open(path, encoding="utf-8").read().split("\n")): err(f"line {n}: blank line")
        continue
    if BIDI.search(raw): err(f"line {n}: raw bidi control character (must be stored as \\u escape)")
    try:
        r = json.loads(raw)
    except Exception as e:
        err(f"line {n}: JSON error {e}"); continue
    if list(r.keys()) != FIELDS: err(f"line {n}: fields {list(r.keys())} != {FIELDS}")
    if any(not isinstance(r.get(k), str) or not r.get(k).strip() for k in FIELDS):
        err(f"line {n}: empty or non-string field")
    rid = r.get("id", "")
    if not re.fullmatch(r"kw-\d{3}", rid): err(f"line {n}: bad id {rid!r}")
    if rid in ids: err(f"line {n}: duplicate id {rid}")
    ids.add(rid)
    if r.get("lang") not in ("en", "ar", "cross"): err(f"{rid}: bad lang")
    if r.get("label") not in ("faithful", "unsafe"): err(f"{rid}: bad label")
    cat = r.get("category")
    if cat not in CATS: err(f"{rid}: bad category {cat}")
    if cat in FAITHFUL_ONLY and r.get("label") != "faithful": err(f"{rid}: {cat} must be faithful")
    if cat in UNSAFE_ONLY and r.get("label") != "unsafe": err(f"{rid}: {cat} must be unsafe")
    d = r.get("draft", "")
    cits = CIT.findall(d)
    if not cits: err(f"{rid}: no citation")
    if len(WRAP.findall(d)) != len(cits): err(f"{rid}: citation not wrapped in [..], 【..】 or ［..］")
    for m in WRAP.finditer(d):
        if PAIRS[m.group(1)] != m.group(2): err(f"{rid}: mismatched citation brackets")
    cited_langs = set()
    for did, h in cits:
        if did not in docs: err(f"{rid}: unknown document {did!r}"); continue
        cited_langs.add(docs[did]["lang"])
        if h == "":
            if not docs[did]["intro"]: err(f"{rid}: {did} has no intro but cited with empty heading")
        elif h not in docs[did]["sections"]: err(f"{rid}: {did} has no section {h!r}")
    dl = text_lang(d)
    lang = r.get("lang")
    if lang in ("en", "ar"):
        if dl != lang: err(f"{rid}: lang {lang} but draft looks {dl}")
        if cited_langs and cited_langs != {lang}: err(f"{rid}: lang {lang} but cites {cited_langs} docs")
    elif lang == "cross":
        if cited_langs and dl in cited_langs and len(cited_langs) == 1:
            err(f"{rid}: cross but draft ({dl}) and cited docs {cited_langs} share language")
    if cat == "cross_lingual" and lang != "cross": err(f"{rid}: cross_lingual must have lang cross")
    has_bidi = bool(BIDI.search(d))
    if cat == "bidi":
        if "\u202e" not in d or "\u202c" not in d: err(f"{rid}: bidi draft lacks RLO/PDF")
    elif has_bidi: err(f"{rid}: bidi control outside bidi category")
    rows.append(r)

# ---------- counts ----------
N = len(rows)
lab = Counter(r["label"] for r in rows)
lng = Counter(r["lang"] for r in rows)
cat = Counter(r["category"] for r in rows)
if N != 120: err(f"expected 120 drafts, got {N}")
if lab["faithful"] != 60 or lab["unsafe"] != 60: err(f"labels {dict(lab)} != 60/60")
for k, target in (("en", 45), ("ar", 45), ("cross", 30)):
    if abs(lng[k] - target) > 5: err(f"lang {k}: {lng[k]} far from ~{target}")
for c in CATS:
    if cat[c] < (2 if c == "bidi" else 3 if c == "secret_request" else 4): err(f"category {c}: only {cat[c]}")
if not (3 <= cat["secret_request"] <= 4): err("secret_request must be 3-4")
if cat["bidi"] != 2: err("bidi must be 2")

print(f"drafts: {N}   labels: {dict(lab)}   langs: {dict(lng)}")
print(f"{'category':16} total faithful unsafe   en  ar cross")
for c in sorted(CATS):
    rs = [r for r in rows if r["category"] == c]
    f = sum(r["label"] == "faithful" for r in rs)
    L = Counter(r["lang"] for r in rs)
    print(f"{c:16} {len(rs):5} {f:8} {len(rs)-f:6} {L['en']:4}{L['ar']:4}{L['cross']:6}")
print("lang x label:", {k: dict(Counter(r['label'] for r in rows if r['lang'] == k)) for k in ('en', 'ar', 'cross')})
if errors:
    print(f"\n{len(errors)} ERROR(S):"); [print("  -", e) for e in errors]; sys.exit(1)
print("\nOK: all checks passed")
