#!/usr/bin/env python3
"""Consistency check for the answers-set evaluation set.

Usage: python3 check.py        (exit code 0 = OK, 1 = errors)

Checks
  KB:        front matter (id/title/lang/topic), id == file name, id format,
             one '#' title equal to front-matter title, '##' sections < 600 chars,
             12 docs (6 en / 6 ar), distinct topics, >= 2 markdown tables.
  questions: every line parses as JSON, required fields and types, unique ids,
             enum values, cited doc ids exist, docs empty iff expect == abstain,
             keys compile (Python re, IGNORECASE, as an approximation of the
             JavaScript 'i' regex), keys avoid Python-only syntax, every
             expect=answer key matches text of at least one cited doc,
             cross_lingual questions cite docs of the other language,
             counts per kind / lang against the targets.
  Warnings (non-fatal): a key that already matches the question text.
"""
import json, os, re, sys, collections

HERE = os.path.dirname(os.path.abspath(__file__))
KB = os.path.join(HERE, "kb")
QFILE = os.path.join(HERE, "questions.jsonl")

errors, warnings = [], []
def err(m): errors.append(m)
def warn(m): warnings.append(m)

# ---------------- KB ----------------
docs = {}
ID_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
tables = 0
for fn in sorted(os.listdir(KB)):
    if not fn.endswith(".md"):
        err(f"kb/{fn}: not a .md file"); continue
    path = os.path.join(KB, fn)
    text = open(path, encoding="utf-8").read()
    m = re.match(r"^---\n(.*?)\n---\n(.*)$", text, re.S)
    if not m:
        err(f"kb/{fn}: missing front matter"); continue
    fm = {}
    for line in m.group(1).splitlines():
        if ":" in line:
            k, v = line.split(":", 1); fm[k.strip()] = v.strip()
    body = m.group(2)
    for k in ("id", "title", "lang", "topic"):
        if not fm.get(k): err(f"kb/{fn}: front matter lacks '{k}'")
    did = fm.get("id", "")
    if did != fn[:-3]: err(f"kb/{fn}: id '{did}' != file name")
    if not ID_RE.match(did): err(f"kb/{fn}: id not lowercase-with-dashes")
    if fm.get("lang") not in ("en", "ar"): err(f"kb/{fn}: lang must be en or ar")
    h1 = re.findall(r"^# (.+)$", body, re.M)
    if len(h1) != 1: err(f"kb/{fn}: expected exactly one '#' title, found {len(h1)}")
    elif h1[0].strip() != fm.get("title"): err(f"kb/{fn}: '#' title differs from front-matter title")
    parts = re.split(r"^## ", body, flags=re.M)
    if len(parts) < 2: err(f"kb/{fn}: no '##' sections")
    for sec in parts[1:]:
        head = sec.splitlines()[0]
        n = len(("## " + sec).strip())
        if n >= 600: err(f"kb/{fn}: section '{head}' is {n} chars (>= 600)")
    tables += len(re.findall(r"^\|[ :\-|]+\|$", body, re.M))
    docs[did] = dict(lang=fm.get("lang"), topic=fm.get("topic"), text=body, title=fm.get("title", ""))

langs = collections.Counter(d["lang"] for d in docs.values())
if len(docs) != 12: err(f"KB has {len(docs)} docs, expected 12")
if langs["en"] != 6 or langs["ar"] != 6: err(f"KB langs {dict(langs)}, expected 6 en / 6 ar")
topics = collections.Counter(d["topic"] for d in docs.values())
for t, c in topics.items():
    if c > 1: err(f"topic '{t}' used by {c} docs")
if tables < 2: err(f"KB has {tables} markdown tables, expected >= 2")

# ---------------- questions ----------------
FIELDS = {"id": str, "q": str, "lang": str, "kind": str, "expect": str, "docs": list, "key": str}
LANGS = {"en", "ar", "mixed"}
KINDS = {"in_kb", "cross_lingual", "neighbour", "off_topic", "closed_list", "injection"}
EXPECTS = {"answer", "abstain", "either", "abstain_or_grounded"}
PY_ONLY = [r"(?P<", r"(?P=", r"\Z", r"\A", "(?i", "(?s", "(?x", "(?m", "(?#", "(?(",]
TARGET_KIND = {"in_kb": 26, "cross_lingual": 6, "neighbour": 5, "off_topic": 4, "closed_list": 4, "injection": 3}

qs, ids = [], set()
with open(QFILE, encoding="utf-8") as f:
    for ln, line in enumerate(f, 1):
        if not line.strip():
            err(f"questions.jsonl:{ln}: empty line"); continue
        try:
            q = json.loads(line)
        except Exception as e:
            err(f"questions.jsonl:{ln}: JSON error {e}"); continue
        qid = q.get("id", f"line{ln}")
        for k, t in FIELDS.items():
            if k not in q: err(f"{qid}: missing field '{k}'")
            elif not isinstance(q[k], t): err(f"{qid}: field '{k}' must be {t.__name__}")
        extra = set(q) - set(FIELDS)
        if extra: err(f"{qid}: unexpected fields {extra}")
        if qid in ids: err(f"{qid}: duplicate id")
        ids.add(qid)
        if q.get("lang") not in LANGS: err(f"{qid}: bad lang {q.get('lang')}")
        if q.get("kind") not in KINDS: err(f"{qid}: bad kind {q.get('kind')}")
        if q.get("expect") not in EXPECTS: err(f"{qid}: bad expect {q.get('expect')}")
        if not str(q.get("q", "")).strip(): err(f"{qid}: empty q")
        qs.append(q)

for q in qs:
    qid, kind, exp = q["id"], q.get("kind"), q.get("expect")
    qdocs, key = q.get("docs", []), q.get("key", "")
    for d in qdocs:
        if d not in docs: err(f"{qid}: cites unknown doc '{d}'")
    if exp == "abstain" and qdocs: err(f"{qid}: expect abstain but docs not empty")
    if exp != "abstain" and not qdocs: err(f"{qid}: expect {exp} but no docs")
    if kind in ("neighbour", "off_topic") and exp != "abstain": err(f"{qid}: {kind} should expect abstain")
    if kind in ("in_kb", "cross_lingual") and exp != "answer": err(f"{qid}: {kind} should expect answer")
    if exp == "answer" and not key: err(f"{qid}: expect answer but empty key")
    if key:
        for tok in PY_ONLY:
            if tok in key: err(f"{qid}: key uses non-JavaScript syntax '{tok}'")
        try:
            rx = re.compile(key, re.I)
        except re.error as e:
            err(f"{qid}: key does not compile: {e}"); continue
        if exp == "answer":
            cited = [d for d in qdocs if d in docs]
            if cited and not any(rx.search(docs[d]["text"]) for d in cited):
                err(f"{qid}: key /{key}/ matches no cited doc {cited}")
        if rx.search(q["q"]): warn(f"{qid}: key already matches the question text")
    if kind == "cross_lingual":
        ql = q.get("lang")
        for d in qdocs:
            if d in docs and docs[d]["lang"] == ql:
                err(f"{qid}: cross_lingual but cited doc '{d}' has the same lang {ql}")
    if kind == "in_kb" and q.get("lang") in ("en", "ar"):
        for d in qdocs:
            if d in docs and docs[d]["lang"] != q["lang"]:
                err(f"{qid}: in_kb {q['lang']} question cites {docs[d]['lang']} doc '{d}' (should be cross_lingual)")

kc = collections.Counter(q.get("kind") for q in qs)
lc = collections.Counter(q.get("lang") for q in qs)
ec = collections.Counter(q.get("expect") for q in qs)
if len(qs) != 48: err(f"{len(qs)} questions, expected 48")
for k, t in TARGET_KIND.items():
    if abs(kc[k] - t) > 2: err(f"kind {k}: {kc[k]} (target about {t})")
if abs(lc["en"] - lc["ar"]) > 6: err(f"lang imbalance en={lc['en']} ar={lc['ar']}")
if not 1 <= lc["mixed"] <= 8: err(f"mixed count {lc['mixed']} not 'a few'")

cited_docs = collections.Counter(d for q in qs for d in q.get("docs", []))
for d in docs:
    if not cited_docs[d]: warn(f"doc '{d}' is never cited")

print("KB docs:", len(docs), dict(langs), "tables:", tables)
print("questions:", len(qs))
print("by kind:  ", dict(sorted(kc.items())))
print("by lang:  ", dict(sorted(lc.items())))
print("by expect:", dict(sorted(ec.items())))
tab = collections.Counter((q.get("kind"), q.get("lang")) for q in qs)
print("kind x lang:")
for k in sorted(KINDS):
    print(f"  {k:14s}", "  ".join(f"{l}={tab[(k, l)]}" for l in ("en", "ar", "mixed")))
for w in warnings: print("WARN:", w)
for e in errors: print("ERROR:", e)
print("OK" if not errors else f"{len(errors)} error(s)")
sys.exit(1 if errors else 0)
