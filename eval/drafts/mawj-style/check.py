#!/usr/bin/env python3
"""Validate the blind drafts set: KB format, drafts.jsonl fields, citations, counts."""
import json, re, sys, os, glob, collections

HERE = os.path.dirname(os.path.abspath(__file__))
errors = []
def err(msg): errors.append(msg)

# ---- knowledge base ----
kb = {}  # id -> {"lang":..., "sections": set()}
for path in sorted(glob.glob(os.path.join(HERE, "kb", "*.md"))):
    name = os.path.basename(path)[:-3]
    text = open(path, encoding="utf-8").read()
    m = re.match(r"^---\n(.*?)\n---\n(.*)$", text, re.S)
    if not m:
        err(f"{name}: no front matter"); continue
    fm = dict(l.split(": ", 1) for l in m.group(1).splitlines() if l.strip())
    for k in ("id", "title", "lang", "topic"):
        if k not in fm: err(f"{name}: front matter lacks {k}")
    if fm.get("id") != name: err(f"{name}: id {fm.get('id')} != file name")
    if not re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", name): err(f"{name}: bad id")
    if fm.get("lang") not in ("en", "ar"): err(f"{name}: bad lang")
    body = m.group(2)
    titles = re.findall(r"^# (.+)$", body, re.M)
    if len(titles) != 1: err(f"{name}: expected one # title, got {len(titles)}")
    elif titles[0].strip() != fm.get("title"): err(f"{name}: # title differs from front matter title")
    parts = re.split(r"^## (.+)$", body, flags=re.M)
    secs = set()
    for i in range(1, len(parts), 2):
        h = parts[i].strip()
        if h in secs: err(f"{name}: duplicate heading {h}")
        secs.add(h)
        if len(parts[i + 1].strip()) >= 600: err(f"{name}: section '{h}' is {len(parts[i+1].strip())} chars")
    intro = re.sub(r"^# .+$", "", parts[0], flags=re.M).strip()
    if fm.get("lang") == "ar" and re.search(r"[\u0660-\u0669\u06f0-\u06f9]", body):
        err(f"{name}: Arabic-Indic digits in Arabic document")
    kb[name] = {"lang": fm.get("lang"), "sections": secs, "intro": bool(intro)}

if len(kb) != 12: err(f"expected 12 documents, got {len(kb)}")
lc = collections.Counter(v["lang"] for v in kb.values())
if lc != {"en": 6, "ar": 6}: err(f"documents per lang: {dict(lc)}")

# ---- drafts ----
FIELDS = ["id", "lang", "question", "draft", "label", "category", "note"]
CATS = {"paraphrase", "quantity", "case_alignment", "key_term", "condition", "scope", "negation",
        "clitics_dialect", "cross_lingual", "courtesy", "citation_form", "secret_request", "bidi"}
FAITHFUL_ONLY = {"courtesy", "citation_form"}
UNSAFE_ONLY = {"secret_request", "bidi"}
CIT = re.compile(r"\{\{([^|{}]*)\|([^{}]*)\}\}")
BIDI = re.compile(r"[\u202a-\u202e\u2066-\u2069]")
ARABIC = re.compile(r"[\u0600-\u06ff]")
LATIN = re.compile(r"[A-Za-z]")

rows, ids = [], set()
raw_lines = open(os.path.join(HERE, "drafts.jsonl"), encoding="utf-8").read().splitlines()
for n, line in enumerate(raw_lines, 1):
    if not line.strip():
        err(f"line {n}: empty line"); continue
    if BIDI.search(line): err(f"line {n}: raw bidi control (must be a JSON \\u escape)")
    try:
        o = json.loads(line)
    except Exception as e:
        err(f"line {n}: JSON error {e}"); continue
    for f in FIELDS:
        if not isinstance(o.get(f), str) or not o.get(f).strip(): err(f"line {n}: missing/empty field {f}")
    extra = set(o) - set(FIELDS)
    if extra: err(f"line {n}: unexpected fields {extra}")
    i = o.get("id")
    if i in ids: err(f"line {n}: duplicate id {i}")
    ids.add(i)
    if o.get("lang") not in ("en", "ar", "cross"): err(f"{i}: bad lang")
    if o.get("label") not in ("faithful", "unsafe"): err(f"{i}: bad label")
    c = o.get("category")
    if c not in CATS: err(f"{i}: bad category {c}")
    if c in FAITHFUL_ONLY and o.get("label") != "faithful": err(f"{i}: {c} must be faithful")
    if c in UNSAFE_ONLY and o.get("label") != "unsafe": err(f"{i}: {c} must be unsafe")
    if c == "cross_lingual" and o.get("lang") != "cross": err(f"{i}: cross_lingual must have lang cross")
    d = o.get("draft", "")
    if re.search(r"@[A-Z][A-Z0-9]", d): err(f"{i}: unexpanded citation alias")
    has_bidi = bool(BIDI.search(d))
    if has_bidi != (c == "bidi"): err(f"{i}: bidi controls present={has_bidi} but category={c}")
    cits = CIT.findall(d)
    if not cits: err(f"{i}: no citation")
    cited_langs = set()
    for doc, sec in cits:
        if doc not in kb: err(f"{i}: unknown document {doc!r}"); continue
        cited_langs.add(kb[doc]["lang"])
        if sec == "":
            if not kb[doc]["intro"]: err(f"{i}: {doc} has no intro but is cited with empty heading")
        elif sec not in kb[doc]["sections"]: err(f"{i}: {doc} has no section {sec!r}")
    # every citation sits inside one of the allowed bracket pairs
    for m in CIT.finditer(d):
        before = d[:m.start()]
        opens = [before.rfind(b) for b in "[【［"]
        closes = [before.rfind(b) for b in "]】］"]
        if max(opens) <= max(closes): err(f"{i}: citation not inside brackets")
    # language of the draft text (citations removed)
    plain = CIT.sub("", d)
    ar_n, la_n = len(ARABIC.findall(plain)), len(LATIN.findall(plain))
    dlang = "ar" if ar_n > la_n else "en"
    if len(cited_langs) > 1: err(f"{i}: cites documents in both languages")
    clang = next(iter(cited_langs)) if cited_langs else None
    exp = "cross" if clang and clang != dlang else dlang
    if o.get("lang") != exp: err(f"{i}: lang {o.get('lang')} but draft looks {dlang} citing {clang} docs")
    rows.append(o)

# ---- counts ----
N = len(rows)
lab = collections.Counter(r["label"] for r in rows)
lng = collections.Counter(r["lang"] for r in rows)
cat = collections.Counter(r["category"] for r in rows)
cl = collections.Counter((r["category"], r["label"]) for r in rows)
ll = collections.Counter((r["lang"], r["label"]) for r in rows)
if N != 120: err(f"expected 120 drafts, got {N}")
if lab["faithful"] != 60 or lab["unsafe"] != 60: err(f"labels {dict(lab)}")
for k, v in cat.items():
    if k == "secret_request":
        if not 3 <= v <= 4: err(f"secret_request count {v}")
    elif k == "bidi":
        if v != 2: err(f"bidi count {v}")
    elif v < 4: err(f"category {k} has only {v}")
for k in CATS - set(cat): err(f"category {k} missing")

print(f"drafts: {N}   labels: {dict(lab)}")
print("lang:", dict(sorted(lng.items())), " lang x label:", {f'{a}/{b}': v for (a, b), v in sorted(ll.items())})
print(f"{'category':16} faithful unsafe total")
for k in sorted(cat):
    print(f"{k:16} {cl[(k,'faithful')]:8} {cl[(k,'unsafe')]:6} {cat[k]:5}")
print("documents:", len(kb), dict(lc))
if errors:
    print(f"\n{len(errors)} ERROR(S):")
    for e in errors: print("  -", e)
    sys.exit(1)
print("\nOK")
